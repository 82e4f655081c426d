/**
 * `workflow check` for `required`: a name in it that is not a field of its object ("emial" for
 * "email") is a question the form never shows, so residents are told "This field is required."
 * whatever they answer, and can never go on. Each name is looked for among the fields of the object
 * it applies to: those of the object itself and of its conditions and combinations (`if`, `then`,
 * `else`, `allOf`, `anyOf`, `oneOf`, `dependencies`), which apply to the same answers; a condition
 * such as `"if": { "required": ["recordNumber"] }` names a field written beside it.
 */
import { didYouMean } from "./closest-name";
import type { JSONSchema, JsonPath, Screen, Severity } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;

interface Part {
  schema: JSONSchema;
  path: JsonPath;
}

const isObject = (value: unknown): value is JSONSchema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const fieldsOf = (schema: JSONSchema): Record<string, unknown> =>
  isObject(schema.properties) ? schema.properties : {};

/** `schema` and every subschema that applies to the same answer as it, each with its path. */
function sameAnswer(schema: JSONSchema, path: JsonPath): Part[] {
  const parts: Part[] = [{ schema, path }];
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    list.forEach((sub, i) => {
      if (isObject(sub)) parts.push(...sameAnswer(sub, [...path, key, i]));
    });
  }
  for (const key of ["if", "then", "else", "not"]) {
    const sub = schema[key];
    if (isObject(sub)) parts.push(...sameAnswer(sub, [...path, key]));
  }
  for (const key of ["dependencies", "dependentSchemas"]) {
    const map = schema[key];
    if (!isObject(map)) continue;
    // A dependency that is a list names fields; only one that is a schema applies to the answer.
    for (const [name, sub] of Object.entries(map)) {
      if (isObject(sub)) parts.push(...sameAnswer(sub, [...path, key, name]));
    }
  }
  return parts;
}

interface Context {
  screen: string;
  /** Turns a path in the screen's schema into the path in the file. */
  toFile: (path: JsonPath) => JsonPath;
  report: Report;
}

/**
 * Checks the `required` lists of one object (the answer at `path`), then of the objects inside it;
 * `field` is the field it is, if it is not the screen's own answers.
 */
function checkObject(schema: JSONSchema, path: JsonPath, field: string | undefined, context: Context): void {
  const owner =
    field === undefined ? `screen "${context.screen}"` : `"${field}" on screen "${context.screen}"`;
  const parts = sameAnswer(schema, path);
  const names = new Set(parts.flatMap((part) => Object.keys(fieldsOf(part.schema))));
  const isAnObject = parts.some((part) => part.schema.type === "object" || isObject(part.schema.properties));
  for (const part of parts) {
    const required = part.schema.required;
    if (!isAnObject || !Array.isArray(required)) continue;
    required.forEach((name, i) => {
      if (typeof name !== "string" || names.has(name)) return;
      context.report(
        context.toFile([...part.path, "required", i]),
        `"required" names "${name}", which is not a field of ${owner}${didYouMean(name, names)}: the form never shows it, so residents would be told "This field is required." whatever they answer`,
        "required",
      );
    });
  }
  for (const part of parts) {
    for (const [name, sub] of Object.entries(fieldsOf(part.schema))) {
      if (isObject(sub)) checkObject(sub, [...part.path, "properties", name], name, context);
    }
    const items = part.schema.items;
    if (isObject(items)) checkObject(items, [...part.path, "items"], field, context);
  }
}

export function lintRequired(screen: Screen, report: Report): void {
  if (!screen.schema) return;
  const schemaPath = [...screen.lens, "data", "config", "schema"];
  // A repeated screen's schema is the list built around the item schema staff write (parse.ts).
  const itemDepth = screen.repeat ? 1 : 0;
  const toFile = (path: JsonPath) => [...schemaPath, ...path.slice(itemDepth)];
  checkObject(screen.schema, [], undefined, { screen: screen.name, toFile, report });
}

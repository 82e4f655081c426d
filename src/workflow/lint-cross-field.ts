/**
 * `workflow check` for rules across fields (docs/workflows.md §5, "Comparing two answers"): a
 * keyword such as `"dateOnOrAfterField": "/startDate"` must name a field of the same screen, of the
 * kind the rule compares. Without this check a typo in the pointer passes silently (the rule
 * compares with nothing and never fires) and a date compared with a number never fails.
 */
import { dateFieldRule } from "../forms/validation/keyword-checks";
import { mapSchema } from "./localize";
import type { JSONSchema, JsonPath, Screen, Severity } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;

type Kind = "date" | "time" | "number" | "any";

/** Each comparison keyword, and the kind of answer it compares. */
const COMPARISONS: Record<string, Kind> = {
  dateOnOrAfterField: "date",
  dateOnOrBeforeField: "date",
  timeAfterField: "time",
  minimumField: "number",
  maximumField: "number",
  matchesField: "any",
};

const KIND_NAMES: Record<Exclude<Kind, "any">, string> = {
  date: 'a date ("format": "us-date")',
  time: 'a time ("format": "time-of-day")',
  number: 'a number ("type": "integer" or "number")',
};

const isObject = (value: unknown): value is JSONSchema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function kindOf(schema: JSONSchema): Kind | undefined {
  if (schema.format === "us-date") return "date";
  if (schema.format === "time-of-day") return "time";
  if (schema.type === "integer" || schema.type === "number") return "number";
  return undefined;
}

/** The schema at a path of property names, or undefined. */
export function schemaAt(root: JSONSchema, names: readonly string[]): JSONSchema | undefined {
  let node: JSONSchema | undefined = root;
  for (const name of names) {
    const properties: unknown = node?.properties;
    node = isObject(properties) && isObject(properties[name]) ? properties[name] : undefined;
  }
  return node;
}

const namesOf = (pointer: string) =>
  pointer
    .replace(/^#?\//, "")
    .split("/")
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));

function fieldsBeside(parent: JSONSchema | undefined): string {
  const properties = isObject(parent?.properties) ? Object.keys(parent.properties) : [];
  return properties.length ? properties.join(", ") : "none";
}

export function lintCrossFieldRules(screen: Screen, report: Report): void {
  if (!screen.schema) return;
  const root = (
    screen.repeat && isObject(screen.schema.items) ? screen.schema.items : screen.schema
  ) as JSONSchema;
  const schemaPath = [...screen.lens, "data", "config", "schema"];
  mapSchema(root, (node, path) => {
    for (const [keyword, kind] of Object.entries(COMPARISONS)) {
      // A date comparison may carry a gap in days: { "field": "/leaveDate", "minDays": 3 }.
      const value = node[keyword];
      if (value === undefined) continue;
      const pointer = kind === "date" ? (dateFieldRule(value)?.field ?? value) : value;
      const where = [...schemaPath, ...path, keyword];
      if (typeof pointer !== "string" || !/^#?\//.test(pointer)) {
        report(
          where,
          `${keyword} needs a field: "/otherField" beside this one, or "#/group/field" from the screen's top`,
          "cross-field",
        );
        continue;
      }
      // The object holding this field: its path less "properties/<name>".
      const parentPath = path
        .slice(0, -2)
        .filter((part) => part !== "properties")
        .map(String);
      const targetNames = pointer.startsWith("#") ? namesOf(pointer) : [...parentPath, ...namesOf(pointer)];
      const target = schemaAt(root, targetNames);
      if (!target) {
        const parent = schemaAt(root, targetNames.slice(0, -1));
        report(
          where,
          `${keyword} compares with an unknown field "${pointer}" (fields there: ${fieldsBeside(parent)})`,
          "cross-field",
        );
        continue;
      }
      if (targetNames.join("/") === [...parentPath, String(path[path.length - 1])].join("/")) {
        report(where, `${keyword} compares the field with itself`, "cross-field");
        continue;
      }
      if (kind === "any") {
        if (target.type !== node.type)
          report(
            where,
            `${keyword} compares a ${String(node.type)} with a ${String(target.type)} ("${pointer}"): the values could never match`,
            "cross-field",
          );
        continue;
      }
      for (const [role, schema] of [
        ["this field", node],
        [`"${pointer}"`, target],
      ] as const) {
        if (kindOf(schema) !== kind)
          report(where, `${keyword} compares ${KIND_NAMES[kind]}, but ${role} is not one`, "cross-field");
      }
      if (kind === "number" && (node.format === "cents") !== (target.format === "cents"))
        report(
          where,
          `${keyword} compares an amount of money with a plain number ("${pointer}"): give both "format": "cents" or neither`,
          "cross-field",
        );
    }
    return node;
  });
}

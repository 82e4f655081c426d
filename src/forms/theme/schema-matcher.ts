/**
 * RJSF asks its validator whether data matches a schema, to pick oneOf/anyOf options and to
 * resolve if/then/else (docs/adr/0008-rjsf-validator.md). This answers without Ajv, which the
 * browser does not load: `matchesSchema` decides the keywords in DECIDED_KEYWORDS as Ajv does, and
 * no others. A condition using any other keyword (`format`, the catalogue's own such as
 * `dateOnOrAfter`, `dependentRequired`, a tuple `items`…) would be decided as if that keyword held,
 * so the workflow parser refuses such a screen: `conditionProblems` finds them.
 * Resident-facing validation is the catalogue's (src/forms/validation), never this.
 */
import type { ValidationData, ValidatorType } from "@rjsf/utils";
import { asSchema, type JsonSchema, refTarget } from "./schema-walk";

/** The keywords matchesSchema decides exactly as Ajv (draft-07) does. */
export const DECIDED_KEYWORDS: readonly string[] = [
  "$ref",
  "type",
  "const",
  "enum",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "required",
  "properties",
  "patternProperties",
  "additionalProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "items",
  "contains",
  "minItems",
  "maxItems",
  "uniqueItems",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
];

/** Keywords that say nothing about whether data matches (besides `x-…` annotations). */
const ANNOTATIONS = [
  "title",
  "description",
  "default",
  "examples",
  "readOnly",
  "writeOnly",
  "deprecated",
  "$comment",
  "definitions",
  "$defs",
];

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return true;
  }
}

/** JSON equality, whatever the order of an object's keys (as Ajv's `equal`). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== "object" || typeof b !== "object" || Array.isArray(a) !== Array.isArray(b))
    return false;
  const x = a as JsonSchema;
  const y = b as JsonSchema;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.hasOwn(y, k) && equal(x[k], y[k]));
}

const isLocalRef = (ref: unknown): ref is string => typeof ref === "string" && ref.startsWith("#");

/**
 * Whether `data` matches `schemaIn`, "$ref"s read in `root`. A member whose value is `undefined`
 * (RJSF's form data has them) is absent, as in JSON. Nesting past 32 levels (a "$ref" cycle) is
 * taken to match.
 */
export function matchesSchema(schemaIn: unknown, data: unknown, root: unknown, depth = 0): boolean {
  if (schemaIn === true || schemaIn === undefined) return true;
  if (schemaIn === false) return false;
  if (depth > 32) return true;
  const s: JsonSchema = asSchema(schemaIn) ?? {};
  const next = (schema: unknown, value: unknown) => matchesSchema(schema, value, root, depth + 1);
  const num = (keyword: string) => (typeof s[keyword] === "number" ? (s[keyword] as number) : undefined);
  if (isLocalRef(s.$ref) && !next(refTarget(s.$ref, root), data)) return false;
  if (s.type !== undefined) {
    const actual = typeOf(data);
    if (![s.type].flat().some((t) => t === actual || (t === "number" && actual === "integer"))) return false;
  }
  if (s.const !== undefined && !equal(s.const, data)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((v) => equal(v, data))) return false;
  if (typeof data === "string") {
    // Characters, not UTF-16 units, as Ajv counts them.
    const length = [...data].length;
    if (length < (num("minLength") ?? 0) || length > (num("maxLength") ?? Infinity)) return false;
    if (typeof s.pattern === "string" && !safeTest(s.pattern, data)) return false;
  }
  if (typeof data === "number") {
    if (data < (num("minimum") ?? -Infinity) || data > (num("maximum") ?? Infinity)) return false;
    if (data <= (num("exclusiveMinimum") ?? -Infinity) || data >= (num("exclusiveMaximum") ?? Infinity))
      return false;
    const step = num("multipleOf");
    if (step !== undefined && !Number.isInteger(data / step)) return false;
  }
  const object = asSchema(data);
  if (object) {
    const entries = Object.entries(object).filter(([, value]) => value !== undefined);
    if (Array.isArray(s.required) && !s.required.every((key) => object[String(key)] !== undefined))
      return false;
    if (entries.length < (num("minProperties") ?? 0) || entries.length > (num("maxProperties") ?? Infinity))
      return false;
    const properties = asSchema(s.properties) ?? {};
    const patterns = Object.entries(asSchema(s.patternProperties) ?? {});
    for (const [key, value] of entries) {
      let known = Object.hasOwn(properties, key);
      if (known && !next(properties[key], value)) return false;
      for (const [pattern, schema] of patterns) {
        if (!safeTest(pattern, key)) continue;
        known = true;
        if (!next(schema, value)) return false;
      }
      if (!known && !next(s.additionalProperties, value)) return false;
      if (!next(s.propertyNames, key)) return false;
    }
  }
  if (Array.isArray(data)) {
    if (data.length < (num("minItems") ?? 0) || data.length > (num("maxItems") ?? Infinity)) return false;
    if (!Array.isArray(s.items) && !data.every((item) => next(s.items, item))) return false;
    if (s.contains !== undefined && !data.some((item) => next(s.contains, item))) return false;
    if (s.uniqueItems === true && data.some((a, i) => data.slice(0, i).some((b) => equal(a, b))))
      return false;
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => next(sub, data))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => next(sub, data))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => next(sub, data)).length !== 1) return false;
  if (s.not !== undefined && next(s.not, data)) return false;
  if (s.if !== undefined) {
    const branch = next(s.if, data) ? s.then : s.else;
    if (!next(branch, data)) return false;
  }
  return true;
}

type Path = Array<string | number>;

const SCHEMA_MAPS = ["properties", "patternProperties", "definitions", "$defs", "dependentSchemas"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
const SCHEMA_SINGLES = [
  "items",
  "additionalItems",
  "contains",
  "additionalProperties",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
  "unevaluatedItems",
  "unevaluatedProperties",
  "contentSchema",
];
/** Where RJSF asks its validator: each `if`, and each option of a `oneOf` or an `anyOf`. */
const CONDITIONS = new Set(["if", "oneOf", "anyOf"]);

/** Calls `visit` on each schema directly inside `s`, with its path and the keyword holding it. */
function eachSubschema(s: JsonSchema, path: Path, visit: (sub: unknown, at: Path, keyword: string) => void) {
  for (const [keyword, value] of Object.entries(s)) {
    if (SCHEMA_MAPS.includes(keyword) || keyword === "dependencies") {
      for (const [name, sub] of Object.entries(asSchema(value) ?? {}))
        if (!Array.isArray(sub)) visit(sub, [...path, keyword, name], keyword);
    } else if (SCHEMA_LISTS.includes(keyword) && Array.isArray(value)) {
      value.forEach((sub, i) => {
        visit(sub, [...path, keyword, i], keyword);
      });
    } else if (SCHEMA_SINGLES.includes(keyword)) {
      visit(value, [...path, keyword], keyword);
    }
  }
}

export interface ConditionProblem {
  /** Where the keyword is, from the schema's root ("$ref"s followed: where they point). */
  path: Path;
  keyword: string;
}

/**
 * Every keyword matchesSchema cannot decide inside the conditions of `schema` (each `if`, each
 * `oneOf`/`anyOf` option, with all they hold and the local "$ref"s they follow): what RJSF would
 * otherwise decide as if it held. Annotations (title, description, `x-…`) pass. A "$ref" to
 * another document, and a tuple `items` (a list of schemas), are refused too.
 */
export function conditionProblems(schema: unknown): ConditionProblem[] {
  const problems: ConditionProblem[] = [];
  const known = new Set([...DECIDED_KEYWORDS, ...ANNOTATIONS]);
  const checked = new Set<unknown>();
  const check = (node: unknown, path: Path) => {
    const s = asSchema(node);
    if (!s || checked.has(s)) return;
    checked.add(s);
    for (const [keyword, value] of Object.entries(s)) {
      const decided =
        keyword.startsWith("x-") ||
        (known.has(keyword) &&
          !(keyword === "items" && Array.isArray(value)) &&
          (keyword !== "$ref" || isLocalRef(value)));
      if (!decided) problems.push({ path, keyword });
    }
    if (isLocalRef(s.$ref)) {
      const at = s.$ref.slice(1).split("/").filter(Boolean);
      check(
        refTarget(s.$ref, schema),
        at.map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~")),
      );
    }
    eachSubschema(s, path, check);
  };
  const walk = (node: unknown, path: Path) => {
    const s = asSchema(node);
    if (s) eachSubschema(s, path, (sub, at, keyword) => (CONDITIONS.has(keyword) ? check : walk)(sub, at));
  };
  walk(schema, []);
  return problems;
}

const NO_ERRORS: ValidationData<unknown> = { errors: [], errorSchema: {} };

/**
 * The validator ScreenForm gives RJSF: conditions resolve through matchesSchema, and form
 * validation reports nothing, because the screen's errors come from the catalogue (server, or
 * ScreenForm's `validate`), never from RJSF's English messages.
 */
export const screenValidator: ValidatorType = {
  validateFormData: () => NO_ERRORS,
  isValid: (schema, formData, rootSchema) => matchesSchema(schema, formData, rootSchema),
  rawValidation: () => ({ errors: [] }),
};

/**
 * RJSF asks its validator whether data matches a schema to pick oneOf/anyOf options and resolve
 * if/then/else and dependencies. Answering that needs no Ajv: this checks the keywords such
 * conditions use (type, const, enum, required, properties, items, combinators, simple bounds) and
 * treats any other keyword as satisfied. Resident-facing validation is the catalogue's, not this.
 */
import type { ValidationData, ValidatorType } from "@rjsf/utils";
import { asSchema, type JsonSchema, resolveSchema } from "./schema-walk";

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

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function matchesSchema(schemaIn: unknown, data: unknown, root: unknown, depth = 0): boolean {
  if (schemaIn === true || schemaIn === undefined) return true;
  if (schemaIn === false) return false;
  if (depth > 32) return true;
  const s: JsonSchema = resolveSchema(schemaIn, root);
  const next = (schema: unknown, value: unknown) => matchesSchema(schema, value, root, depth + 1);
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const actual = typeOf(data);
    if (!types.some((t) => t === actual || (t === "number" && actual === "integer"))) return false;
  }
  if (s.const !== undefined && !sameValue(s.const, data)) return false;
  if (Array.isArray(s.enum) && !s.enum.some((v) => sameValue(v, data))) return false;
  if (typeof data === "string") {
    if (typeof s.minLength === "number" && data.length < s.minLength) return false;
    if (typeof s.maxLength === "number" && data.length > s.maxLength) return false;
    if (typeof s.pattern === "string" && !safeTest(s.pattern, data)) return false;
  }
  if (typeof data === "number") {
    if (typeof s.minimum === "number" && data < s.minimum) return false;
    if (typeof s.maximum === "number" && data > s.maximum) return false;
  }
  const object = asSchema(data);
  if (object) {
    if (Array.isArray(s.required) && !s.required.every((key) => object[String(key)] !== undefined))
      return false;
    for (const [key, property] of Object.entries(asSchema(s.properties) ?? {})) {
      if (object[key] !== undefined && !next(property, object[key])) return false;
    }
  }
  if (Array.isArray(data)) {
    if (typeof s.minItems === "number" && data.length < s.minItems) return false;
    if (typeof s.maxItems === "number" && data.length > s.maxItems) return false;
    if (asSchema(s.items) && !data.every((item) => next(s.items, item))) return false;
    if (s.contains !== undefined && !data.some((item) => next(s.contains, item))) return false;
  }
  if (Array.isArray(s.allOf) && !s.allOf.every((sub) => next(sub, data))) return false;
  if (Array.isArray(s.anyOf) && !s.anyOf.some((sub) => next(sub, data))) return false;
  if (Array.isArray(s.oneOf) && s.oneOf.filter((sub) => next(sub, data)).length !== 1) return false;
  if (s.not !== undefined && next(s.not, data)) return false;
  if (s.if !== undefined) {
    const branch = next(s.if, data) ? s.then : s.else;
    if (branch !== undefined && !next(branch, data)) return false;
  }
  return true;
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

/**
 * Fields marked `"writeOnly": true` (card number, security code, bank account number) are handed
 * to the screen's integration call and then dropped: they never reach the stored answers, the
 * drafts kept on a validation error, the check-answers page or the logs. Fields the schema does not
 * declare are dropped as well.
 */

import type { JSONSchema } from "./types";

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * What may be stored of a screen's data: its writeOnly fields dropped, and so is anything the
 * schema does not declare (a forged post cannot slip extra keys into a submission). A copy; the
 * input is left alone.
 */
export function storableAnswer(schema: JSONSchema | undefined, data: unknown): unknown {
  if (!schema) return data;
  if (Array.isArray(data)) {
    const items = isObject(schema.items) ? (schema.items as JSONSchema) : undefined;
    return items ? data.map((entry) => storableAnswer(items, entry)) : data;
  }
  if (!isObject(data) || !isObject(schema.properties)) return data;
  const properties = schema.properties as Record<string, unknown>;
  const open = schema.additionalProperties !== undefined && schema.additionalProperties !== false;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const property = properties[key];
    if (!Object.hasOwn(properties, key)) {
      if (open) out[key] = value;
      continue;
    }
    if (isObject(property) && property.writeOnly === true) continue;
    out[key] = isObject(property) ? storableAnswer(property as JSONSchema, value) : value;
  }
  return out;
}

/** Whether any field of the schema is writeOnly. */
export function hasWriteOnly(schema: JSONSchema | undefined): boolean {
  if (!schema) return false;
  if (schema.writeOnly === true) return true;
  if (isObject(schema.items) && hasWriteOnly(schema.items as JSONSchema)) return true;
  if (!isObject(schema.properties)) return false;
  return Object.values(schema.properties).some(
    (property) => isObject(property) && hasWriteOnly(property as JSONSchema),
  );
}

/**
 * The schema that stored answers are re-validated against at submit: writeOnly fields were
 * dropped on purpose, so they are no longer required.
 */
export function storedAnswersSchema(schema: JSONSchema): JSONSchema {
  if (!hasWriteOnly(schema)) return schema;
  const out: JSONSchema = { ...schema };
  if (isObject(schema.items)) out.items = storedAnswersSchema(schema.items as JSONSchema);
  if (isObject(schema.properties)) {
    const properties = schema.properties as Record<string, JSONSchema>;
    const writeOnly = new Set(Object.keys(properties).filter((key) => properties[key]?.writeOnly === true));
    out.properties = Object.fromEntries(
      Object.entries(properties)
        .filter(([key]) => !writeOnly.has(key))
        .map(([key, value]) => [key, isObject(value) ? storedAnswersSchema(value) : value]),
    );
    if (Array.isArray(schema.required))
      out.required = schema.required.filter((key) => !writeOnly.has(String(key)));
  }
  return out;
}

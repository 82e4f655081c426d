/**
 * What of a resident's answers may be kept. Fields marked `"writeOnly": true` (card number,
 * security code, bank account number) are handed to the screen's integration call and then
 * dropped: they never reach the stored answers, the drafts kept on a validation error or a "save
 * and come back later", the check-answers page or the logs. Fields the schema does not declare
 * are dropped as well, and what is kept is bounded (STORAGE_LIMITS), so a forged post can neither
 * slip extra keys into a submission nor store a value that breaks its screen.
 */

import type { JSONSchema } from "./types";

/** The most a stored answer may hold: deeper, longer or longer-listed than this is cut. */
export const STORAGE_LIMITS = { depth: 8, stringLength: 10_000, items: 100 } as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function boundedLeaf(value: unknown): unknown {
  if (typeof value === "string") return value.slice(0, STORAGE_LIMITS.stringLength);
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "boolean" || value === null) return value;
  // Something structured where the schema declares a single value: not a form's answer.
  return undefined;
}

function storable(schema: JSONSchema, data: unknown, depth: number): unknown {
  if (depth > STORAGE_LIMITS.depth) return undefined;
  if (Array.isArray(data)) {
    if (!isObject(schema.items)) return undefined;
    const items = schema.items as JSONSchema;
    return data
      .slice(0, STORAGE_LIMITS.items)
      .map((entry) => storable(items, entry, depth + 1))
      .filter((entry) => entry !== undefined);
  }
  if (isObject(data)) {
    if (!isObject(schema.properties)) return undefined;
    const properties = schema.properties as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) {
      const property = properties[key];
      if (!Object.hasOwn(properties, key) || !isObject(property) || property.writeOnly === true) continue;
      const kept = storable(property as JSONSchema, value, depth + 1);
      if (kept !== undefined) out[key] = kept;
    }
    return out;
  }
  // A single value where the schema declares a group or a list is not the form's answer either.
  if (isObject(schema.properties) || isObject(schema.items)) return undefined;
  return boundedLeaf(data);
}

/**
 * What may be stored of a screen's data: only the fields its schema declares (in nested objects
 * and repeated items too), never a writeOnly one, within STORAGE_LIMITS. A copy; the input is left
 * alone. Undefined when nothing of it is a screen's answer.
 */
export function storableAnswer(schema: JSONSchema | undefined, data: unknown): unknown {
  if (!schema || data === undefined) return undefined;
  return storable(schema, data, 1);
}

/** Whether `value` nests no deeper than `depth` levels of objects and arrays (iteratively: any input). */
export function withinDepth(value: unknown, depth: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== "object") continue;
    if (level > depth) return false;
    for (const child of Object.values(node)) stack.push([child, level + 1]);
  }
  return true;
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

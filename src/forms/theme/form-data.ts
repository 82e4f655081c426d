/**
 * The server's side of a screen posted without JavaScript: the urlencoded body back into typed
 * answers, read by walking the schema and asking for the names the theme renders (field-names.ts).
 * Text is trimmed (line breaks become "\n") and an empty field is left out (so "required" reports it); numbers, booleans and
 * choices are typed; anything that does not parse is kept as typed so validation reports it rather
 * than the answer silently vanishing.
 */
import { toCents } from "../../domain/money";
import { DATE_PARTS, joinDate, partName } from "./date-parts";
import { ACTION_FIELD, countName, fieldId, type PathSegment, segmentsOf } from "./field-names";
import {
  asSchema,
  choiceOptions,
  isMultiSelect,
  type JsonSchema,
  objectProperties,
  resolveSchema,
  schemaAt,
  schemaType,
} from "./schema-walk";

export type Answers = Record<string, unknown>;

/** The most items a repeated group is read with when its schema sets no maxItems (forged bodies). */
const DEFAULT_MAX_ITEMS = 50;

const NUMBER = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** The last non-blank value posted under a name (a ticked box follows its hidden "false"). */
function lastValue(body: URLSearchParams, name: string): string | undefined {
  const values = body.getAll(name);
  for (let i = values.length - 1; i >= 0; i--) {
    // Browsers post line breaks as CRLF; in the browser a textarea's value holds LF.
    const value = values[i]?.replace(/\r\n?/g, "\n").trim();
    if (value) return value;
  }
  return undefined;
}

function coerceScalar(raw: string, schema: JsonSchema): unknown {
  const options = choiceOptions(schema);
  if (options) {
    const match = options.find((option) => String(option.value) === raw);
    return match ? match.value : raw;
  }
  switch (schemaType(schema)) {
    case "integer":
    case "number":
      if (schema.format === "cents") return toCents(raw) ?? raw;
      return NUMBER.test(raw) ? Number(raw) : raw;
    case "boolean":
      if (raw === "true" || raw === "on") return true;
      if (raw === "false") return false;
      return raw;
    default:
      return raw;
  }
}

function itemCount(body: URLSearchParams, id: string, schema: JsonSchema): number {
  const limit = typeof schema.maxItems === "number" ? schema.maxItems : DEFAULT_MAX_ITEMS;
  let count = Number(body.get(countName(id)) ?? 0);
  if (!Number.isInteger(count) || count < 0) count = 0;
  const prefix = `${id}_`;
  for (const key of body.keys()) {
    if (!key.startsWith(prefix)) continue;
    const index = /^(\d+)(?:_|$)/.exec(key.slice(prefix.length));
    if (index) count = Math.max(count, Number(index[1]) + 1);
  }
  return Math.min(count, limit);
}

function read(schemaIn: unknown, id: string, body: URLSearchParams, root: unknown): unknown {
  const schema = resolveSchema(schemaIn, root);
  const type = schemaType(schema);
  if (type === "object") {
    const out: Answers = {};
    for (const [key, property] of objectProperties(schema, root)) {
      const value = read(property, `${id}_${key}`, body, root);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  if (type === "array") {
    const items = resolveSchema(asSchema(schema.items), root);
    if (isMultiSelect(schema, root)) {
      if (!body.has(id)) return undefined;
      return body
        .getAll(id)
        .map((value) => value.trim())
        .filter(Boolean)
        .map((value) => coerceScalar(value, items));
    }
    if (!body.has(countName(id)) && ![...body.keys()].some((key) => key.startsWith(`${id}_`)))
      return undefined;
    const list: unknown[] = [];
    const count = itemCount(body, id, schema);
    for (let i = 0; i < count; i++) {
      const value = read(items, `${id}_${i}`, body, root);
      if (value !== undefined) list.push(value);
    }
    return list;
  }
  if (type === "null") return undefined;
  // Month, day and year boxes (a memorable date) post three parts; the answer is one date.
  if (DATE_PARTS.some((part) => body.has(partName(id, part))))
    return joinDate(
      Object.fromEntries(DATE_PARTS.map((part) => [part, lastValue(body, partName(id, part))])),
    );
  const raw = lastValue(body, id);
  return raw === undefined ? undefined : coerceScalar(raw, schema);
}

/**
 * The answers a screen's form body carries, typed by the screen's schema: an object, or a list for
 * a repeated group (whose root schema is an array).
 */
export function formDataToAnswers(schema: object, body: URLSearchParams): Answers | unknown[] {
  const answers = read(schema, fieldId([]), body, schema);
  if (Array.isArray(answers)) return answers;
  return asSchema(answers) ?? (schemaType(schema as JsonSchema) === "array" ? [] : {});
}

export type ArrayAction = { type: "add"; path: string } | { type: "remove"; path: string; index: number };

/**
 * The repeated-group button a resident pressed without JavaScript, or null for any other submit
 * (continue, save). "add:/properties" or "remove:/properties/1"; a screen that is one repeated
 * group (the police check's vehicles) names the list by the empty pointer: "add:", "remove:/1".
 */
export function parseArrayAction(body: URLSearchParams): ArrayAction | null {
  const value = body.get(ACTION_FIELD) ?? "";
  const add = /^add:((?:\/.*)?)$/.exec(value);
  if (add) return { type: "add", path: add[1] ?? "" };
  const remove = /^remove:((?:\/.*)?)\/(\d+)$/.exec(value);
  if (remove?.[2]) return { type: "remove", path: remove[1] ?? "", index: Number(remove[2]) };
  return null;
}

function getAt(data: unknown, segments: readonly PathSegment[]): unknown {
  let node = data;
  for (const segment of segments) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[String(segment)];
  }
  return node;
}

function setAt(data: unknown, segments: readonly PathSegment[], value: unknown): unknown {
  if (segments.length === 0) return value;
  const [head, ...rest] = segments as [PathSegment, ...PathSegment[]];
  if (Array.isArray(data)) {
    const copy = [...data];
    copy[Number(head)] = setAt(copy[Number(head)], rest, value);
    return copy;
  }
  const object = asSchema(data) ?? {};
  return { ...object, [String(head)]: setAt(object[String(head)], rest, value) };
}

/**
 * The answers after pressing "Add another" (an empty item, unless the group is at maxItems) or
 * "Remove" (unless the group is at minItems). Unknown paths leave the answers as they were.
 */
export function applyArrayAction<A extends Answers | unknown[]>(
  schema: object,
  answers: A,
  action: ArrayAction,
): A {
  const segments = segmentsOf(action.path);
  const arraySchema = schemaAt(schema, segments);
  if (!arraySchema || schemaType(arraySchema) !== "array") return answers;
  const current = getAt(answers, segments);
  const list = Array.isArray(current) ? current : [];
  let next: unknown[];
  if (action.type === "add") {
    const max = typeof arraySchema.maxItems === "number" ? arraySchema.maxItems : DEFAULT_MAX_ITEMS;
    if (list.length >= max) return answers;
    const items = resolveSchema(asSchema(arraySchema.items), schema);
    next = [...list, schemaType(items) === "object" ? {} : null];
  } else {
    const min = typeof arraySchema.minItems === "number" ? arraySchema.minItems : 0;
    if (action.index >= list.length || list.length <= min) return answers;
    next = list.filter((_, i) => i !== action.index);
  }
  const updated = setAt(answers, segments, next);
  return (Array.isArray(updated) ? updated : (asSchema(updated) ?? {})) as A;
}

/**
 * Sample answers for a screen, made from its JSON Schema: what `workflow record` types into each
 * screen so that staff get a recording to start from. The values are meant to pass the validation
 * catalogue (formats, date bounds, money bounds, patterns) on the day of the recording; the caller
 * still validates them with the real validator, which is the judge.
 *
 * Besides the one sample per field, `conditionValues` lists answers that make a condition of the
 * file true or false (an age on either side of `ageAtLeast`, each choice of a question, a number on
 * either side of a bound), so that the recorder can steer a journey down each branch.
 */

import {
  addDays,
  addYears,
  type CalendarDate,
  calendarDateOf,
  endOfLastYear,
  formatIsoDate,
  formatUsDate,
  parseIsoDate,
  parseUsDate,
} from "../domain/dates";
import { resolveDateBound } from "../forms/validation/date-bounds";
import { dateFieldRule } from "../forms/validation/keyword-checks";
import type { ChoiceValue } from "./choices";
import type { Comparison, JSONSchema, JsonValue, Operators } from "./types";

export interface SampleContext {
  /** The day of the journey: dates are chosen relative to it. */
  now: Date;
  /** Options of the fields whose choices the journey decides (`choicesFrom`, `filterChoices`), by field name. */
  choices?: Readonly<Record<string, readonly ChoiceValue[]>>;
}

type Schema = JSONSchema;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Values a schema lists outright: const, enum, or a oneOf/anyOf of consts (the file's choices). */
export function listedValues(schema: Schema): unknown[] | undefined {
  if (Object.hasOwn(schema, "const")) return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum;
  for (const keyword of ["oneOf", "anyOf"] as const) {
    const options = schema[keyword];
    if (Array.isArray(options) && options.length > 0 && options.every((o) => isObject(o) && "const" in o)) {
      return options.map((o) => (o as { const: unknown }).const);
    }
  }
  return undefined;
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  if (isObject(schema.properties)) return "object";
  if (schema.items !== undefined) return "array";
  return undefined;
}

// ── Dates ──────────────────────────────────────────────────────────────────────────────────────

function today(ctx: SampleContext): CalendarDate {
  return calendarDateOf(ctx.now);
}

/** The bounds a date field's keywords set, as calendar days (null: unbounded on that side). */
function dateBounds(
  schema: Schema,
  ctx: SampleContext,
): { lo: CalendarDate | null; hi: CalendarDate | null } {
  if (schema.isToday === true) return { lo: today(ctx), hi: today(ctx) };
  const lo = schema.dateOnOrAfter === undefined ? null : resolveDateBound(schema.dateOnOrAfter, ctx.now);
  const hi = schema.dateOnOrBefore === undefined ? null : resolveDateBound(schema.dateOnOrBefore, ctx.now);
  return { lo, hi };
}

function clampDate(date: CalendarDate, lo: CalendarDate | null, hi: CalendarDate | null): CalendarDate {
  const day = (d: CalendarDate) => formatIsoDate(d);
  if (lo && day(date) < day(lo)) return lo;
  if (hi && day(date) > day(hi)) return hi;
  return date;
}

/**
 * A day inside the field's bounds: a birth date makes the person 40, any other date is a year
 * ago (most dates residents type are in the past: a purchase, a vaccination, a move).
 */
function sampleDate(schema: Schema, key: string, ctx: SampleContext): CalendarDate {
  const { lo, hi } = dateBounds(schema, ctx);
  const preferred = addYears(today(ctx), /birth/i.test(key) ? -40 : -1);
  return clampDate(preferred, lo, hi);
}

/** A date written the way the field expects it. */
function writeDate(schema: Schema, date: CalendarDate): string {
  return schema.format === "date" ? formatIsoDate(date) : formatUsDate(date);
}

// ── Strings ────────────────────────────────────────────────────────────────────────────────────

/** A valid sample of each format of the validation catalogue (src/forms/validation/formats.ts). */
function formatSample(format: string, schema: Schema, key: string, ctx: SampleContext): string | undefined {
  switch (format) {
    case "us-date":
    case "date":
      return writeDate(schema, sampleDate(schema, key, ctx));
    case "date-time":
      return ctx.now.toISOString();
    case "time-of-day":
      return TIME;
    case "email":
      return "resident@example.com";
    case "us-zip":
    case "postal-code":
      return "46204";
    case "us-phone":
      // Area code and exchange both start with 2-9, as the phone rule requires.
      return "(317) 555-0142";
    case "card-number":
      // A test Visa number: a known brand, 16 digits, Luhn-valid.
      return "4111 1111 1111 1111";
    case "card-expiry": {
      const { year, month } = addYears(today(ctx), 3);
      return `${String(month).padStart(2, "0")}/${String(year % 100).padStart(2, "0")}`;
    }
    case "card-cvv":
      return "123";
    case "routing-number":
      return "011000015";
    case "parcel-number":
      return "1000001";
    case "last-five-digits":
      return "12345";
    case "uri":
    case "url":
      return "https://www.example.com/";
    default:
      return undefined;
  }
}

/** "firstName" → "first name". */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase()
    .trim();
}

const CLASS_SAMPLES: Record<string, string> = { d: "1", w: "a", s: " " };

/**
 * The shortest string a simple pattern accepts: literals, escapes (\d \w \s), character classes
 * and `.`, each with an optional quantifier (? * + {n} {n,m}), between ^ and $. Patterns with groups
 * or alternatives are beyond it: undefined, and the caller falls back (then the validator decides).
 */
export function patternSample(pattern: string): string | undefined {
  let source = pattern;
  if (source.startsWith("^")) source = source.slice(1);
  if (source.endsWith("$") && !source.endsWith("\\$")) source = source.slice(0, -1);
  let out = "";
  let i = 0;
  while (i < source.length) {
    let atom: string | undefined;
    const c = source[i] as string;
    if (c === "\\") {
      const e = source[i + 1] ?? "";
      atom = CLASS_SAMPLES[e] ?? (/[A-Za-z0-9]/.test(e) ? undefined : e);
      i += 2;
    } else if (c === "[") {
      const end = source.indexOf("]", i + 2);
      if (end === -1) return undefined;
      const body = source.slice(i + 1, end);
      if (body.startsWith("^")) return undefined;
      // The first member of the class: a range's start, an escape's sample, or a literal.
      atom = body.startsWith("\\") ? (CLASS_SAMPLES[body[1] ?? ""] ?? body[1]) : body[0];
      i = end + 1;
    } else if (c === "." || !/[()|?*+{}^$\]]/.test(c)) {
      atom = c === "." ? "a" : c;
      i += 1;
    }
    if (atom === undefined) return undefined;
    let count = 1;
    const quantifier = /^(?:\?|\*|\+|\{(\d+)(?:,(\d*))?\})/.exec(source.slice(i));
    if (quantifier) {
      const [whole, min] = quantifier;
      count = whole === "?" || whole === "*" ? 0 : whole === "+" ? 1 : Number(min);
      i += whole.length;
    }
    out += atom.repeat(count);
  }
  return out;
}

function fitLength(text: string, schema: Schema): string {
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Number.POSITIVE_INFINITY;
  let out = text;
  while (out.length < min) out += out.length === 0 ? "x" : ` ${text || "x"}`;
  return out.slice(0, Math.max(max, min));
}

function sampleString(schema: Schema, key: string, ctx: SampleContext): string {
  if (typeof schema.format === "string") {
    const sample = formatSample(schema.format, schema, key, ctx);
    if (sample !== undefined) return sample;
  }
  if (schema.dateOnOrAfter !== undefined || schema.dateOnOrBefore !== undefined || schema.isToday === true) {
    return formatUsDate(sampleDate(schema, key, ctx));
  }
  if (schema.numbersOnly === true) return fitLength("12345", schema);
  if (typeof schema.pattern === "string") {
    const sample = patternSample(schema.pattern);
    if (sample !== undefined && new RegExp(schema.pattern, "u").test(sample)) return sample;
  }
  return fitLength(key ? `Sample ${words(key)}` : "Sample", schema);
}

// ── Numbers ────────────────────────────────────────────────────────────────────────────────────

function numberBounds(schema: Schema): { lo: number; hi: number; step: number } {
  const integer = schema.type === "integer" || schema.format === "cents";
  const step = typeof schema.multipleOf === "number" ? schema.multipleOf : integer ? 1 : 0.01;
  const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  const los = [num(schema.minimum), num(schema.minAmount)].filter((v) => v !== undefined);
  const his = [num(schema.maximum), num(schema.maxAmount), num(schema.seemsHigh)].filter(
    (v) => v !== undefined,
  );
  const exclusiveMin = num(schema.exclusiveMinimum);
  const exclusiveMax = num(schema.exclusiveMaximum);
  if (exclusiveMin !== undefined) los.push(exclusiveMin + step);
  if (exclusiveMax !== undefined) his.push(exclusiveMax - step);
  return {
    lo: los.length > 0 ? Math.max(...los) : Number.NEGATIVE_INFINITY,
    hi: his.length > 0 ? Math.min(...his) : Number.POSITIVE_INFINITY,
    step,
  };
}

/** A number inside the bounds: $25.00 for money, else 1 — or the nearest the bounds allow. */
function sampleNumber(schema: Schema): number {
  const { lo, hi, step } = numberBounds(schema);
  const preferred = schema.format === "cents" ? 2500 : 1;
  const clamped = Math.min(Math.max(preferred, lo), hi);
  const snapped = Math.ceil(clamped / step - 1e-9) * step;
  return Number((snapped > hi ? Math.floor(clamped / step) * step : snapped).toFixed(6));
}

// ── Any value ──────────────────────────────────────────────────────────────────────────────────

function sampleArray(schema: Schema, key: string, ctx: SampleContext): unknown[] {
  const items = isObject(schema.items) ? schema.items : {};
  const min = Math.max(
    1,
    typeof schema.minItems === "number" ? schema.minItems : 0,
    typeof schema.minItemsSelected === "number" ? schema.minItemsSelected : 0,
  );
  const count = typeof schema.maxItems === "number" ? Math.min(min, schema.maxItems) : min;
  // A list of choices (checkboxes) takes different choices, so uniqueItems holds.
  const listed = listedValues(items);
  if (listed) return listed.slice(0, count);
  return Array.from({ length: count }, () => sampleValue(items, ctx, key));
}

function sampleObject(schema: Schema, ctx: SampleContext): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const out: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    const options = ctx.choices?.[name];
    // A list of choices from a lookup (boxes to tick) takes the first option.
    const choice = options && (property.type === "array" ? options.slice(0, 1) : options[0]);
    out[name] = options ? choice : sampleValue(property, { now: ctx.now }, name);
  }
  // Fields checked against another field of the screen: "confirm your e-mail address" is the same
  // address; a date on or after (before) another, a number at least (at most) another, pass when
  // they are equal; a time after another is a later one.
  for (const [name, property] of Object.entries(properties)) {
    if (!isObject(property)) continue;
    for (const keyword of SAME_AS_KEYWORDS) {
      const target = siblingOf(property[keyword]);
      if (target !== undefined && Object.hasOwn(out, target)) out[name] = out[target];
    }
    // A date with a gap from another ("3 to 30 days after") is the least gap away from it.
    for (const [keyword, direction] of [
      ["dateOnOrAfterField", 1],
      ["dateOnOrBeforeField", -1],
    ] as const) {
      const rule = dateFieldRule(property[keyword]);
      const target = siblingOf(rule?.field);
      const other = target === undefined ? undefined : out[target];
      if (!rule?.minDays || typeof other !== "string") continue;
      const shifted = shiftDate(other, property, rule.minDays * direction, ctx);
      if (shifted !== undefined) out[name] = shifted;
    }
    if (siblingOf(property.timeAfterField) !== undefined) out[name] = LATER_TIME;
  }
  return out;
}

const SAME_AS_KEYWORDS = [
  "matchesField",
  "dateOnOrAfterField",
  "dateOnOrBeforeField",
  "minimumField",
  "maximumField",
] as const;

/** The sibling field a pointer ("/email", "#/email") names, or undefined. */
function siblingOf(pointer: unknown): string | undefined {
  if (typeof pointer !== "string") return undefined;
  const [first] = pointer.replace(/^#?\//, "").split("/");
  return first || undefined;
}

/** Later than TIME, the sample of every time of day. */
const TIME = "10:30 AM";
const LATER_TIME = "2:30 PM";

/** A valid sample of one value of the schema; `key` is the field's name (a hint for dates and texts). */
export function sampleValue(schema: Schema, ctx: SampleContext, key = ""): unknown {
  const listed = listedValues(schema);
  if (listed) return listed[0];
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  switch (typeOf(schema)) {
    case "object":
      return sampleObject(schema, ctx);
    case "array":
      return sampleArray(schema, key, ctx);
    case "integer":
    case "number":
      return sampleNumber(schema);
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return sampleString(schema, key, ctx);
  }
}

/**
 * A screen's sample answers: an object with every field (optional ones too, so the recording
 * shows them all), or for a repeated group a list with one item. `schema` is the screen's schema
 * as the engine holds it (refs inlined; for a repeated group, the array around the item).
 */
export function sampleAnswers(schema: JSONSchema | undefined, ctx: SampleContext): unknown {
  return schema ? sampleValue(schema, ctx) : {};
}

// ── Answers for conditions ─────────────────────────────────────────────────────────────────────

/** The schema of the value at `path` (property names and item indexes) inside `schema`. */
export function schemaAt(schema: JSONSchema | undefined, path: readonly string[]): JSONSchema | undefined {
  let node: unknown = schema;
  for (const part of path) {
    if (!isObject(node)) return undefined;
    if (/^\d+$/.test(part) && isObject(node.items)) node = node.items;
    else node = isObject(node.properties) ? node.properties[part] : undefined;
  }
  return isObject(node) ? node : undefined;
}

function shiftDate(value: string, schema: Schema, days: number, ctx: SampleContext): string | undefined {
  const date = value === "today" ? today(ctx) : (parseUsDate(value) ?? parseIsoDate(value));
  return date ? writeDate(schema, addDays(date, days)) : undefined;
}

/** Birth dates that make someone exactly `years` old on the day, and a day short of it. */
function ageValues(operand: Operators["ageAtLeast"], schema: Schema, ctx: SampleContext): string[] {
  const on = operand.on === "endOfLastYear" ? endOfLastYear(ctx.now) : today(ctx);
  const exactly = addYears(on, -operand.years);
  return [writeDate(schema, exactly), writeDate(schema, addDays(exactly, 1))];
}

/**
 * Answers worth trying for one comparison of a condition, so that it holds or fails: the value it
 * names, values on either side of a bound, ages on either side of a birthday, or no answer.
 * `undefined` in the list means "leave the field unanswered".
 */
export function conditionValues(
  comparison: Comparison,
  schema: JSONSchema | undefined,
  ctx: SampleContext,
): unknown[] {
  const field = schema ?? {};
  const out: unknown[] = [];
  const c = comparison as Partial<Operators>;
  if (c.equals !== undefined) out.push(c.equals);
  if (c.notEquals !== undefined) out.push(c.notEquals);
  if (c.in !== undefined) out.push(...c.in);
  for (const bound of [c.gt, c.gte, c.lt, c.lte]) {
    if (typeof bound === "number") out.push(bound - 1, bound, bound + 1);
    else if (typeof bound === "string") {
      for (const days of [-1, 0, 1]) {
        const shifted = shiftDate(bound, field, days, ctx);
        if (shifted !== undefined) out.push(shifted);
      }
    }
  }
  if (c.ageAtLeast !== undefined) out.push(...ageValues(c.ageAtLeast, field, ctx));
  if (c.exists !== undefined) out.push(undefined, sampleValue(field, ctx));
  // Every choice the question offers, and both answers of a yes/no or a checkbox.
  out.push(...(listedValues(field) ?? []));
  if (field.type === "boolean") out.push(true, false);
  return dedupe(out.filter((v) => v === undefined || isJson(v)));
}

function isJson(value: unknown): value is JsonValue {
  return value === null || ["string", "number", "boolean", "object"].includes(typeof value);
}

/** The values without repeats (undefined, "leave it unanswered", counts as one value). */
export function dedupe(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value === undefined ? "undefined" : JSON.stringify(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

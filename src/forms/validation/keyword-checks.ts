/**
 * What each custom keyword checks, as plain functions of (data, the keyword's value, context,
 * parent data, root data). Ajv's generated code calls them, whether it was compiled at run time
 * (keywords.ts) or ahead of time (runtime.ts); they never read the clock: "now" comes from the
 * validation context, passed as `validate.call({ now }, data)`.
 *
 * | keyword                | on      | value                                   | passes when                                   |
 * |------------------------|---------|-----------------------------------------|-----------------------------------------------|
 * | dateOnOrAfter          | string  | a date bound (date-bounds.ts)           | the us-date is on or after the bound          |
 * | dateOnOrBefore         | string  | a date bound                            | the us-date is on or before the bound         |
 * | isToday                | string  | true                                    | the us-date is the city's today               |
 * | matchesField           | any     | JSON pointer: "/x" into the parent       | equal to the pointed-at value                 |
 * |                        |         | object, "#/a/b" from the root           |                                               |
 * | dateOnOrAfterField     | string  | JSON pointer of another us-date, or      | the date is on or after that field's date     |
 * |                        |         | { field, minDays?, maxDays? }            | (and minDays to maxDays days after it)        |
 * | dateOnOrBeforeField    | string  | the same                                 | the date is on or before that field's date    |
 * |                        |         |                                          | (and minDays to maxDays days before it)       |
 * | timeAfterField         | string  | JSON pointer of another time-of-day      | the time is later than that field's time      |
 * | minimumField           | number  | JSON pointer of another number           | number ≥ that field's number                  |
 * | maximumField           | number  | JSON pointer of another number           | number ≤ that field's number                  |
 * | minAmount / maxAmount  | number  | integer cents                           | amount ≥ / ≤ the limit ("seems low / high")   |
 * | seemsHigh              | number  | a number                                | number ≤ the soft limit                       |
 * | numbersOnly            | string  | true                                    | digits only                                   |
 * | mustAgree              | boolean | true                                    | the box is ticked (value is true)             |
 * | minItemsSelected       | array   | n                                       | at least n items                              |
 * |                        | object  | { "min": n, "from": ["a", "b"] }        | the arrays a and b hold at least n together   |
 * | amountsGreaterThanZero | array   | true, or the amount property's name     | every item (or item[name]) is a number > 0    |
 * | cardNotExpired         | string  | true                                    | valid through the last day of its month       |
 * | securityCodeFor        | string  | JSON pointer of the card number         | 3-4 digits, exactly 4 for American Express    |
 *
 * A keyword passes data it cannot read (an unparseable date, say): the format reports that. The
 * *Field keywords compare two answers of one screen; they pass while the other answer is missing
 * or unreadable, since that field's own rules speak for it.
 */
import { calendarDateOf, compareDates, parseUsDate, toDayNumber } from "../../domain/dates";
import {
  isExpiryPast,
  isValidSecurityCode,
  parseCardExpiry,
  validateCardNumber,
} from "../../domain/payment-card";
import { parseTimeOfDay } from "../../domain/times";
import { resolveDateBound } from "./date-bounds";

export interface ValidationContext {
  now: Date;
}

export type KeywordCheck = (
  data: unknown,
  schemaValue: unknown,
  context: unknown,
  parentData: unknown,
  rootData: unknown,
) => boolean;

export function nowOf(context: unknown): Date {
  const now = (context as Partial<ValidationContext> | null | undefined)?.now;
  if (now instanceof Date && !Number.isNaN(now.getTime())) return now;
  throw new Error("Catalogue validators need a clock: call them as validate.call({ now }, data)");
}

function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** Resolves "/a/b" against the parent object and "#/a/b" against the root. */
export function resolvePointer(pointer: string, parentData: unknown, rootData: unknown): unknown {
  const fromRoot = pointer.startsWith("#");
  const path = fromRoot ? pointer.slice(1) : pointer;
  let node: unknown = fromRoot ? rootData : parentData;
  if (path === "") return node;
  for (const raw of path.replace(/^\//, "").split("/")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[unescapePointerToken(raw)];
  }
  return node;
}

function dateCompare(data: unknown, bound: unknown, context: unknown): number | null {
  if (typeof data !== "string") return null;
  const date = parseUsDate(data);
  if (!date) return null;
  const limit = resolveDateBound(bound, nowOf(context));
  if (!limit) throw new Error(`Malformed date bound ${JSON.stringify(bound)}`);
  return compareDates(date, limit);
}

const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** How two answers compare (negative: `data` is earlier or smaller), or null when either is unreadable. */
type Reader = (value: unknown) => number | null;

const readTime: Reader = (value) => (typeof value === "string" ? parseTimeOfDay(value) : null);
const readNumber: Reader = (value) => (isNumber(value) ? value : null);

function compareToField(
  read: Reader,
  data: unknown,
  pointer: unknown,
  parentData: unknown,
  rootData: unknown,
): number | null {
  if (typeof pointer !== "string") return null;
  const mine = read(data);
  const theirs = read(resolvePointer(pointer, parentData, rootData));
  return mine === null || theirs === null ? null : mine - theirs;
}

/** A keyword that holds when the comparison with the pointed-at answer passes `test`. */
const fieldComparison =
  (read: Reader, test: (difference: number) => boolean): KeywordCheck =>
  (data, pointer, _context, parentData, rootData) => {
    const difference = compareToField(read, data, pointer, parentData, rootData);
    return difference === null || test(difference);
  };

/**
 * A date compared with another answer (dateOnOrAfterField, dateOnOrBeforeField): the other field's
 * pointer, or `{ field, minDays, maxDays }` for a gap in days as well ("come back 3 to 30 days
 * after you leave": `{ "field": "/leaveDate", "minDays": 3, "maxDays": 30 }`).
 */
export interface DateFieldRule {
  field: string;
  minDays?: number;
  maxDays?: number;
}

/** The rule a dateOn…Field value says, or undefined for a value that is none. */
export function dateFieldRule(value: unknown): DateFieldRule | undefined {
  if (typeof value === "string") return { field: value };
  if (value === null || typeof value !== "object") return undefined;
  const { field, minDays, maxDays } = value as Record<string, unknown>;
  if (typeof field !== "string") return undefined;
  const rule: DateFieldRule = { field };
  if (isNumber(minDays)) rule.minDays = minDays;
  if (isNumber(maxDays)) rule.maxDays = maxDays;
  return rule;
}

/**
 * How many days `data` is after (direction 1) or before (-1) the date the rule points at: negative
 * when it is on the wrong side; null when either date is missing or unreadable.
 */
export function daysFromField(
  data: unknown,
  rule: DateFieldRule,
  direction: 1 | -1,
  parentData: unknown,
  rootData: unknown,
): number | null {
  const other = resolvePointer(rule.field, parentData, rootData);
  const mine = typeof data === "string" ? parseUsDate(data) : null;
  const theirs = typeof other === "string" ? parseUsDate(other) : null;
  if (!mine || !theirs) return null;
  return (toDayNumber(mine) - toDayNumber(theirs)) * direction;
}

/** Which limit of a date comparison fails: "side" (the wrong side of the other date), "min", "max". */
export function dateFieldFailure(days: number, rule: DateFieldRule): "side" | "min" | "max" | null {
  if (days < 0 && !(rule.minDays ?? 0)) return "side";
  if (days < (rule.minDays ?? 0)) return "min";
  if (rule.maxDays !== undefined && days > rule.maxDays) return "max";
  return null;
}

const dateComparison =
  (direction: 1 | -1): KeywordCheck =>
  (data, value, _context, parentData, rootData) => {
    const rule = dateFieldRule(value);
    const days = rule ? daysFromField(data, rule, direction, parentData, rootData) : null;
    return days === null || rule === undefined || dateFieldFailure(days, rule) === null;
  };

export const keywordChecks = {
  dateOnOrAfter: (data, bound, context) => (dateCompare(data, bound, context) ?? 0) >= 0,
  dateOnOrBefore: (data, bound, context) => (dateCompare(data, bound, context) ?? 0) <= 0,
  isToday: (data, flag, context) => {
    if (flag !== true || typeof data !== "string") return true;
    const date = parseUsDate(data);
    return !date || compareDates(date, calendarDateOf(nowOf(context))) === 0;
  },
  dateOnOrAfterField: dateComparison(1),
  dateOnOrBeforeField: dateComparison(-1),
  timeAfterField: fieldComparison(readTime, (difference) => difference > 0),
  minimumField: fieldComparison(readNumber, (difference) => difference >= 0),
  maximumField: fieldComparison(readNumber, (difference) => difference <= 0),
  matchesField: (data, pointer, _context, parentData, rootData) =>
    typeof pointer !== "string" || data === resolvePointer(pointer, parentData, rootData),
  minAmount: (data, limit) => !isNumber(data) || !isNumber(limit) || data >= limit,
  maxAmount: (data, limit) => !isNumber(data) || !isNumber(limit) || data <= limit,
  seemsHigh: (data, limit) => !isNumber(data) || !isNumber(limit) || data <= limit,
  numbersOnly: (data, flag) => flag !== true || typeof data !== "string" || /^\d+$/.test(data),
  mustAgree: (data, flag) => flag !== true || data === true,
  minItemsSelected: (data, spec) => {
    if (Array.isArray(data)) return !isNumber(spec) || data.length >= spec;
    if (!data || typeof data !== "object" || !spec || typeof spec !== "object") return true;
    const { min = 1, from = [] } = spec as { min?: number; from?: string[] };
    const record = data as Record<string, unknown>;
    const total = from.reduce((sum, key) => {
      const list = record[key];
      return sum + (Array.isArray(list) ? list.length : 0);
    }, 0);
    return total >= min;
  },
  amountsGreaterThanZero: (data, spec) => {
    if (!Array.isArray(data)) return true;
    return data.every((item) => {
      const amount = typeof spec === "string" ? (item as Record<string, unknown> | null)?.[spec] : item;
      return isNumber(amount) && amount > 0;
    });
  },
  cardNotExpired: (data, flag, context) => {
    if (flag !== true || typeof data !== "string") return true;
    const now = nowOf(context);
    const expiry = parseCardExpiry(data, now);
    return !expiry || !isExpiryPast(expiry, now);
  },
  securityCodeFor: (data, pointer, _context, parentData, rootData) => {
    if (typeof data !== "string") return true;
    const number = typeof pointer === "string" ? resolvePointer(pointer, parentData, rootData) : undefined;
    const brand = typeof number === "string" ? validateCardNumber(number).brand : null;
    return isValidSecurityCode(data, brand);
  },
} satisfies Record<string, KeywordCheck>;

export type CatalogueKeyword = keyof typeof keywordChecks;

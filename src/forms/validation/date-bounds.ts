/**
 * Date bounds for the dateOnOrAfter / dateOnOrBefore keywords. A bound is
 * - a fixed day: "YYYY-MM-DD";
 * - "today" or "endOfLastYear" (December 31 of the year before now);
 * - a shift from one of those: { "years": -3 }, { "days": 0 }, { "months": 6 },
 *   { "years": -65, "from": "endOfLastYear" }. Shifts apply years, then months, then days; a day
 *   that does not exist in the target month becomes that month's last day (Feb 29 → Feb 28).
 * "Today" is the city's calendar day at `now`, which callers always pass in.
 */
import {
  addDays,
  type CalendarDate,
  calendarDateOf,
  daysInMonth,
  endOfLastYear,
  parseIsoDate,
} from "../../domain/dates";

export type DateAnchor = "today" | "endOfLastYear";

export interface RelativeDate {
  years?: number;
  months?: number;
  days?: number;
  from?: DateAnchor;
}

export type DateBound = string | RelativeDate;

function anchorDate(anchor: DateAnchor, now: Date): CalendarDate {
  return anchor === "endOfLastYear" ? endOfLastYear(now) : calendarDateOf(now);
}

function shift(date: CalendarDate, { years = 0, months = 0, days = 0 }: RelativeDate): CalendarDate {
  const monthIndex = date.year * 12 + (date.month - 1) + years * 12 + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const shifted = { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
  return days === 0 ? shifted : addDays(shifted, days);
}

/** How to write a bound, for staff who wrote one the catalogue cannot read. */
const HOW_TO_WRITE =
  'write a day as "yyyy-mm-dd" ("2000-01-01"), "today", "endOfLastYear", or a shift from today such as { "years": -18 }, { "months": -4 } or { "days": 30 } (optionally with "from": "endOfLastYear")';

const SHIFT_KEYS = ["years", "months", "days"];

/**
 * Why a value is not a date bound, in plain words for the person who wrote the workflow, or
 * undefined when it is one. Only a "yyyy-mm-dd" that is a real calendar day counts as a fixed day.
 */
export function dateBoundProblem(value: unknown): string | undefined {
  const shown = JSON.stringify(value) ?? String(value);
  if (typeof value === "string") {
    if (value === "today" || value === "endOfLastYear") return undefined;
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      return parseIsoDate(value) ? undefined : `date bound ${shown} is not a day of the calendar`;
    }
    return `date bound ${shown} is not a date nor a relative date: ${HOW_TO_WRITE}`;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    return `date bound ${shown} is not a date nor a relative date: ${HOW_TO_WRITE}`;
  }
  for (const [key, entry] of Object.entries(value)) {
    if (key === "from") {
      if (entry !== "today" && entry !== "endOfLastYear") {
        return `date bound ${shown}: "from" must be "today" or "endOfLastYear"`;
      }
    } else if (!SHIFT_KEYS.includes(key)) {
      return `date bound ${shown}: "${key}" is not one of "years", "months", "days" or "from"`;
    } else if (!Number.isInteger(entry)) {
      return `date bound ${shown}: "${key}" must be a whole number (negative for the past)`;
    }
  }
  return undefined;
}

export function isDateBound(value: unknown): value is DateBound {
  return dateBoundProblem(value) === undefined;
}

/** The calendar day a bound stands for at `now`, or null for a malformed bound. */
export function resolveDateBound(bound: unknown, now: Date): CalendarDate | null {
  if (!isDateBound(bound)) return null;
  if (typeof bound === "string") {
    return bound === "today" || bound === "endOfLastYear" ? anchorDate(bound, now) : parseIsoDate(bound);
  }
  return shift(anchorDate(bound.from ?? "today", now), bound);
}

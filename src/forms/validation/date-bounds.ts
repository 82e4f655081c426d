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

export function isDateBound(value: unknown): value is DateBound {
  if (typeof value === "string")
    return value === "today" || value === "endOfLastYear" || parseIsoDate(value) !== null;
  if (!value || typeof value !== "object" || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.every(([key, v]) =>
    key === "from"
      ? v === "today" || v === "endOfLastYear"
      : ["years", "months", "days"].includes(key) && Number.isInteger(v),
  );
}

/** The calendar day a bound stands for at `now`, or null for a malformed bound. */
export function resolveDateBound(bound: unknown, now: Date): CalendarDate | null {
  if (!isDateBound(bound)) return null;
  if (typeof bound === "string") {
    return bound === "today" || bound === "endOfLastYear" ? anchorDate(bound, now) : parseIsoDate(bound);
  }
  return shift(anchorDate(bound.from ?? "today", now), bound);
}

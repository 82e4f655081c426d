/**
 * Calendar dates. A date a resident types (a birth date, a purchase date) is a day on the
 * calendar, not an instant, so dates here are plain {year, month, day} values with no time and no
 * time zone, and arithmetic is done on day numbers. A JavaScript `Date` is an instant: it is read as
 * the calendar day it falls on in the city's time zone. Nothing here reads the clock: every
 * function that needs "now" takes it.
 */

export interface CalendarDate {
  year: number;
  /** 1 to 12. */
  month: number;
  day: number;
}

/** A calendar date, or an instant read as the city's calendar day. */
export type DateInput = CalendarDate | Date;

/** Cedarport is in Indiana. */
export const CITY_TIME_ZONE = "America/Indiana/Indianapolis";

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function isValidCalendarDate(date: CalendarDate): boolean {
  const { year, month, day } = date;
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= 1 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

function valid(year: number, month: number, day: number): CalendarDate | null {
  const date = { year, month, day };
  return isValidCalendarDate(date) ? date : null;
}

/** Strict mm/dd/yyyy (m/d/yyyy accepted). A day that does not exist (02/30/2024) is rejected. */
export function parseUsDate(text: string): CalendarDate | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  return valid(Number(match[3]), Number(match[1]), Number(match[2]));
}

/**
 * 'yyyy-mm-dd' as that calendar day. A full ISO timestamp ('2026-11-20T15:00:00Z') is an instant
 * and gives the city's calendar day at that instant.
 */
export function parseIsoDate(text: string): CalendarDate | null {
  const trimmed = text.trim();
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (match) return valid(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!/^\d{4}-\d{2}-\d{2}T/.test(trimmed)) return null;
  const instant = new Date(trimmed);
  return Number.isNaN(instant.getTime()) ? null : calendarDateOf(instant);
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a time zone (the city's by default). */
export function calendarDateOf(instant: Date, timeZone: string = CITY_TIME_ZONE): CalendarDate {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day") };
}

export function toCalendarDate(input: DateInput): CalendarDate {
  return input instanceof Date
    ? calendarDateOf(input)
    : { year: input.year, month: input.month, day: input.day };
}

const pad = (value: number, length: number) => String(value).padStart(length, "0");

/** mm/dd/yyyy. */
export function formatUsDate(input: DateInput): string {
  const { year, month, day } = toCalendarDate(input);
  return `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;
}

/** yyyy-mm-dd, for storage and `<input type="date">`. */
export function formatIsoDate(input: DateInput): string {
  const { year, month, day } = toCalendarDate(input);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const MONTH_NAMES = {
  en: [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
  ],
  es: [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ],
} as const;

/**
 * 'March 5, 2024' in English, '5 de marzo de 2024' in Spanish (any other locale: English). Month
 * names are spelled out here rather than taken from Intl so server and browser always agree.
 */
export function formatLongDate(input: DateInput, locale: string = "en"): string {
  const { year, month, day } = toCalendarDate(input);
  if (locale.toLowerCase().split(/[-_]/)[0] === "es") {
    return `${day} de ${MONTH_NAMES.es[month - 1]} de ${year}`;
  }
  return `${MONTH_NAMES.en[month - 1]} ${day}, ${year}`;
}

/** Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
export function toDayNumber(input: DateInput): number {
  const { year, month, day } = toCalendarDate(input);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** The inverse of toDayNumber. */
export function fromDayNumber(dayNumber: number): CalendarDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const dayOfEra = z - era * 146097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36524) - Math.floor(dayOfEra / 146096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** Negative when a is earlier, 0 on the same day, positive when a is later. */
export function compareDates(a: DateInput, b: DateInput): number {
  return Math.sign(toDayNumber(a) - toDayNumber(b));
}

export function isSameDay(a: DateInput, b: DateInput): boolean {
  return compareDates(a, b) === 0;
}

export function addDays(input: DateInput, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(input) + days);
}

/** Same month and day `years` later (or earlier); February 29 becomes February 28 off leap years. */
export function addYears(input: DateInput, years: number): CalendarDate {
  const { year, month, day } = toCalendarDate(input);
  const target = year + years;
  return { year: target, month, day: Math.min(day, daysInMonth(target, month)) };
}

/**
 * Whole years completed on a day. Someone born on February 29 turns a year older on March 1 in
 * a common year.
 */
export function ageOn(birth: DateInput, on: DateInput): number {
  const b = toCalendarDate(birth);
  const d = toCalendarDate(on);
  const hadBirthday = d.month > b.month || (d.month === b.month && d.day >= b.day);
  return d.year - b.year - (hadBirthday ? 0 : 1);
}

/** December 31 of the year before `now` (the day the over-65 deduction measures age on). */
export function endOfLastYear(now: DateInput): CalendarDate {
  return { year: toCalendarDate(now).year - 1, month: 12, day: 31 };
}

/** A bound of a validity window: a calendar date, an instant, or an ISO date string. */
export type DateBound = DateInput | string | null | undefined;

function boundDate(bound: DateBound): CalendarDate | null {
  if (bound === null || bound === undefined || bound === "") return null;
  return typeof bound === "string" ? parseIsoDate(bound) : toCalendarDate(bound);
}

/**
 * A record is outside its validity window when now is before its start or after its end. Both
 * days count as inside; a missing (or unreadable) bound leaves that side open.
 */
export function isOutsideValidityWindow(now: DateInput, start?: DateBound, end?: DateBound): boolean {
  const from = boundDate(start);
  const to = boundDate(end);
  return (from !== null && compareDates(now, from) < 0) || (to !== null && compareDates(now, to) > 0);
}

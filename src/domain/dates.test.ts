import { describe, expect, it } from "vitest";
import {
  addDays,
  addYears,
  ageOn,
  CITY_TIME_ZONE,
  calendarDateOf,
  compareDates,
  daysInMonth,
  endOfLastYear,
  formatIsoDate,
  formatLongDate,
  formatUsDate,
  fromDayNumber,
  isLeapYear,
  isOutsideValidityWindow,
  isSameDay,
  isValidCalendarDate,
  parseIsoDate,
  parseUsDate,
  toCalendarDate,
  toDayNumber,
} from "./dates";

const d = (year: number, month: number, day: number) => ({ year, month, day });

describe("leap years and month lengths", () => {
  it("follows the Gregorian rule", () => {
    expect(isLeapYear(2024)).toBe(true);
    expect(isLeapYear(2023)).toBe(false);
    expect(isLeapYear(1900)).toBe(false);
    expect(isLeapYear(2000)).toBe(true);
  });

  it("knows each month's length", () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 12)).toBe(31);
  });

  it("validates calendar dates", () => {
    expect(isValidCalendarDate(d(2024, 2, 29))).toBe(true);
    expect(isValidCalendarDate(d(2023, 2, 29))).toBe(false);
    expect(isValidCalendarDate(d(2023, 13, 1))).toBe(false);
    expect(isValidCalendarDate(d(2023, 0, 1))).toBe(false);
    expect(isValidCalendarDate(d(2023, 1, 0))).toBe(false);
    expect(isValidCalendarDate(d(2023, 1, 1.5))).toBe(false);
    expect(isValidCalendarDate(d(0, 1, 1))).toBe(false);
  });
});

describe("parseUsDate", () => {
  it("parses mm/dd/yyyy and m/d/yyyy", () => {
    expect(parseUsDate("03/05/2024")).toEqual(d(2024, 3, 5));
    expect(parseUsDate("3/5/2024")).toEqual(d(2024, 3, 5));
    expect(parseUsDate(" 12/31/1959 ")).toEqual(d(1959, 12, 31));
  });

  it("accepts February 29 only in leap years", () => {
    expect(parseUsDate("02/29/2024")).toEqual(d(2024, 2, 29));
    expect(parseUsDate("02/29/2000")).toEqual(d(2000, 2, 29));
    expect(parseUsDate("02/29/2023")).toBeNull();
    expect(parseUsDate("02/29/1900")).toBeNull();
  });

  it.each([
    "02/30/2024",
    "04/31/2024",
    "13/01/2024",
    "00/10/2024",
    "01/00/2024",
    "01/32/2024",
    "2024-03-05",
    "03-05-2024",
    "03/05/24",
    "03/05/02024",
    "003/05/2024",
    "03/05/2024x",
    "",
    "//",
    "0/0/0000",
  ])("rejects %j", (text) => {
    expect(parseUsDate(text)).toBeNull();
  });
});

describe("parseIsoDate", () => {
  it("parses yyyy-mm-dd as that calendar day", () => {
    expect(parseIsoDate("2026-11-20")).toEqual(d(2026, 11, 20));
    expect(parseIsoDate("2026-02-30")).toBeNull();
    expect(parseIsoDate("2026-1-2")).toBeNull();
    expect(parseIsoDate("nope")).toBeNull();
  });

  it("reads a timestamp as the city's calendar day", () => {
    // 03:00 UTC on Nov 20 is still Nov 19 in Indianapolis (UTC-5).
    expect(parseIsoDate("2026-11-20T03:00:00Z")).toEqual(d(2026, 11, 19));
    expect(parseIsoDate("2026-11-20T15:00:00Z")).toEqual(d(2026, 11, 20));
    expect(parseIsoDate("2026-11-20Tgarbage")).toBeNull();
  });
});

describe("calendarDateOf / toCalendarDate", () => {
  it("reads an instant in the city's time zone by default", () => {
    expect(CITY_TIME_ZONE).toBe("America/Indiana/Indianapolis");
    const instant = new Date("2025-01-01T02:00:00Z"); // 9 p.m. on Dec 31 in Indianapolis
    expect(calendarDateOf(instant)).toEqual(d(2024, 12, 31));
    expect(calendarDateOf(instant, "UTC")).toEqual(d(2025, 1, 1));
  });

  it("copies a calendar date", () => {
    const date = d(2024, 1, 2);
    expect(toCalendarDate(date)).toEqual(date);
    expect(toCalendarDate(date)).not.toBe(date);
  });
});

describe("formatting", () => {
  it("writes mm/dd/yyyy with leading zeros", () => {
    expect(formatUsDate(d(2024, 3, 5))).toBe("03/05/2024");
    expect(formatUsDate(d(2024, 12, 31))).toBe("12/31/2024");
  });

  it("round-trips US dates", () => {
    expect(parseUsDate(formatUsDate(d(1960, 2, 29)))).toEqual(d(1960, 2, 29));
  });

  it("writes ISO dates", () => {
    expect(formatIsoDate(d(2024, 3, 5))).toBe("2024-03-05");
  });

  it("writes 'Month D, YYYY' in English", () => {
    expect(formatLongDate(d(2024, 3, 5), "en")).toBe("March 5, 2024");
    expect(formatLongDate(d(2024, 12, 31))).toBe("December 31, 2024");
    expect(formatLongDate(d(2024, 1, 1), "fr")).toBe("January 1, 2024");
  });

  it("writes 'D de mes de YYYY' in Spanish", () => {
    expect(formatLongDate(d(2024, 3, 5), "es")).toBe("5 de marzo de 2024");
    expect(formatLongDate(d(2024, 9, 1), "es-US")).toBe("1 de septiembre de 2024");
  });

  it("agrees with Intl's long dates", () => {
    for (const [month, day] of [
      [1, 1],
      [3, 5],
      [9, 30],
      [12, 31],
    ] as const) {
      const at = new Date(Date.UTC(2024, month - 1, day, 12));
      const en = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(at);
      const es = new Intl.DateTimeFormat("es-US", { dateStyle: "long", timeZone: "UTC" }).format(at);
      expect(formatLongDate(d(2024, month, day), "en")).toBe(en);
      expect(formatLongDate(d(2024, month, day), "es")).toBe(es);
    }
  });

  it("formats an instant as the city's calendar day", () => {
    expect(formatLongDate(new Date("2025-01-01T02:00:00Z"))).toBe("December 31, 2024");
  });
});

describe("day numbers", () => {
  it("counts days from 1970-01-01", () => {
    expect(toDayNumber(d(1970, 1, 1))).toBe(0);
    expect(toDayNumber(d(1970, 1, 2))).toBe(1);
    expect(toDayNumber(d(1969, 12, 31))).toBe(-1);
    expect(toDayNumber(d(2000, 3, 1))).toBe(Date.UTC(2000, 2, 1) / 86_400_000);
  });

  it("round-trips across four centuries", () => {
    for (let n = -200_000; n <= 200_000; n += 997) expect(toDayNumber(fromDayNumber(n))).toBe(n);
    expect(fromDayNumber(toDayNumber(d(2024, 2, 29)))).toEqual(d(2024, 2, 29));
  });
});

describe("arithmetic and comparison", () => {
  it("adds days across month, year and leap-day boundaries", () => {
    expect(addDays(d(2024, 12, 31), 1)).toEqual(d(2025, 1, 1));
    expect(addDays(d(2024, 2, 28), 1)).toEqual(d(2024, 2, 29));
    expect(addDays(d(2023, 2, 28), 1)).toEqual(d(2023, 3, 1));
    expect(addDays(d(2024, 3, 1), -1)).toEqual(d(2024, 2, 29));
    expect(addDays(d(2024, 1, 1), 366)).toEqual(d(2025, 1, 1));
    expect(addDays(d(2024, 1, 1), 0)).toEqual(d(2024, 1, 1));
  });

  it("adds years, moving February 29 to the 28th off leap years", () => {
    expect(addYears(d(2024, 2, 29), 1)).toEqual(d(2025, 2, 28));
    expect(addYears(d(2024, 2, 29), 4)).toEqual(d(2028, 2, 29));
    expect(addYears(d(2024, 6, 15), -3)).toEqual(d(2021, 6, 15));
  });

  it("compares days", () => {
    expect(compareDates(d(2024, 1, 1), d(2024, 1, 2))).toBe(-1);
    expect(compareDates(d(2024, 1, 2), d(2024, 1, 1))).toBe(1);
    expect(compareDates(d(2024, 1, 1), d(2024, 1, 1))).toBe(0);
    expect(isSameDay(d(2024, 1, 1), d(2024, 1, 1))).toBe(true);
    expect(isSameDay(d(2024, 1, 1), d(2023, 1, 1))).toBe(false);
    expect(isSameDay(new Date("2025-01-01T02:00:00Z"), d(2024, 12, 31))).toBe(true);
  });
});

describe("ageOn", () => {
  it("counts whole years completed", () => {
    expect(ageOn(d(1959, 6, 15), d(2024, 6, 14))).toBe(64);
    expect(ageOn(d(1959, 6, 15), d(2024, 6, 15))).toBe(65);
    expect(ageOn(d(1959, 6, 15), d(2024, 12, 31))).toBe(65);
    expect(ageOn(d(2000, 1, 1), d(2000, 1, 1))).toBe(0);
  });

  it("makes a February 29 birthday count from March 1 in common years", () => {
    expect(ageOn(d(1960, 2, 29), d(2025, 2, 28))).toBe(64);
    expect(ageOn(d(1960, 2, 29), d(2025, 3, 1))).toBe(65);
    expect(ageOn(d(1960, 2, 29), d(2024, 2, 29))).toBe(64);
  });

  it("is negative before birth", () => {
    expect(ageOn(d(2025, 1, 1), d(2024, 12, 31))).toBe(-1);
  });
});

describe("endOfLastYear", () => {
  it("is December 31 of the previous year", () => {
    expect(endOfLastYear(d(2025, 6, 1))).toEqual(d(2024, 12, 31));
    expect(endOfLastYear(d(2025, 1, 1))).toEqual(d(2024, 12, 31));
    expect(endOfLastYear(d(2025, 12, 31))).toEqual(d(2024, 12, 31));
  });

  it("reads an instant in the city's time zone", () => {
    // Late on Dec 31, 2025 in Indianapolis, already 2026 in UTC: last year is still 2024.
    expect(endOfLastYear(new Date("2026-01-01T03:00:00Z"))).toEqual(d(2024, 12, 31));
  });

  it("supports the over-65 rule: 65 on December 31 of last year", () => {
    const now = d(2025, 3, 10);
    expect(ageOn(d(1959, 12, 31), endOfLastYear(now))).toBe(65);
    expect(ageOn(d(1960, 1, 1), endOfLastYear(now))).toBe(64);
  });
});

describe("isOutsideValidityWindow", () => {
  const now = d(2026, 11, 25);

  it("is inside with no bounds", () => {
    expect(isOutsideValidityWindow(now)).toBe(false);
    expect(isOutsideValidityWindow(now, null, undefined)).toBe(false);
    expect(isOutsideValidityWindow(now, "", "")).toBe(false);
  });

  it("is outside before the start and after the end", () => {
    expect(isOutsideValidityWindow(now, d(2026, 11, 26))).toBe(true);
    expect(isOutsideValidityWindow(now, undefined, d(2026, 11, 24))).toBe(true);
  });

  it("counts the start and end days as inside", () => {
    expect(isOutsideValidityWindow(now, d(2026, 11, 25), d(2026, 11, 25))).toBe(false);
    expect(isOutsideValidityWindow(now, d(2026, 11, 20), d(2026, 12, 1))).toBe(false);
  });

  it("accepts ISO strings and instants as bounds", () => {
    expect(isOutsideValidityWindow(now, "2026-11-20", "2026-12-01")).toBe(false);
    expect(isOutsideValidityWindow(now, "2026-11-26")).toBe(true);
    expect(isOutsideValidityWindow(now, undefined, "2026-11-24")).toBe(true);
    expect(isOutsideValidityWindow(new Date("2026-11-25T12:00:00Z"), new Date("2026-11-26T12:00:00Z"))).toBe(
      true,
    );
  });

  it("leaves a side open when its bound cannot be read", () => {
    expect(isOutsideValidityWindow(now, "not a date", "2026-13-01")).toBe(false);
  });
});

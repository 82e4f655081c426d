import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compileStandalone } from "./compile";
import { loadStandaloneValidators, validateCompiled } from "./compiled";
import { compileCatalogueSchema, type Locale, validateAnswers } from "./index";
import { KeywordValueError } from "./keywords";

/** A date compared with another answer, with a gap in days: a trip of 3 to 30 nights. */
const NOW = new Date("2026-06-01T17:00:00Z");
const dir = mkdtempSync(join(tmpdir(), "date-gap-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const trip = {
  type: "object",
  properties: {
    leaveDate: { type: "string", format: "us-date" },
    returnDate: {
      type: "string",
      format: "us-date",
      dateOnOrAfterField: { field: "/leaveDate", minDays: 3, maxDays: 30 },
    },
    nextDay: {
      type: "string",
      format: "us-date",
      dateOnOrAfterField: { field: "/leaveDate", minDays: 1, maxDays: 1 },
    },
    booked: {
      type: "string",
      format: "us-date",
      dateOnOrBeforeField: { field: "/leaveDate", minDays: 7, maxDays: 60 },
    },
    within: { type: "string", format: "us-date", dateOnOrAfterField: { field: "/leaveDate", maxDays: 10 } },
  },
};

const messages = (answers: object, locale: Locale = "en") =>
  validateAnswers(trip, answers, { locale, now: NOW }).map(({ path, message }) => [path, message]);

describe("date comparisons with a gap in days", () => {
  it("passes dates exactly at either end of the gap", () => {
    const leave = { leaveDate: "06/05/2026" };
    expect(
      messages({ ...leave, returnDate: "06/08/2026", booked: "05/29/2026", within: "06/05/2026" }),
    ).toEqual([]);
    expect(
      messages({ ...leave, returnDate: "07/05/2026", booked: "04/06/2026", within: "06/15/2026" }),
    ).toEqual([]);
    // Across a month and a year end, in calendar days.
    expect(messages({ leaveDate: "12/30/2026", returnDate: "01/02/2027" })).toEqual([]);
  });

  it("says how many days, from which date, in both languages", () => {
    const wrong = {
      leaveDate: "06/05/2026",
      returnDate: "06/07/2026",
      nextDay: "06/07/2026",
      booked: "06/01/2026",
      within: "06/16/2026",
    };
    expect(messages(wrong)).toEqual([
      ["/returnDate", "The date must be at least 3 days after 06/05/2026."],
      ["/nextDay", "The date must be no more than 1 day after 06/05/2026."],
      ["/booked", "The date must be at least 7 days before 06/05/2026."],
      ["/within", "The date must be no more than 10 days after 06/05/2026."],
    ]);
    expect(messages(wrong, "es").map(([, message]) => message)).toEqual([
      "La fecha debe ser por lo menos 3 días después del 06/05/2026.",
      "La fecha debe ser como máximo 1 día después del 06/05/2026.",
      "La fecha debe ser por lo menos 7 días antes del 06/05/2026.",
      "La fecha debe ser como máximo 10 días después del 06/05/2026.",
    ]);
    expect(messages({ leaveDate: "06/05/2026", returnDate: "07/06/2026", booked: "04/05/2026" })).toEqual([
      ["/returnDate", "The date must be no more than 30 days after 06/05/2026."],
      ["/booked", "The date must be no more than 60 days before 06/05/2026."],
    ]);
  });

  it("says one day, not one days", () => {
    const eve = {
      type: "object",
      properties: {
        leaveDate: { type: "string", format: "us-date" },
        eve: {
          type: "string",
          format: "us-date",
          dateOnOrBeforeField: { field: "/leaveDate", minDays: 1, maxDays: 1 },
        },
      },
    };
    const said = (answers: object, locale: Locale) =>
      validateAnswers(eve, answers, { locale, now: NOW }).map(({ message }) => message);
    expect(said({ leaveDate: "06/05/2026", eve: "06/05/2026" }, "en")).toEqual([
      "The date must be at least 1 day before 06/05/2026.",
    ]);
    expect(said({ leaveDate: "06/05/2026", eve: "06/01/2026" }, "es")).toEqual([
      "La fecha debe ser como máximo 1 día antes del 06/05/2026.",
    ]);
    expect(said({ leaveDate: "06/05/2026", eve: "06/04/2026" }, "en")).toEqual([]);
  });

  it("keeps the plain message for a date on the wrong side when there is no least gap", () => {
    expect(messages({ leaveDate: "06/05/2026", within: "06/04/2026", nextDay: "06/04/2026" })).toEqual([
      ["/nextDay", "The date must be at least 1 day after 06/05/2026."],
      ["/within", "The date must be on or after 06/05/2026."],
    ]);
  });

  it("says nothing while the other date is missing or unreadable", () => {
    expect(messages({ returnDate: "06/07/2026" })).toEqual([]);
    expect(messages({ leaveDate: "soon", returnDate: "06/07/2026" })).toEqual([
      ["/leaveDate", "Please enter a valid date in the format mm/dd/yyyy."],
    ]);
  });

  it("refuses a gap that cannot be used, as the schema compiles", () => {
    const refusal = (rule: unknown) => {
      try {
        compileCatalogueSchema({
          type: "object",
          properties: { d: { type: "string", dateOnOrAfterField: rule } },
        });
      } catch (error) {
        return error instanceof KeywordValueError ? error.reason : String(error);
      }
      return "compiled";
    };
    expect(refusal({ field: "/start", minDays: 5, maxDays: 3 })).toBe(
      "minDays (5) is more than maxDays (3): no date could pass",
    );
    expect(refusal({ field: "/start", minDays: -1 })).toMatch(/is not allowed here/);
    expect(refusal({ field: "start" })).toMatch(/is not allowed here/);
    expect(refusal({ field: "/start", days: 3 })).toMatch(/is not allowed here/);
    expect(refusal({ field: "/start", minDays: 3 })).toBe("compiled");
  });

  it("gives the browser's ahead-of-time validators the same rule and message", async () => {
    const file = join(dir, "validators.mjs");
    writeFileSync(file, compileStandalone({ trip }));
    const { trip: validate } = loadStandaloneValidators(await import(pathToFileURL(file).href));
    if (!validate) throw new Error("no validator");
    const errors = validateCompiled(
      validate,
      { leaveDate: "06/05/2026", returnDate: "07/06/2026" },
      { locale: "es", now: NOW, schema: trip },
    );
    expect(errors.map((error) => error.message)).toEqual([
      "La fecha debe ser como máximo 30 días después del 06/05/2026.",
    ]);
  });
});

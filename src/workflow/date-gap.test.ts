import { describe, expect, it } from "vitest";
import { validateAnswers } from "../forms/validation";
import { lintCrossFieldRules } from "./lint-cross-field";
import { sampleAnswers } from "./sample-answers";
import type { JSONSchema, Screen } from "./types";

/** A date compared with another with a gap in days (docs/workflows.md §5), as the engine's tools see it. */
const date = { type: "string", format: "us-date" };
const trip = (rule: unknown): JSONSchema => ({
  type: "object",
  properties: { leaveDate: date, returnDate: { ...date, dateOnOrAfterField: rule } },
});

function problems(schema: JSONSchema): string[] {
  const screen = { name: "dates", lens: ["nodes", 1], schema } as unknown as Screen;
  const found: string[] = [];
  lintCrossFieldRules(screen, (path, message) => found.push(`${path.join(".")}: ${message}`));
  return found;
}

describe("date comparisons with a gap in days", () => {
  it("pass workflow check when they name a date beside them", () => {
    expect(problems(trip({ field: "/leaveDate", minDays: 3, maxDays: 30 }))).toEqual([]);
  });

  it("are checked by workflow check like a plain comparison: the field must exist and be a date", () => {
    expect(problems(trip({ field: "/leaveDay", minDays: 3 }))).toEqual([
      'nodes.1.data.config.schema.properties.returnDate.dateOnOrAfterField: dateOnOrAfterField compares with an unknown field "/leaveDay" (fields there: leaveDate, returnDate)',
    ]);
    expect(problems(trip({ minDays: 3 }))).toEqual([
      'nodes.1.data.config.schema.properties.returnDate.dateOnOrAfterField: dateOnOrAfterField needs a field: "/otherField" beside this one, or "#/group/field" from the screen\'s top',
    ]);
    const withNumber: JSONSchema = {
      type: "object",
      properties: {
        nights: { type: "integer" },
        returnDate: { ...date, dateOnOrAfterField: { field: "/nights", maxDays: 30 } },
      },
    };
    expect(problems(withNumber)).toEqual([
      'nodes.1.data.config.schema.properties.returnDate.dateOnOrAfterField: dateOnOrAfterField compares a date ("format": "us-date"), but "/nights" is not one',
    ]);
  });

  it("get sample answers that pass, for `workflow record`", () => {
    const now = new Date("2026-06-01T17:00:00Z");
    for (const rule of [
      { field: "/leaveDate", minDays: 3, maxDays: 30 },
      { field: "/leaveDate", maxDays: 10 },
    ]) {
      const answers = sampleAnswers(trip(rule), { now }) as Record<string, string>;
      expect(validateAnswers(trip(rule), answers, { locale: "en", now })).toEqual([]);
    }
    const before: JSONSchema = {
      type: "object",
      properties: {
        leaveDate: date,
        booked: { ...date, dateOnOrBeforeField: { field: "/leaveDate", minDays: 7 } },
      },
    };
    const answers = sampleAnswers(before, { now }) as Record<string, string>;
    expect(validateAnswers(before, answers, { locale: "en", now })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { dateBoundProblem, isDateBound } from "./date-bounds";
import { compileCatalogueSchema } from "./index";
import { KeywordValueError } from "./keywords";

describe("dateBoundProblem", () => {
  it("accepts what resolveDateBound reads", () => {
    for (const bound of [
      "today",
      "endOfLastYear",
      "2000-01-01",
      "2024-02-29",
      { years: -18 },
      { months: -4, days: 1 },
      { years: -65, from: "endOfLastYear" },
      {},
    ]) {
      expect(dateBoundProblem(bound), JSON.stringify(bound)).toBeUndefined();
      expect(isDateBound(bound)).toBe(true);
    }
  });

  it("says why anything else is not a bound", () => {
    expect(dateBoundProblem("todya")).toMatch(
      /^date bound "todya" is not a date nor a relative date: write a day as "yyyy-mm-dd" \("2000-01-01"\), "today", "endOfLastYear", or a shift from today such as \{ "years": -18 \}/,
    );
    expect(dateBoundProblem("01/01/2000")).toMatch(
      /^date bound "01\/01\/2000" is not a date nor a relative date/,
    );
    expect(dateBoundProblem("2023-02-29")).toBe('date bound "2023-02-29" is not a day of the calendar');
    expect(dateBoundProblem({ year: -18 })).toBe(
      'date bound {"year":-18}: "year" is not one of "years", "months", "days" or "from"',
    );
    expect(dateBoundProblem({ years: -1.5 })).toBe(
      'date bound {"years":-1.5}: "years" must be a whole number (negative for the past)',
    );
    expect(dateBoundProblem({ years: 1, from: "now" })).toBe(
      'date bound {"years":1,"from":"now"}: "from" must be "today" or "endOfLastYear"',
    );
    expect(dateBoundProblem(18)).toMatch(/^date bound 18 is not a date nor a relative date/);
    expect(isDateBound("todya")).toBe(false);
  });
});

describe("a catalogue keyword's value, as the schema compiles", () => {
  const refusal = (schema: object): KeywordValueError => {
    try {
      compileCatalogueSchema(schema);
    } catch (error) {
      if (error instanceof KeywordValueError) return error;
      throw error;
    }
    throw new Error("the schema compiled");
  };

  it("is refused with the keyword, where it is, and why in plain words (never 'data undefined')", () => {
    const bad = refusal({
      type: "object",
      properties: { "purchase date": { type: "string", dateOnOrBefore: "todya" } },
    });
    expect(bad.keyword).toBe("dateOnOrBefore");
    expect(bad.path).toEqual(["properties", "purchase date", "dateOnOrBefore"]);
    expect(bad.reason).toMatch(/^date bound "todya" is not a date nor a relative date/);
    expect(bad.message).not.toContain("undefined");

    const inList = refusal({ type: "array", items: { anyOf: [{ type: "integer", minAmount: 1.5 }] } });
    expect(inList.path).toEqual(["items", "anyOf", 0, "minAmount"]);
    expect(inList.reason).toBe("1.5 is not allowed here: the value must be integer");
  });
});

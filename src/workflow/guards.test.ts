import { describe, expect, it } from "vitest";
import { evaluateGuard, guardFields, readField } from "./guards";
import type { Answers, Guard } from "./types";

const now = new Date("2026-06-01T16:00:00Z");
const answers: Answers = {
  residency: { livesHere: true, county: "Marion" },
  applicant: { dateOfBirth: "12/31/1960", age: 65, name: "Ana", empty: "", tags: [] },
  dogs: [{ name: "Rex" }, { name: "Luna" }],
  lookup: { zip: "46201" },
};
const results = { lookup: { district: "North", count: 3 } };
const holds = (guard: Guard) => evaluateGuard(guard, answers, { now, results });

describe("readField", () => {
  it("reads a dotted path, screen name first, into objects and lists", () => {
    expect(readField(answers, "residency.county")).toBe("Marion");
    expect(readField(answers, "dogs.1.name")).toBe("Luna");
    expect(readField(answers, "dogs.5.name")).toBeUndefined();
    expect(readField(answers, "nowhere.at.all")).toBeUndefined();
  });
  it("reads a screen's integration result through $result", () => {
    expect(readField(answers, "lookup.$result.district", results)).toBe("North");
  });
  it("never follows inherited properties", () => {
    expect(readField(answers, "residency.constructor")).toBeUndefined();
    expect(readField(answers, "residency.__proto__")).toBeUndefined();
  });
});

describe("evaluateGuard", () => {
  it("equals compares values, objects and lists deeply", () => {
    expect(holds({ field: "residency.livesHere", equals: true })).toBe(true);
    expect(holds({ field: "residency.livesHere", equals: "true" })).toBe(false);
    expect(holds({ field: "dogs.0", equals: { name: "Rex" } })).toBe(true);
    expect(holds({ field: "applicant.missing", equals: null })).toBe(false);
  });

  it("notEquals is the opposite of equals, true for an unanswered field", () => {
    expect(holds({ field: "residency.county", notEquals: "Marion" })).toBe(false);
    expect(holds({ field: "residency.county", notEquals: "Hamilton" })).toBe(true);
    expect(holds({ field: "applicant.missing", notEquals: "x" })).toBe(true);
  });

  it("in holds when the value is one of the list", () => {
    expect(holds({ field: "residency.county", in: ["Hamilton", "Marion"] })).toBe(true);
    expect(holds({ field: "residency.county", in: ["Hamilton"] })).toBe(false);
  });

  it("gt, gte, lt and lte compare numbers", () => {
    expect(holds({ field: "applicant.age", gt: 64 })).toBe(true);
    expect(holds({ field: "applicant.age", gt: 65 })).toBe(false);
    expect(holds({ field: "applicant.age", gte: 65 })).toBe(true);
    expect(holds({ field: "applicant.age", lt: 65 })).toBe(false);
    expect(holds({ field: "applicant.age", lte: 65 })).toBe(true);
    expect(holds({ field: "lookup.$result.count", lt: 4 })).toBe(true);
  });

  it("gt, gte, lt and lte compare mm/dd/yyyy dates with dates and with today", () => {
    expect(holds({ field: "applicant.dateOfBirth", lt: "01/01/1961" })).toBe(true);
    expect(holds({ field: "applicant.dateOfBirth", gte: "1960-12-31" })).toBe(true);
    expect(holds({ field: "applicant.dateOfBirth", gt: "1960-12-31" })).toBe(false);
    expect(holds({ field: "applicant.dateOfBirth", lte: "today" })).toBe(true);
  });

  it("a comparison between different kinds, or with an unanswered field, does not hold", () => {
    expect(holds({ field: "applicant.name", gt: 3 })).toBe(false);
    expect(holds({ field: "applicant.age", gt: "01/01/2000" })).toBe(false);
    expect(holds({ field: "applicant.missing", lt: 3 })).toBe(false);
  });

  it("exists tells an answer from an empty or missing one", () => {
    expect(holds({ field: "applicant.name", exists: true })).toBe(true);
    expect(holds({ field: "applicant.empty", exists: true })).toBe(false);
    expect(holds({ field: "applicant.tags", exists: false })).toBe(true);
    expect(holds({ field: "applicant.missing", exists: false })).toBe(true);
  });

  it("ageAtLeast measures age today or on December 31 of last year", () => {
    // Born 12/31/1960: 65 on 06/01/2026, and 65 on 12/31/2025 (the birthday itself).
    expect(holds({ field: "applicant.dateOfBirth", ageAtLeast: { years: 65 } })).toBe(true);
    expect(holds({ field: "applicant.dateOfBirth", ageAtLeast: { years: 65, on: "endOfLastYear" } })).toBe(
      true,
    );
    expect(
      evaluateGuard(
        { field: "a.dob", ageAtLeast: { years: 65, on: "endOfLastYear" } },
        { a: { dob: "01/01/1961" } },
        { now },
      ),
    ).toBe(false);
    expect(
      evaluateGuard({ field: "a.dob", ageAtLeast: { years: 65 } }, { a: { dob: "01/01/1961" } }, { now }),
    ).toBe(true);
    expect(holds({ field: "applicant.name", ageAtLeast: { years: 1 } })).toBe(false);
  });

  it("all, any and not combine conditions", () => {
    const yes: Guard = { field: "residency.livesHere", equals: true };
    const no: Guard = { field: "residency.livesHere", equals: false };
    expect(holds({ all: [yes, yes] })).toBe(true);
    expect(holds({ all: [yes, no] })).toBe(false);
    expect(holds({ any: [no, yes] })).toBe(true);
    expect(holds({ any: [no, no] })).toBe(false);
    expect(holds({ not: no })).toBe(true);
    expect(holds({ not: { any: [no, { all: [yes, { not: yes }] }] } })).toBe(true);
  });
});

describe("guardFields", () => {
  it("lists every field a guard reads, with where it is written", () => {
    expect(
      guardFields({ all: [{ field: "a.b", exists: true }, { not: { field: "c.d", equals: 1 } }] }, ["when"]),
    ).toEqual([
      { field: "a.b", path: ["when", "all", 0, "field"] },
      { field: "c.d", path: ["when", "all", 1, "not", "field"] },
    ]);
  });
});

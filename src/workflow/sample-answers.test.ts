import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogueFormats, usPhoneDigits } from "../forms/validation/formats";
import { screenForm } from "./form";
import { evaluateGuard } from "./guards";
import { loadWorkflows } from "./registry";
import { recordingNow } from "./replay";
import { conditionValues, patternSample, sampleAnswers, sampleValue, schemaAt } from "./sample-answers";
import { isQuestionType } from "./screens";
import type { Comparison, JSONSchema, Screen } from "./types";
import { validateAnswers } from "./validate-port";

const workflowsDir = fileURLToPath(new URL("../../workflows/", import.meta.url));
const { workflows } = await loadWorkflows(workflowsDir);

// Two days: a leap day and an ordinary one, so that no sample holds only by the calendar's luck.
const DAYS = ["2026-06-01", "2028-02-29"].map(recordingNow);
const now = DAYS[0] as Date;

const valid = (schema: JSONSchema, data: unknown, at = now) =>
  validateAnswers(schema, data, { locale: "en", now: at });

const object = (properties: Record<string, JSONSchema>): JSONSchema => ({
  type: "object",
  required: Object.keys(properties),
  properties,
});

describe("sampleValue", () => {
  it("passes every format of the validation catalogue", () => {
    for (const [format, { type }] of Object.entries(catalogueFormats)) {
      const schema = object({ field: { type: type === "number" ? "integer" : "string", format } });
      const sample = sampleValue(schema, { now });
      expect(valid(schema, sample), `${format}: ${JSON.stringify(sample)}`).toEqual([]);
    }
  });

  it("writes phone numbers whose area code and exchange start with 2 to 9", () => {
    const phone = sampleValue({ type: "string", format: "us-phone" }, { now });
    expect(usPhoneDigits(String(phone))).toMatch(/^[2-9]\d{2}[2-9]\d{6}$/);
  });

  it("chooses dates inside their bounds, written mm/dd/yyyy", () => {
    const schema = object({
      dateOfBirth: { type: "string", format: "us-date", dateOnOrBefore: { years: -18 } },
      dogBorn: {
        type: "string",
        format: "us-date",
        dateOnOrAfter: "2000-01-01",
        dateOnOrBefore: { months: -4 },
      },
      vaccinated: {
        type: "string",
        format: "us-date",
        dateOnOrAfter: { years: -3 },
        dateOnOrBefore: "today",
      },
      signedOn: { type: "string", format: "us-date", isToday: true },
      nextVisit: { type: "string", format: "us-date", dateOnOrAfter: { days: 30 } },
    });
    for (const day of DAYS) {
      const sample = sampleValue(schema, { now: day }) as Record<string, string>;
      expect(valid(schema, sample, day), JSON.stringify(sample)).toEqual([]);
      expect(sample.signedOn).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
    // A birth date is a grown-up's; an ISO date field gets an ISO date.
    expect(sampleValue({ type: "string", format: "us-date" }, { now }, "dateOfBirth")).toBe("06/01/1986");
    expect(sampleValue({ type: "string", format: "date" }, { now }, "movedIn")).toBe("2025-06-01");
  });

  it("keeps numbers and amounts within their bounds", () => {
    expect(sampleValue({ type: "integer", minimum: 5, maximum: 7 }, { now })).toBe(5);
    expect(sampleValue({ type: "integer", maximum: -3 }, { now })).toBe(-3);
    expect(sampleValue({ type: "integer", exclusiveMinimum: 10 }, { now })).toBe(11);
    expect(sampleValue({ type: "integer", minimum: 2, multipleOf: 5 }, { now })).toBe(5);
    expect(sampleValue({ type: "number", minimum: 0.5, maximum: 0.75 }, { now })).toBe(0.75);
    const money = { type: "integer", format: "cents", minimum: 0, minAmount: 100, maxAmount: 50000 };
    expect(sampleValue(money, { now })).toBe(2500);
    expect(sampleValue({ ...money, maxAmount: 1000 }, { now })).toBe(1000);
    const schema = object({ share: { type: "integer", minimum: 0, maximum: 100 }, amount: money });
    expect(valid(schema, sampleValue(schema, { now }))).toEqual([]);
  });

  it("takes the first choice, ticks boxes that must be ticked, and fills both sides of a comparison", () => {
    const schema = object({
      sex: {
        type: "string",
        oneOf: [
          { const: "female", title: "Female" },
          { const: "male", title: "Male" },
        ],
      },
      size: { type: "string", enum: ["small", "large"] },
      agree: { type: "boolean", mustAgree: true },
      email: { type: "string", format: "email" },
      emailAgain: { type: "string", format: "email", matchesField: "/email" },
      state: { type: "string", pattern: "^[A-Z]{2}$", default: "IN" },
    });
    const sample = sampleValue(schema, { now });
    expect(sample).toMatchObject({ sex: "female", size: "small", agree: true, state: "IN" });
    expect(valid(schema, sample)).toEqual([]);
    // Fields compared with another field of the screen pass when equal, or are later for times.
    const fields = sampleValue(
      object({
        from: { type: "string", format: "us-date" },
        to: { type: "string", format: "us-date", dateOnOrAfterField: "/from", dateOnOrBefore: { years: -2 } },
        opens: { type: "string", format: "time-of-day" },
        closes: { type: "string", format: "time-of-day", timeAfterField: "/opens" },
      }),
      { now },
    ) as Record<string, string>;
    expect(fields.to).toBe(fields.from);
    expect(fields.closes).not.toBe(fields.opens);
  });

  it("fills a pattern, or leaves a pattern it cannot read to the validator", () => {
    expect(patternSample("^[A-Z]{2}$")).toBe("AA");
    expect(patternSample("^\\d{4,17}$")).toBe("1111");
    expect(patternSample("^[0-9A-Za-z-]{1,30}$")).toBe("0");
    expect(patternSample("^A-\\d+x?$")).toBe("A-1");
    expect(patternSample("^(cat|dog)$")).toBeUndefined();
    const schema = object({ bid: { type: "string", pattern: "^BID-\\d{5}$" } });
    expect(valid(schema, sampleValue(schema, { now }))).toEqual([]);
  });

  it("fits texts to their length", () => {
    expect(sampleValue({ type: "string", maxLength: 4 }, { now }, "firstName")).toHaveLength(4);
    expect(
      String(sampleValue({ type: "string", minLength: 40 }, { now }, "note")).length,
    ).toBeGreaterThanOrEqual(40);
    expect(sampleValue({ type: "string" }, { now }, "firstName")).toBe("Sample first name");
  });
});

describe("sampleAnswers", () => {
  it("answers a repeated group with one item", () => {
    const dogs = workflows.get("demo-dog-licence")?.screens.find((s) => s.name === "dogs") as Screen;
    const sample = sampleAnswers(dogs.schema, { now });
    expect(Array.isArray(sample) && sample.length).toBe(1);
    expect(valid(screenForm(dogs, "en").schema as JSONSchema, sample)).toEqual([]);
  });

  it("gives valid answers to every question of every service, on any day", () => {
    for (const workflow of workflows.values()) {
      for (const screen of workflow.screens) {
        // Choices filled from a lookup need the journey: record.test.ts covers them.
        if (!isQuestionType(screen.type) || screen.choices) continue;
        const schema = screenForm(screen, "en").schema as JSONSchema;
        for (const day of DAYS) {
          const sample = sampleAnswers(screen.schema, { now: day });
          expect(valid(schema, sample, day), `${workflow.name} ${screen.name}`).toEqual([]);
        }
      }
    }
  });

  it("takes a choice from the options the journey offers", () => {
    const schema = object({ parcelNumber: { type: "string" } });
    expect(sampleAnswers(schema, { now, choices: { parcelNumber: ["1000002", "1000003"] } })).toEqual({
      parcelNumber: "1000002",
    });
  });
});

describe("conditionValues", () => {
  const holds = (comparison: Comparison, value: unknown) => {
    const [screen, field] = comparison.field.split(".") as [string, string];
    return evaluateGuard(comparison, { [screen]: value === undefined ? {} : { [field]: value } }, { now });
  };
  const both = (comparison: Comparison, schema?: JSONSchema) => {
    const values = conditionValues(comparison, schema, { now });
    return new Set(values.map((value) => holds(comparison, value)));
  };

  it("offers answers on both sides of every kind of comparison", () => {
    const date = { type: "string", format: "us-date" };
    const cases: Array<[Comparison, JSONSchema?]> = [
      [{ field: "a.dob", ageAtLeast: { years: 65, on: "endOfLastYear" } }, date],
      [{ field: "a.dob", ageAtLeast: { years: 18 } }, date],
      [{ field: "a.n", gte: 10 }],
      [{ field: "a.n", lt: 1700000 }],
      [{ field: "a.d", lte: "today" }, date],
      [{ field: "a.d", gt: "01/01/2020" }, date],
      [{ field: "a.yes", equals: false }, { type: "boolean" }],
      [
        { field: "a.role", equals: "owner" },
        { type: "string", enum: ["owner", "representative"] },
      ],
      [
        { field: "a.role", notEquals: "owner" },
        { type: "string", enum: ["owner", "representative"] },
      ],
      [
        { field: "a.type", in: ["red", "blue"] },
        { type: "string", enum: ["red", "blue", "green"] },
      ],
      [{ field: "a.amount", exists: true }, { type: "integer" }],
    ];
    for (const [comparison, schema] of cases) {
      expect(both(comparison, schema), JSON.stringify(comparison)).toEqual(new Set([true, false]));
    }
  });

  it("reads a field's schema inside objects and repeated items", () => {
    const schema = { type: "array", items: object({ address: object({ zip: { type: "string" } }) }) };
    expect(schemaAt(schema, ["0", "address", "zip"])).toEqual({ type: "string" });
    expect(schemaAt(schema, ["0", "nothing"])).toBeUndefined();
  });
});

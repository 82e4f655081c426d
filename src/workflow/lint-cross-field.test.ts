import { describe, expect, it } from "vitest";
import { lintCrossFieldRules } from "./lint-cross-field";
import type { JSONSchema, Screen } from "./types";

function problems(schema: JSONSchema, repeat = false): string[] {
  const screen = {
    name: "event",
    lens: ["nodes", 1],
    schema,
    repeat: repeat ? { max: 3 } : undefined,
  } as unknown as Screen;
  const found: string[] = [];
  lintCrossFieldRules(screen, (path, message) => found.push(`${path.join(".")}: ${message}`));
  return found;
}

const date = { type: "string", format: "us-date" };
const time = { type: "string", format: "time-of-day" };

describe("workflow check: rules across fields", () => {
  it("accepts comparisons of fields of the right kind, beside each other or from the top", () => {
    expect(
      problems({
        type: "object",
        properties: {
          start: date,
          end: { ...date, dateOnOrAfterField: "/start" },
          from: time,
          to: { ...time, timeAfterField: "/from" },
          budget: { type: "integer", format: "cents" },
          stay: {
            type: "object",
            properties: { spend: { type: "integer", format: "cents", maximumField: "#/budget" } },
          },
          account: { type: "string" },
          confirm: { type: "string", matchesField: "/account" },
        },
      }),
    ).toEqual([]);
  });

  it("names an unknown field, with the fields that are there", () => {
    expect(
      problems({
        type: "object",
        properties: { start: date, end: { ...date, dateOnOrAfterField: "/strat" } },
      }),
    ).toEqual([
      'nodes.1.data.config.schema.properties.end.dateOnOrAfterField: dateOnOrAfterField compares with an unknown field "/strat" (fields there: start, end)',
    ]);
  });

  it("refuses comparisons across kinds, money with plain numbers, a field with itself, and values that are not pointers", () => {
    expect(
      problems({
        type: "object",
        properties: {
          start: { type: "integer" },
          end: { ...date, dateOnOrAfterField: "/start" },
          budget: { type: "integer", format: "cents" },
          guests: { type: "integer", minimumField: "/budget" },
          self: { ...time, timeAfterField: "/self" },
          word: { type: "string", matchesField: "/guests" },
          typo: { ...date, dateOnOrBeforeField: "start" },
        },
      }),
    ).toEqual([
      'nodes.1.data.config.schema.properties.end.dateOnOrAfterField: dateOnOrAfterField compares a date ("format": "us-date"), but "/start" is not one',
      'nodes.1.data.config.schema.properties.guests.minimumField: minimumField compares an amount of money with a plain number ("/budget"): give both "format": "cents" or neither',
      "nodes.1.data.config.schema.properties.self.timeAfterField: timeAfterField compares the field with itself",
      'nodes.1.data.config.schema.properties.word.matchesField: matchesField compares a string with a integer ("/guests"): the values could never match',
      'nodes.1.data.config.schema.properties.typo.dateOnOrBeforeField: dateOnOrBeforeField needs a field: "/otherField" beside this one, or "#/group/field" from the screen\'s top',
    ]);
  });

  it("checks the items of a repeated screen", () => {
    expect(
      problems(
        {
          type: "array",
          items: { type: "object", properties: { end: { ...date, dateOnOrAfterField: "/start" } } },
        },
        true,
      ),
    ).toHaveLength(1);
  });
});

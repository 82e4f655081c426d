// @vitest-environment jsdom
import { getFirstMatchingOption, type RJSFSchema, retrieveSchema } from "@rjsf/utils";
import { cleanup, render } from "@testing-library/react";
import { Ajv } from "ajv";
import { afterEach, describe, expect, it } from "vitest";
import { ScreenForm } from "./ScreenForm";
import { conditionProblems, DECIDED_KEYWORDS, matchesSchema, screenValidator } from "./schema-matcher";

afterEach(() => cleanup());

/** Each schema with data it matches and data it does not, by Ajv's reading. */
const CASES: Array<[schema: Record<string, unknown>, data: unknown[]]> = [
  [
    {
      definitions: { short: { maxLength: 3 }, yes: { const: true } },
      properties: { code: { $ref: "#/definitions/short", minLength: 2 }, ok: { $ref: "#/definitions/yes" } },
    },
    [{ code: "ab" }, { code: "a" }, { code: "abcd" }, { ok: true }, { ok: false }],
  ],
  [{ type: ["integer", "null"] }, [3, 3.5, null, "3"]],
  [{ type: "number" }, [3, 0.5, "x"]],
  [
    { const: { a: 1, b: [1, 2] } },
    [
      { b: [1, 2], a: 1 },
      { a: 1, b: [2, 1] },
    ],
  ],
  [{ enum: ["x", { k: 1 }] }, ["x", { k: 1 }, "y", { k: 2 }]],
  // Characters, not UTF-16 units: two emoji are two.
  [{ minLength: 2, maxLength: 3 }, ["😀😀", "a", "abcd", 7]],
  [{ pattern: "^[A-Z]{2}$" }, ["IN", "in"]],
  [{ minimum: 1, maximum: 5 }, [1, 5, 0, 6]],
  [{ exclusiveMinimum: 1, exclusiveMaximum: 5 }, [1, 2, 5]],
  [{ multipleOf: 5 }, [10, 3, "3"]],
  [{ multipleOf: 0.25 }, [0.5, 0.3]],
  [{ required: ["a"] }, [{}, { a: 1 }, "not an object"]],
  [
    {
      properties: { a: { type: "string" } },
      patternProperties: { "^x-": { type: "number" } },
      additionalProperties: false,
    },
    [{ a: "1" }, { a: 1 }, { "x-n": 1 }, { "x-n": "1" }, { b: 1 }],
  ],
  [{ additionalProperties: { type: "boolean" } }, [{ a: true }, { a: 1 }]],
  [{ propertyNames: { pattern: "^[a-z]+$" } }, [{ abc: 1 }, { Abc: 1 }]],
  [{ minProperties: 1, maxProperties: 2 }, [{}, { a: 1 }, { a: 1, b: 2, c: 3 }]],
  [
    { items: { type: "string" }, minItems: 1, maxItems: 3, uniqueItems: true, contains: { const: "a" } },
    [["a"], [], ["a", "a"], ["b"], ["a", 1], ["a", "b", "c", "d"]],
  ],
  [
    { uniqueItems: true },
    [
      [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ],
      [{ a: 1 }, { a: 2 }],
    ],
  ],
  [
    {
      allOf: [{ minimum: 1 }],
      anyOf: [{ multipleOf: 2 }, { multipleOf: 3 }],
      oneOf: [{ maximum: 10 }, { multipleOf: 5 }],
      not: { const: 9 },
    },
    [2, 10, 9, 7, 15, 0],
  ],
  [
    {
      if: { properties: { n: { multipleOf: 5 } }, required: ["n"] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
      then: { required: ["extra"] },
      else: { not: { required: ["extra"] } },
    },
    [{ n: 10 }, { n: 10, extra: "x" }, { n: 3 }, { n: 3, extra: "x" }],
  ],
];

function keywordsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (value && typeof value === "object") {
    for (const [key, sub] of Object.entries(value)) {
      into.add(key);
      keywordsIn(sub, into);
    }
  }
  return into;
}

describe("matchesSchema (RJSF's conditions, without Ajv)", () => {
  const ajv = new Ajv({ strict: false });

  it("decides every keyword it claims as Ajv does", () => {
    for (const [schema, data] of CASES) {
      const validate = ajv.compile(schema);
      const answers = data.map((d) => validate(d));
      // Each case tells matching data from data that does not match.
      expect(new Set(answers), JSON.stringify(schema)).toEqual(new Set([true, false]));
      expect(
        data.map((d) => matchesSchema(schema, d, schema)),
        JSON.stringify(schema),
      ).toEqual(answers);
    }
    const covered = keywordsIn(CASES.map(([schema]) => schema));
    expect(DECIDED_KEYWORDS.filter((keyword) => !covered.has(keyword))).toEqual([]);
  });

  it("takes an undefined member (RJSF's form data) as absent", () => {
    const schema = { required: ["a"], additionalProperties: false, maxProperties: 0 };
    expect(matchesSchema(schema, { a: undefined }, schema)).toBe(false);
    expect(matchesSchema({ maxProperties: 0, additionalProperties: false }, { a: undefined }, {})).toBe(true);
  });
});

describe("RJSF's choices, decided by screenValidator", () => {
  /** The fields RJSF shows for `data` when `condition` decides between two branches. */
  const branch = (condition: RJSFSchema, data: object) =>
    Object.keys(
      retrieveSchema(
        screenValidator,
        {
          type: "object",
          if: condition,
          // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
          then: { properties: { then: { type: "string" } } },
          else: { properties: { else: { type: "string" } } },
        },
        {},
        data,
      ).properties ?? {},
    );

  // Keywords the matcher used to take as met whatever the answer.
  const conditions: Array<[keyword: string, condition: RJSFSchema, met: object, unmet: object]> = [
    ["multipleOf", { properties: { n: { multipleOf: 5 } } }, { n: 10 }, { n: 3 }],
    [
      "uniqueItems",
      { properties: { pets: { uniqueItems: true } } },
      { pets: ["a", "b"] },
      { pets: ["a", "a"] },
    ],
    [
      "additionalProperties",
      { properties: { owner: {} }, additionalProperties: false },
      { owner: "x" },
      { owner: "x", agent: "y" },
    ],
    [
      "patternProperties",
      { patternProperties: { "^phone": { pattern: "^[0-9]+$" } } },
      { phone1: "555" },
      { phone1: "five" },
    ],
    ["exclusiveMaximum", { properties: { age: { exclusiveMaximum: 18 } } }, { age: 17 }, { age: 18 }],
    ["minProperties", { minProperties: 2 }, { a: 1, b: 2 }, { a: 1 }],
  ];

  it.each(conditions)("follows if/then/else on %s", (_keyword, condition, met, unmet) => {
    expect(branch(condition, met)).toEqual(["then"]);
    expect(branch(condition, unmet)).toEqual(["else"]);
  });

  it.each(conditions)("picks the oneOf option that %s allows", (_keyword, condition, met, unmet) => {
    const options: RJSFSchema[] = [{ type: "object", ...condition }, { type: "object" }];
    expect(getFirstMatchingOption(screenValidator, met, options, {})).toBe(0);
    expect(getFirstMatchingOption(screenValidator, unmet, options, {})).toBe(1);
  });

  it("lets RJSF show the fields a condition adds", () => {
    const schema: RJSFSchema = {
      type: "object",
      properties: { dogs: { type: "integer", title: "How many dogs?" } },
      if: { properties: { dogs: { exclusiveMinimum: 2 } }, required: ["dogs"] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
      then: { properties: { kennel: { type: "string", title: "Kennel licence number" } } },
    };
    const two = render(<ScreenForm schema={schema} formData={{ dogs: 2 }} locale="en" action="/x" />);
    expect(two.container.querySelector("#root_kennel")).toBeNull();
    cleanup();
    const three = render(<ScreenForm schema={schema} formData={{ dogs: 3 }} locale="en" action="/x" />);
    expect(three.container.querySelector("#root_kennel")).not.toBeNull();
  });
});

describe("conditionProblems", () => {
  it("finds each keyword the matcher cannot decide in a condition, where it is", () => {
    const schema = {
      type: "object",
      definitions: { email: { type: "string", format: "email" } },
      properties: {
        contact: {
          type: "string",
          oneOf: [
            { const: "post", title: "By post" },
            { type: "string", format: "us-phone", title: "A phone number" },
          ],
        },
        since: { anyOf: [{ dateOnOrAfter: "today" }, { items: [{ type: "string" }] }] },
        sameAs: { oneOf: [{ $ref: "#/definitions/email" }, { $ref: "definitions/common.json#/$defs/name" }] },
      },
      if: { properties: { pets: { dependentRequired: { dog: ["kennel"] } } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
      then: { properties: { kennel: { type: "string", format: "email" } } },
    };
    expect(conditionProblems(schema)).toEqual(
      expect.arrayContaining([
        { path: ["properties", "contact", "oneOf", 1], keyword: "format" },
        { path: ["properties", "since", "anyOf", 0], keyword: "dateOnOrAfter" },
        { path: ["properties", "since", "anyOf", 1], keyword: "items" },
        { path: ["definitions", "email"], keyword: "format" },
        { path: ["properties", "sameAs", "oneOf", 1], keyword: "$ref" },
        { path: ["if", "properties", "pets"], keyword: "dependentRequired" },
      ]),
    );
    expect(conditionProblems(schema)).toHaveLength(6);
  });

  it("lets through what the matcher decides, annotations, and any keyword outside conditions", () => {
    const schema = {
      type: "object",
      required: ["role"],
      properties: {
        role: {
          type: "string",
          format: "email",
          oneOf: [
            { const: "owner", title: "Owner", description: "The owner", "x-messages": { const: "pick" } },
            { enum: ["agent"], $comment: "an agent", default: "agent" },
          ],
        },
        born: { type: "string", format: "us-date", dateOnOrBefore: "today" },
      },
      if: {
        anyOf: [{ required: ["recordNumber"] }, { properties: { n: { multipleOf: 2, not: { const: 4 } } } }],
      },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
      then: { properties: { recordNumber: { format: "us-date", "x-required-na": true } } },
      else: { properties: { n: { dateOnOrAfter: "today" } } },
    };
    expect(conditionProblems(schema)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { closestName } from "./closest-name";
import { lintRequired } from "./lint-required";
import type { Screen } from "./types";

function problems(schema: object, repeat = false): string[] {
  const screen = {
    name: "applicant",
    lens: ["nodes", 1],
    schema: repeat ? { type: "array", items: schema } : schema,
    repeat: repeat ? { max: 2 } : undefined,
  } as unknown as Screen;
  const found: string[] = [];
  lintRequired(screen, (path, message) => found.push(`${path.join(".")}: ${message}`));
  return found;
}

const text = { type: "string" };

describe("workflow check: required fields", () => {
  it("accepts required fields that are fields of their object, in conditions too", () => {
    expect(problems({ type: "object", required: ["email"], properties: { email: text } })).toEqual([]);
    // As combine-parcels asks for a record number or a page number: the condition names fields beside it.
    expect(
      problems({
        type: "object",
        properties: { instrument: text, recordNumber: text, pageNumber: text },
        if: { anyOf: [{ required: ["recordNumber"] }, { required: ["pageNumber"] }] },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
        then: { required: ["instrument"] },
      }),
    ).toEqual([]);
    // A field a condition adds is one of the object's fields.
    expect(
      problems({
        type: "object",
        properties: { other: { type: "boolean" } },
        dependencies: { other: { properties: { details: text }, required: ["details"] } },
      }),
    ).toEqual([]);
  });

  it("names the screen and the field, and the property it was probably meant to be", () => {
    expect(
      problems({ type: "object", required: ["name", "emial"], properties: { name: text, email: text } }),
    ).toEqual([
      'nodes.1.data.config.schema.required.1: "required" names "emial", which is not a field of screen "applicant" (did you mean "email"?): the form never shows it, so residents would be told "This field is required." whatever they answer',
    ]);
    expect(problems({ type: "object", required: ["phone"], properties: { name: text } })).toEqual([
      expect.stringContaining(
        '"required" names "phone", which is not a field of screen "applicant": the form',
      ),
    ]);
  });

  it("checks nested objects, conditions and the items of a repeat, each at its place in the file", () => {
    expect(
      problems({
        type: "object",
        properties: {
          mailing: { type: "object", required: ["zipp"], properties: { zip: text } },
        },
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
        then: { required: ["mailng"] },
      }),
    ).toEqual([
      expect.stringMatching(
        /^nodes\.1\.data\.config\.schema\.then\.required\.0: "required" names "mailng", .*\(did you mean "mailing"\?\)/,
      ),
      expect.stringMatching(
        /^nodes\.1\.data\.config\.schema\.properties\.mailing\.required\.0: "required" names "zipp", which is not a field of "mailing" on screen "applicant" \(did you mean "zip"\?\)/,
      ),
    ]);
    expect(problems({ type: "object", required: ["nme"], properties: { name: text } }, true)).toEqual([
      expect.stringMatching(/^nodes\.1\.data\.config\.schema\.required\.0: "required" names "nme"/),
    ]);
  });
});

describe("closestName", () => {
  it("finds a name a typo or two away, whatever the case, and nothing for a name far from all", () => {
    expect(closestName("emial", ["name", "email"])).toBe("email");
    expect(closestName("fullname", ["fullName"])).toBe("fullName");
    expect(closestName("nxt", ["errors", "next"])).toBe("next");
    expect(closestName("phone", ["name", "email"])).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { jsonText } from "./json-text";

describe("jsonText", () => {
  it("keeps what fits on one line, and opens up what does not", () => {
    expect(jsonText({ next: "applicant" })).toBe('{ "next": "applicant" }\n');
    expect(jsonText({ a: "x".repeat(20), b: [1, 2] }, 20)).toBe(
      `{\n  "a": "${"x".repeat(20)}",\n  "b": [1, 2]\n}\n`,
    );
  });

  it("reads back as what JSON.stringify gives, with nothing undefined written", () => {
    const value = { kept: [1, undefined, { gone: undefined, here: null }], gone: undefined };
    expect(JSON.parse(jsonText(value))).toEqual(JSON.parse(JSON.stringify(value)));
    expect(JSON.parse(jsonText(value, 10))).toEqual(JSON.parse(JSON.stringify(value)));
  });
});

import { describe, expect, it } from "vitest";
import type { KeywordCheck } from "./keyword-checks";
import { equal, formats, keywords, ucs2length } from "./runtime";

const check = (name: keyof typeof keywords) => keywords[name] as KeywordCheck;

describe("runtime helpers for compiled validators", () => {
  it("counts code points as Ajv does", () => {
    expect(ucs2length("abc")).toBe(3);
    expect(ucs2length("😀a")).toBe(2);
    expect(ucs2length("")).toBe(0);
  });

  it("compares JSON values deeply", () => {
    expect(equal({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(equal({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(equal([1, 2], [2, 1])).toBe(false);
    expect(equal([1], { 0: 1 })).toBe(false);
    expect(equal(Number.NaN, Number.NaN)).toBe(true);
    expect(equal(null, {})).toBe(false);
  });

  it("exposes every format and keyword check", () => {
    expect(formats["us-zip"]?.validate("46204" as never)).toBe(true);
    expect(check("mustAgree")(true, true, undefined, undefined, undefined)).toBe(true);
    expect(() => check("isToday")("03/15/2026", true, undefined, undefined, undefined)).toThrow(/clock/);
  });
});

import { describe, expect, it } from "vitest";
import { pageAndLang } from "./list-params";

describe("a list's page and language", () => {
  it("reads a whole page number from 1, capped, and otherwise the first page", () => {
    expect(pageAndLang("3", undefined)).toEqual({ page: 3 });
    expect(pageAndLang("2abc", undefined)).toEqual({ page: 2 });
    expect(pageAndLang("999999999", undefined)).toEqual({ page: 100_000 });
    for (const bad of [undefined, "", "0", "-4", "x", "Infinity", "NaN"])
      expect([bad, pageAndLang(bad, undefined).page]).toEqual([bad, 1]);
  });

  it("keeps English or Spanish, and nothing else", () => {
    expect(pageAndLang(undefined, "es")).toEqual({ page: 1, lang: "es" });
    expect(pageAndLang(undefined, "en")).toEqual({ page: 1, lang: "en" });
    expect(pageAndLang(undefined, "fr")).toEqual({ page: 1 });
    expect(pageAndLang(undefined, "ES")).toEqual({ page: 1 });
  });
});

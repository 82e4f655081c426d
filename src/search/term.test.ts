import { describe, expect, it } from "vitest";
import { cleanTerm, decodeTerm, isSearchable, searchPageHref } from "./term";

describe("terms", () => {
  it("decodes percent-encoded terms, keeping invalid encodings as typed", () => {
    expect(decodeTerm("deducci%C3%B3n%20homestead")).toBe("deducción homestead");
    expect(decodeTerm("100%")).toBe("100%");
    expect(decodeTerm("%E0%A4%A")).toBe("%E0%A4%A");
    expect(decodeTerm(null)).toBe("");
  });

  it("cleans: trims, single spaces, no control characters, 200 characters at most", () => {
    expect(cleanTerm("  pay\u0000 \n taxes  ")).toBe("pay taxes");
    expect(cleanTerm("x".repeat(10_000))).toHaveLength(200);
    expect(cleanTerm(`${"x".repeat(199)}🙂`)).toBe("x".repeat(199));
    expect(cleanTerm(7)).toBe("");
  });

  it("knows when there is something to search", () => {
    expect(isSearchable("¿?!")).toBe(false);
    expect(isSearchable("ñ")).toBe(true);
    expect(isSearchable("311")).toBe(true);
  });

  it("links to the results page", () => {
    expect(searchPageHref("pay & go")).toBe("/search?term=pay%20%26%20go");
  });
});

import { describe, expect, it } from "vitest";
import { TypoMeter, typoDistance, typosAllowed } from "./typos";

describe("typoDistance", () => {
  it("counts insertions, deletions, substitutions and transpositions as one typo each", () => {
    expect(typoDistance("birth", "birth", 2)).toBe(0);
    expect(typoDistance("birht", "birth", 2)).toBe(1);
    expect(typoDistance("pothle", "pothole", 2)).toBe(1);
    expect(typoDistance("vasura", "basura", 2)).toBe(1);
    expect(typoDistance("pothole", "potholes", 2)).toBe(1);
    expect(typoDistance("buisness", "business", 2)).toBe(1);
    expect(typoDistance("licitasiones", "licitaciones", 1)).toBe(1);
    expect(typoDistance("abc", "xyz", 2)).toBe(-1);
    expect(typoDistance("short", "much longer", 2)).toBe(-1);
    expect(typoDistance("", "ab", 2)).toBe(2);
  });

  it("gives the same answers when reused (buffers are shared)", () => {
    const meter = new TypoMeter();
    const pairs: Array<[string, string]> = [
      ["kitten", "sitting"],
      ["ca", "abc"],
      ["flaw", "lawn"],
      ["deducsion", "deduccion"],
    ];
    const first = pairs.map(([a, b]) => meter.distance(a, b, 3));
    expect(first).toEqual([3, 3, 2, 1]);
    expect(pairs.map(([a, b]) => meter.distance(a, b, 3))).toEqual(first);
  });

  it("allows typos by word length like Algolia", () => {
    expect([3, 4, 7, 8].map((n) => typosAllowed(n, 4, 8))).toEqual([0, 1, 1, 2]);
  });
});

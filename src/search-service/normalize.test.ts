import { describe, expect, it } from "vitest";
import { foldedWords, foldText, sanitizeText } from "./normalize";

describe("normalize", () => {
  it("folds accents, case and punctuation", () => {
    expect(foldText("Deducción: ¿Año?  NIÑOS—Über")).toBe("deduccion ano ninos uber");
    expect(foldedWords("  ")).toEqual([]);
    expect(foldedWords("over-65 property's")).toEqual(["over", "65", "property", "s"]);
  });

  it("makes any input a safe, bounded string", () => {
    expect(sanitizeText(undefined)).toBe("");
    expect(sanitizeText(42)).toBe("");
    expect(sanitizeText("a\u0000b\ud800c")).toBe("a b c");
    expect(sanitizeText("x".repeat(10_000))).toHaveLength(512);
  });
});

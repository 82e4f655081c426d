import { describe, expect, it } from "vitest";
import { excerpt, markdownToText } from "./markdown-text";
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

describe("markdownToText", () => {
  it("keeps the words and drops the markup", () => {
    const text = markdownToText(
      "## Ways to pay\n\n- **Online** with a [card](https://x.org)\n- ![logo](/a.png) By _mail_\n\n| a | b |\n|---|---|\n| 1 | 2 |\n<b>bold</b>",
    );
    expect(text).toBe("Ways to pay Online with a card By mail a b 1 2 bold");
    expect(markdownToText(null)).toBe("");
  });

  it("cuts excerpts at a word", () => {
    expect(excerpt("short")).toBe("short");
    expect(excerpt("one two three four five", 12)).toBe("one two…");
  });
});

import { describe, expect, it, vi } from "vitest";
import { isReference, newReference, normalizeReference, REFERENCE_ALPHABET } from "./reference";

describe("reference numbers", () => {
  it("are 8 characters with no confusable letters or digits", () => {
    for (const confusable of "0O1ILSZBGUVQD") expect(REFERENCE_ALPHABET).not.toContain(confusable);
    for (let i = 0; i < 200; i++) {
      const reference = newReference();
      expect(reference).toMatch(/^[A-Z0-9]{8}$/);
      expect(isReference(reference)).toBe(true);
    }
  });

  it("come from the cryptographic random source, every character equally likely", () => {
    const spy = vi.spyOn(globalThis.crypto, "getRandomValues");
    newReference();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of newReference()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect(counts.size).toBe(REFERENCE_ALPHABET.length);
    const expected = (2000 * 8) / REFERENCE_ALPHABET.length;
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25);
  });

  it("are recognised, and read back from what a resident types", () => {
    expect(isReference("ACEF3479")).toBe(true);
    expect(isReference("ACEF347")).toBe(false);
    expect(isReference("ACEF347O")).toBe(false);
    expect(isReference(12345678)).toBe(false);
    expect(normalizeReference(" acef-3479 ")).toBe("ACEF3479");
    expect(normalizeReference("acef-1479")).toBeUndefined();
    expect(normalizeReference("zsgb acef")).toBe("2568ACEF");
  });
});

describe("the reference format message", () => {
  it("names exactly the characters a reference never has, in both languages", async () => {
    const { readFileSync } = await import("node:fs");
    const never = [..."0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"].filter((c) => !REFERENCE_ALPHABET.includes(c));
    for (const lang of ["en", "es"]) {
      const text = JSON.parse(readFileSync(`locales/${lang}/request-status.json`, "utf8"))
        .referenceFormat as string;
      const listed = /(0, 1, [^.;]*)/.exec(text)?.[1]?.match(/\b[0-9A-Z]\b/g) ?? [];
      expect(listed, lang).toEqual(never);
    }
  });
});

import { describe, expect, it } from "vitest";
import { stripAccents, toSlug } from "./slug";

describe("toSlug", () => {
  it("lower-cases and joins words with hyphens", () => {
    expect(toSlug("Pay Property Taxes")).toBe("pay-property-taxes");
  });

  it("turns runs of whitespace (spaces, tabs, newlines) into one hyphen", () => {
    expect(toSlug("Apply  for\ta\n homestead")).toBe("apply-for-a-homestead");
  });

  it("removes straight and curly quotes", () => {
    expect(toSlug(`Mayor's "Office"`)).toBe("mayors-office");
    expect(toSlug("Mayor\u2019s \u2018big\u2019 \u201Cday\u201D")).toBe("mayors-big-day");
  });

  it("trims leading and trailing hyphens and whitespace", () => {
    expect(toSlug("  -Trash pickup-  ")).toBe("trash-pickup");
    expect(toSlug("--a--")).toBe("a");
  });

  it("strips accents so Spanish titles slug sanely", () => {
    expect(toSlug("Año fiscal")).toBe("ano-fiscal");
    expect(toSlug("Solicitud de Exención")).toBe("solicitud-de-exencion");
    expect(toSlug("Pingüino Ñandú")).toBe("pinguino-nandu");
  });

  it("keeps other punctuation, which the rule does not name", () => {
    expect(toSlug("Over-65 deduction")).toBe("over-65-deduction");
    expect(toSlug("Q&A")).toBe("q&a");
  });

  it("handles empty and blank text", () => {
    expect(toSlug("")).toBe("");
    expect(toSlug("   ")).toBe("");
    expect(toSlug("'\"")).toBe("");
  });

  it("is idempotent", () => {
    const once = toSlug("Property Tax Deductions for Disabled Veterans and Surviving Spouses");
    expect(once).toBe("property-tax-deductions-for-disabled-veterans-and-surviving-spouses");
    expect(toSlug(once)).toBe(once);
  });
});

describe("stripAccents", () => {
  it("removes combining marks and keeps base letters", () => {
    expect(stripAccents("Café crème à la façon")).toBe("Cafe creme a la facon");
    expect(stripAccents("plain")).toBe("plain");
  });
});

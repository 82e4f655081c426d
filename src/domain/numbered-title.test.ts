import { describe, expect, it } from "vitest";
import { numberedTitle } from "./numbered-title";

describe("numberedTitle", () => {
  it("puts the number after the title", () => {
    expect(numberedTitle("Dog", 2)).toBe("Dog 2");
    expect(numberedTitle("Perro", 1)).toBe("Perro 1");
  });

  it("puts the number where the title says", () => {
    expect(numberedTitle("Property Address #{number}", 5)).toBe("Property Address #5");
    expect(numberedTitle("Dirección de la propiedad n.º {number}", 3)).toBe(
      "Dirección de la propiedad n.º 3",
    );
  });
});

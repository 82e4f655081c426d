import { describe, expect, it, vi } from "vitest";
import { brandOfDigits, CARD_BRANDS, cardBrandInfo } from "./card-brands";

describe("card brand configuration", () => {
  it("survives the module being evaluated again (a dev server's hot reload)", async () => {
    vi.resetModules();
    const again = await import("./card-brands");
    expect(again.brandOfDigits("5019717010103742")).toBe("dankort");
    expect(again.brandOfDigits("6062825624254001")).toBeNull();
    expect(brandOfDigits("6007220000000004")).toBe("forbrugsforeningen");
  });

  it("reads each brand's security code size from the library: 4 only for American Express", () => {
    const fourOnly = CARD_BRANDS.filter((brand) => cardBrandInfo(brand).securityCodeLengths.join() === "4");
    expect(fourOnly).toEqual(["american-express"]);
  });

  it("reads only digits", () => {
    expect(brandOfDigits("4111 1111 1111 1111")).toBeNull();
    expect(brandOfDigits("")).toBeNull();
  });
});

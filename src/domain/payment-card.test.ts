import { describe, expect, it } from "vitest";
import {
  CARD_BRANDS,
  type CardBrand,
  cardDigits,
  cardSummary,
  detectCardBrand,
  formatCardNumber,
  isExpiryPast,
  isLuhnValid,
  isValidSecurityCode,
  maskCard,
  parseCardExpiry,
  validateCardNumber,
} from "./payment-card";

/** Completes `body` with the Luhn check digit. */
function withCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) {
    if (isLuhnValid(body + d)) return body + d;
  }
  throw new Error("unreachable");
}

const pad = (prefix: string, length: number) => withCheckDigit(prefix.padEnd(length - 1, "0"));

const valid: Record<CardBrand, string[]> = {
  visa: ["4111111111111111", "4012888888881881", "4222222222222", pad("4", 19)],
  maestro: [pad("6304", 16), pad("5018", 12), pad("670000", 19)],
  forbrugsforeningen: ["6007220000000004"],
  dankort: ["5019717010103742"],
  mastercard: ["5555555555554444", "5105105105105100", "2221000000000009", pad("2720", 16)],
  "american-express": ["378282246310005", "371449635398431"],
  "diners-club": ["30569309025904", "38520000023237", pad("36", 16)],
  discover: ["6011111111111117", "6011000990139424", pad("65", 16), pad("644", 19)],
  jcb: ["3530111333300000", "3566002020360505"],
  unionpay: ["6200000000000005", pad("88", 19)],
  troy: [pad("9792", 16)],
};

describe("card brands", () => {
  it("lists the eleven brands of the spec, in its order", () => {
    expect(CARD_BRANDS.map((rule) => rule.niceName)).toEqual([
      "Visa",
      "Maestro",
      "Forbrugsforeningen",
      "Dankort",
      "MasterCard",
      "American Express",
      "Diners Club",
      "Discover",
      "JCB",
      "UnionPay",
      "Troy",
    ]);
  });

  for (const [brand, numbers] of Object.entries(valid)) {
    it(`detects and accepts ${brand}`, () => {
      for (const number of numbers) {
        expect(detectCardBrand(number), number).toBe(brand);
        expect(validateCardNumber(number), number).toEqual({ brand, isValid: true });
      }
    });
  }

  it("resolves overlapping prefixes in the spec's order", () => {
    expect(detectCardBrand("5019")).toBe("dankort");
    expect(detectCardBrand("5018")).toBe("maestro");
    expect(detectCardBrand("677189")).toBe("maestro");
    expect(detectCardBrand("6007")).toBe("forbrugsforeningen");
    expect(detectCardBrand("6011")).toBe("discover");
    expect(detectCardBrand("6221")).toBe("discover");
    expect(detectCardBrand("6200")).toBe("unionpay");
    expect(detectCardBrand("1234")).toBeNull();
  });

  it("accepts spaces and dashes, nothing else", () => {
    expect(validateCardNumber("4111 1111 1111 1111").isValid).toBe(true);
    expect(validateCardNumber("4111-1111-1111-1111").isValid).toBe(true);
    expect(validateCardNumber("4111.1111.1111.1111").isValid).toBe(false);
    expect(validateCardNumber("4111x1111").brand).toBeNull();
    expect(cardDigits(" 4111 1111 ")).toBe("41111111");
    expect(cardDigits("abc")).toBeNull();
  });

  it("rejects a failing Luhn check, a wrong length and an unknown brand", () => {
    expect(validateCardNumber("4111111111111112")).toEqual({ brand: "visa", isValid: false });
    expect(validateCardNumber("411111111111111")).toEqual({ brand: "visa", isValid: false });
    expect(validateCardNumber("37828224631000")).toEqual({ brand: "american-express", isValid: false });
    expect(validateCardNumber(pad("1", 16))).toEqual({ brand: null, isValid: false });
    expect(validateCardNumber("")).toEqual({ brand: null, isValid: false });
  });

  it("formats a number with its brand's gaps", () => {
    expect(formatCardNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("not a card")).toBe("not a card");
  });
});

describe("security code", () => {
  it("takes 3 or 4 digits", () => {
    expect(isValidSecurityCode("123")).toBe(true);
    expect(isValidSecurityCode("1234")).toBe(true);
    expect(isValidSecurityCode("12")).toBe(false);
    expect(isValidSecurityCode("12345")).toBe(false);
    expect(isValidSecurityCode("12a")).toBe(false);
    expect(isValidSecurityCode("123", "visa")).toBe(true);
    expect(isValidSecurityCode("1234", "mastercard")).toBe(true);
  });

  it("takes exactly 4 for American Express", () => {
    expect(isValidSecurityCode("1234", "american-express")).toBe(true);
    expect(isValidSecurityCode("123", "american-express")).toBe(false);
  });
});

describe("expiry", () => {
  const now = new Date("2026-03-15T17:00:00Z");

  it("reads MM/YY and MM/YYYY, completing two-digit years with the current century", () => {
    expect(parseCardExpiry("11/26", now)).toEqual({ month: 11, year: 2026 });
    expect(parseCardExpiry("11/2026", now)).toEqual({ month: 11, year: 2026 });
    expect(parseCardExpiry("3 / 31", now)).toEqual({ month: 3, year: 2031 });
    expect(parseCardExpiry("01/99", new Date("2105-06-01T12:00:00Z"))).toEqual({ month: 1, year: 2199 });
  });

  it("takes months 1 to 12 only", () => {
    expect(parseCardExpiry("00/27", now)).toBeNull();
    expect(parseCardExpiry("13/27", now)).toBeNull();
    expect(parseCardExpiry("12/27", now)).toEqual({ month: 12, year: 2027 });
    expect(parseCardExpiry("1227", now)).toBeNull();
    expect(parseCardExpiry("12/7", now)).toBeNull();
    expect(parseCardExpiry("12/027", now)).toBeNull();
  });

  it("is past from the start of the expiry month (the spec's rule)", () => {
    expect(isExpiryPast({ month: 4, year: 2026 }, now)).toBe(false);
    expect(isExpiryPast({ month: 3, year: 2026 }, now)).toBe(true);
    expect(isExpiryPast({ month: 2, year: 2026 }, now)).toBe(true);
    // 11/26 is past from November 1, 2026 in the city's time zone.
    expect(isExpiryPast({ month: 11, year: 2026 }, new Date("2026-11-01T03:59:00Z"))).toBe(false);
    expect(isExpiryPast({ month: 11, year: 2026 }, new Date("2026-11-01T04:00:00Z"))).toBe(true);
  });

  it("is past when the year is earlier than the current one", () => {
    expect(isExpiryPast({ month: 12, year: 2025 }, now)).toBe(true);
    expect(isExpiryPast({ month: 1, year: 2027 }, now)).toBe(false);
  });
});

describe("maskCard", () => {
  it("shows only the last 4 characters of a string longer than 4", () => {
    expect(maskCard("4111111111111111")).toBe("************1111");
    expect(maskCard("12345")).toBe("*2345");
    expect(maskCard("4111 1111", "•")).toBe("•••••1111");
  });

  it("leaves 4 characters or fewer alone", () => {
    expect(maskCard("1234")).toBe("1234");
    expect(maskCard("12")).toBe("12");
    expect(maskCard("")).toBe("");
  });

  it("summarises a card as brand and last four", () => {
    expect(cardSummary("4111 1111 1111 1111")).toEqual({ brand: "visa", lastFour: "1111" });
    expect(cardSummary("12")).toBeNull();
  });
});

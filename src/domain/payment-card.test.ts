import { describe, expect, it } from "vitest";
import {
  CARD_BRANDS,
  type CardBrand,
  cardBrandInfo,
  cardDigits,
  cardSummary,
  detectCardBrand,
  formatCardNumber,
  isExpiryPast,
  isLuhnValid,
  isValidSecurityCode,
  lastValidDay,
  maskCard,
  parseCardExpiry,
  validateCardNumber,
} from "./payment-card";

/** Luhn written out here, independent of the code under test: completes `body` with its check digit. */
function withCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Counting from the right of the finished number, the check digit is position 0, so the body's
    // last digit (position 1) is doubled.
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return body + String((10 - (sum % 10)) % 10);
}

/** A Luhn-valid number of `length` digits starting with `prefix`. */
const construct = (prefix: string, length: number) => withCheckDigit(prefix.padEnd(length - 1, "0"));

/** The same number with its last digit changed: the Luhn check now fails. */
const breakLuhn = (number: string) => number.slice(0, -1) + String((Number(number.at(-1)) + 1) % 10);

/**
 * Published test numbers: the test-card lists of Stripe, Adyen and Braintree (and the classic
 * 4222222222222 13-digit Visa). Every one is a real range and Luhn-valid.
 */
const PUBLISHED: Record<CardBrand, string[]> = {
  visa: [
    "4242424242424242",
    "4000056655665556",
    "4111111111111111",
    "4012888888881881",
    "4111111145551142",
    "4988438843884305",
    "4222222222222",
    "4917610000000000003",
  ],
  maestro: ["6759649826438453", "6799990100000000019", "6304000000000000", "5000550000000029"],
  forbrugsforeningen: ["6007220000000004"],
  dankort: ["5019717010103742"],
  mastercard: [
    "5555555555554444",
    "5105105105105100",
    "5200828282828210",
    "2223003122003222",
    "2223000048400011",
  ],
  "american-express": ["378282246310005", "371449635398431", "378734493671000", "370000000000002"],
  "diners-club": ["30569309025904", "38520000023237", "36227206271667", "36006666333344", "3056930009020004"],
  discover: [
    "6011111111111117",
    "6011000990139424",
    "6011981111111113",
    "6011601160116611",
    "6445644564456445",
  ],
  jcb: ["3530111333300000", "3566002020360505", "3566111111111113"],
  unionpay: [
    "6200000000000005",
    "6200000000000047",
    "6205500000000000004",
    "6250946000000016",
    "8171999927660000",
    "8171999900000000021",
  ],
  troy: [construct("9792", 16)],
};

/**
 * Each brand's issued prefixes and lengths, from the public IIN tables (ISO/IEC 7812 register
 * extracts, the networks' published ranges; Visa's 18 digits from credit-card-type's changelog),
 * written out here independently of card-brands.ts.
 */
const ISSUED: Record<CardBrand, { prefixes: string[]; lengths: number[] }> = {
  visa: {
    prefixes: ["4", "4026", "417500", "4508", "4844", "4913", "4917", "4999"],
    lengths: [13, 16, 18, 19],
  },
  maestro: {
    prefixes: [
      "5018",
      "5020",
      "5038",
      "5893",
      "56",
      "58",
      "6304",
      "6390",
      "63",
      "67",
      "6759",
      "6761",
      "493698",
    ],
    lengths: [12, 13, 14, 15, 16, 17, 18, 19],
  },
  forbrugsforeningen: { prefixes: ["600722"], lengths: [16] },
  dankort: { prefixes: ["5019", "501999"], lengths: [16] },
  mastercard: {
    prefixes: ["51", "52", "53", "54", "55", "2221", "2229", "223", "229", "23", "26", "270", "271", "2720"],
    lengths: [16],
  },
  "american-express": { prefixes: ["34", "37"], lengths: [15] },
  "diners-club": {
    prefixes: ["300", "301", "305", "3095", "36", "38", "39"],
    lengths: [14, 15, 16, 17, 18, 19],
  },
  discover: { prefixes: ["6011", "644", "649", "65", "659"], lengths: [16, 17, 18, 19] },
  jcb: { prefixes: ["3528", "3550", "3589"], lengths: [16, 17, 18, 19] },
  unionpay: {
    prefixes: ["620", "6210", "622126", "622925", "623", "626", "6282", "6288", "81", "8171"],
    lengths: [14, 15, 16, 17, 18, 19],
  },
  troy: { prefixes: ["9792", "650052", "650923", "65875000", "65880900"], lengths: [16] },
};

/**
 * Brands outside the spec's set, which must be refused even where their prefix sits inside an
 * accepted brand's range: published test numbers (Adyen's Elo and Hipercard, Braintree's Hiper,
 * Interswitch's Verve) and numbers constructed on their issued prefixes.
 */
const OUTSIDE: Record<string, string[]> = {
  elo: [
    "5066991111111118",
    "6362970000457013",
    construct("509000", 16),
    construct("636368", 16),
    construct("650405", 16),
    construct("650924", 16),
    construct("655000", 16),
    construct("627780", 16),
    construct("401178", 16),
    construct("457631", 16),
  ],
  mir: [construct("2200", 16), construct("2204", 19), "2201382000000013"],
  hipercard: ["6062825624254001", construct("606282", 19)],
  hiper: ["6370950000000005", construct("63737423", 16), construct("637612", 16)],
  naranja: [construct("589562", 16), construct("527572", 16), construct("402918", 16)],
  verve: ["5060990580000217499", construct("506099", 16), construct("507865", 18)],
  // No brand at all: UATP's 1, and prefixes nobody issues in.
  unknown: [construct("1", 15), construct("7", 16), construct("99", 16), construct("0", 16)],
};

const ALL_LENGTHS = [12, 13, 14, 15, 16, 17, 18, 19];

describe("card brands", () => {
  it("are exactly the spec's eleven", () => {
    expect(CARD_BRANDS.map((brand) => cardBrandInfo(brand).niceName)).toEqual([
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

  it("issue the lengths of the public IIN tables", () => {
    for (const brand of CARD_BRANDS)
      expect(cardBrandInfo(brand).lengths, brand).toEqual(ISSUED[brand].lengths);
  });

  describe.each(CARD_BRANDS)("%s", (brand) => {
    it("accepts the published test numbers, and refuses them with a failing Luhn check", () => {
      for (const number of PUBLISHED[brand]) {
        expect(validateCardNumber(number), number).toEqual({ brand, isValid: true });
        expect(validateCardNumber(breakLuhn(number)), breakLuhn(number)).toEqual({ brand, isValid: false });
      }
    });

    it("accepts a Luhn-valid number on every issued prefix at every issued length, and no other length", () => {
      const { prefixes, lengths } = ISSUED[brand];
      for (const prefix of prefixes) {
        for (const length of ALL_LENGTHS) {
          const number = construct(prefix, length);
          expect(validateCardNumber(number), number).toEqual({ brand, isValid: lengths.includes(length) });
        }
      }
    });
  });

  describe.each(Object.entries(OUTSIDE))("outside the set: %s", (_name, numbers) => {
    it("is refused, Luhn-valid or not", () => {
      for (const number of numbers) {
        expect(isLuhnValid(number), number).toBe(true);
        expect(validateCardNumber(number), number).toEqual({ brand: null, isValid: false });
        expect(detectCardBrand(number), number).toBeNull();
      }
    });
  });

  it("gives overlapping prefixes to the narrower brand", () => {
    const at = (prefix: string) => detectCardBrand(construct(prefix, 16));
    // Dankort and Forbrugsforeningen inside Maestro.
    expect(at("5019")).toBe("dankort");
    expect(at("5018")).toBe("maestro");
    expect(at("5020")).toBe("maestro");
    expect(at("600722")).toBe("forbrugsforeningen");
    expect(at("600721")).toBe("maestro");
    expect(at("600723")).toBe("maestro");
    // Troy's 65 ranges inside Discover's 65, and its 650923 inside Elo's refused 650901-650978.
    expect(at("650052")).toBe("troy");
    expect(at("650053")).toBe("discover");
    expect(at("650923")).toBe("troy");
    // UnionPay's 622 inside Maestro's 6 (Discover accepts these cards, UnionPay issues them).
    expect(at("6221")).toBe("unionpay");
    expect(at("6011")).toBe("discover");
    // Maestro's 493698 inside Visa's 4.
    expect(at("493698")).toBe("maestro");
    expect(at("493699")).toBe("visa");
  });

  it("names a brand from the first digits only once they are unambiguous", () => {
    expect(detectCardBrand("37")).toBe("american-express");
    expect(detectCardBrand("5019")).toBeNull(); // Dankort or Maestro until the sixth digit
    expect(detectCardBrand("501971")).toBe("dankort");
    expect(detectCardBrand("")).toBeNull();
    expect(detectCardBrand("abc")).toBeNull();
  });

  it("accepts spaces and dashes, nothing else", () => {
    expect(validateCardNumber("4111 1111 1111 1111").isValid).toBe(true);
    expect(validateCardNumber(" 4111-1111-1111-1111 ").isValid).toBe(true);
    expect(validateCardNumber("4111.1111.1111.1111")).toEqual({ brand: null, isValid: false });
    expect(validateCardNumber("4111x1111")).toEqual({ brand: null, isValid: false });
    expect(validateCardNumber("")).toEqual({ brand: null, isValid: false });
    expect(cardDigits(" 4111 1111 ")).toBe("41111111");
    expect(cardDigits("abc")).toBeNull();
  });

  it("checks Luhn on every brand, UnionPay included", () => {
    expect(validateCardNumber(breakLuhn("6200000000000005"))).toEqual({ brand: "unionpay", isValid: false });
    expect(isLuhnValid("79927398713")).toBe(true);
    expect(isLuhnValid("79927398710")).toBe(false);
    expect(isLuhnValid("7992 7398 713")).toBe(false);
  });

  it("formats a number with its brand's gaps", () => {
    expect(formatCardNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005");
    expect(formatCardNumber("30569309025904")).toBe("3056 930902 5904");
    expect(formatCardNumber("not a card")).toBe("not a card");
  });
});

describe("security code", () => {
  it("takes 3 or 4 digits", () => {
    expect(isValidSecurityCode("123")).toBe(true);
    expect(isValidSecurityCode(" 1234 ")).toBe(true);
    expect(isValidSecurityCode("12")).toBe(false);
    expect(isValidSecurityCode("12345")).toBe(false);
    expect(isValidSecurityCode("12a")).toBe(false);
    expect(isValidSecurityCode("")).toBe(false);
  });

  it("takes exactly 4 for American Express, 3 or 4 for every other brand", () => {
    for (const brand of CARD_BRANDS) {
      const amex = brand === "american-express";
      expect(isValidSecurityCode("123", brand), brand).toBe(!amex);
      expect(isValidSecurityCode("1234", brand), brand).toBe(true);
      expect(isValidSecurityCode("12", brand), brand).toBe(false);
      expect(isValidSecurityCode("12345", brand), brand).toBe(false);
    }
  });
});

describe("expiry", () => {
  const now = new Date("2026-03-15T17:00:00Z");

  it("reads MM/YY and MM/YYYY, completing two-digit years with the current century", () => {
    expect(parseCardExpiry("11/26", now)).toEqual({ month: 11, year: 2026 });
    expect(parseCardExpiry("11/2026", now)).toEqual({ month: 11, year: 2026 });
    expect(parseCardExpiry("3 / 31", now)).toEqual({ month: 3, year: 2031 });
    expect(parseCardExpiry("01/99", now)).toEqual({ month: 1, year: 2099 });
    expect(parseCardExpiry("01/99", new Date("2105-06-01T12:00:00Z"))).toEqual({ month: 1, year: 2199 });
    // The century of the city's calendar: 7 pm on December 31, 2099 in Indianapolis is already 2100 in UTC.
    expect(parseCardExpiry("05/01", new Date("2100-01-01T00:30:00Z"))).toEqual({ month: 5, year: 2001 });
  });

  it("takes months 1 to 12 only", () => {
    expect(parseCardExpiry("00/27", now)).toBeNull();
    expect(parseCardExpiry("13/27", now)).toBeNull();
    expect(parseCardExpiry("1/27", now)).toEqual({ month: 1, year: 2027 });
    expect(parseCardExpiry("12/27", now)).toEqual({ month: 12, year: 2027 });
    expect(parseCardExpiry("1227", now)).toBeNull();
    expect(parseCardExpiry("12/7", now)).toBeNull();
    expect(parseCardExpiry("12/027", now)).toBeNull();
    expect(parseCardExpiry("", now)).toBeNull();
  });

  it("is valid through the last day of the expiry month", () => {
    expect(lastValidDay({ month: 3, year: 2026 })).toEqual({ year: 2026, month: 3, day: 31 });
    expect(lastValidDay({ month: 4, year: 2026 })).toEqual({ year: 2026, month: 4, day: 30 });
    expect(isExpiryPast({ month: 3, year: 2026 }, now)).toBe(false);
    expect(isExpiryPast({ month: 4, year: 2026 }, now)).toBe(false);
    expect(isExpiryPast({ month: 2, year: 2026 }, now)).toBe(true);
  });

  // Indianapolis keeps Eastern time: UTC-4 in summer time (March to November), UTC-5 otherwise.
  it("ends at midnight after the last day, in the city's time zone", () => {
    const card = { month: 3, year: 2026 };
    expect(isExpiryPast(card, new Date("2026-03-01T05:00:00Z"))).toBe(false); // March 1, first day
    expect(isExpiryPast(card, new Date("2026-03-31T12:00:00Z"))).toBe(false); // last day
    expect(isExpiryPast(card, new Date("2026-04-01T03:59:59Z"))).toBe(false); // 11:59:59 pm March 31
    expect(isExpiryPast(card, new Date("2026-04-01T04:00:00Z"))).toBe(true); // midnight, April 1
  });

  it("runs from December into January of the next year", () => {
    const card = { month: 12, year: 2026 };
    expect(isExpiryPast(card, new Date("2026-12-31T12:00:00Z"))).toBe(false);
    expect(isExpiryPast(card, new Date("2027-01-01T04:59:59Z"))).toBe(false); // 11:59:59 pm December 31
    expect(isExpiryPast(card, new Date("2027-01-01T05:00:00Z"))).toBe(true); // midnight, January 1
    expect(isExpiryPast({ month: 1, year: 2027 }, new Date("2027-01-01T05:00:00Z"))).toBe(false);
  });

  it("counts February 29 in a leap year, and only then", () => {
    expect(lastValidDay({ month: 2, year: 2028 })).toEqual({ year: 2028, month: 2, day: 29 });
    expect(isExpiryPast({ month: 2, year: 2028 }, new Date("2028-02-29T12:00:00Z"))).toBe(false);
    expect(isExpiryPast({ month: 2, year: 2028 }, new Date("2028-03-01T04:59:59Z"))).toBe(false);
    expect(isExpiryPast({ month: 2, year: 2028 }, new Date("2028-03-01T05:00:00Z"))).toBe(true);
    expect(lastValidDay({ month: 2, year: 2027 })).toEqual({ year: 2027, month: 2, day: 28 });
    expect(isExpiryPast({ month: 2, year: 2027 }, new Date("2027-02-28T12:00:00Z"))).toBe(false);
    expect(isExpiryPast({ month: 2, year: 2027 }, new Date("2027-03-01T05:00:00Z"))).toBe(true);
  });

  it("is past when the year is earlier than the current one", () => {
    expect(isExpiryPast({ month: 12, year: 2025 }, now)).toBe(true);
    expect(isExpiryPast({ month: 12, year: 2020 }, now)).toBe(true);
    expect(isExpiryPast({ month: 1, year: 2027 }, now)).toBe(false);
  });
});

describe("maskCard", () => {
  it("shows only the last 4 characters of a string longer than 4, masked with '*'", () => {
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
    expect(cardSummary("6362970000457013")).toEqual({ brand: null, lastFour: "7013" });
    expect(cardSummary("12")).toBeNull();
  });
});

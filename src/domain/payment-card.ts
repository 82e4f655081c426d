/**
 * Payment cards (SPEC §5): brand by number pattern, Luhn, security code, expiry and masking. Pure:
 * nothing reads the clock; the expiry rules take `now`. A full card number or security code must
 * never be stored or logged (ARCHITECTURE, Data): keep `brand` and `lastFour` instead.
 */
import luhn10 from "card-validator/dist/luhn-10";
import { calendarDateOf } from "./dates";

export type CardBrand =
  | "visa"
  | "maestro"
  | "forbrugsforeningen"
  | "dankort"
  | "mastercard"
  | "american-express"
  | "diners-club"
  | "discover"
  | "jcb"
  | "unionpay"
  | "troy";

export interface CardBrandRule {
  brand: CardBrand;
  niceName: string;
  /** Matched against the leading digits. */
  pattern: RegExp;
  lengths: readonly number[];
  /** Positions after which a space is shown in the formatted number. */
  gaps: readonly number[];
  securityCodeLengths: readonly number[];
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);
const FOUR_FOUR_FOUR = [4, 8, 12];

/**
 * The spec's brands, tried in the spec's order; the first match wins, so overlaps resolve the way
 * the spec lists them (Maestro's 5018 before MasterCard, Forbrugsforeningen's 600 before Discover's 60,
 * Discover's 622 before UnionPay's 62). card-validator's own table lacks Forbrugsforeningen and
 * Dankort and files 5019 under Maestro, so brand detection is ours; its Luhn check is reused.
 */
export const CARD_BRANDS: readonly CardBrandRule[] = [
  {
    brand: "visa",
    niceName: "Visa",
    pattern: /^4/,
    lengths: [13, 16, 19],
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "maestro",
    niceName: "Maestro",
    pattern: /^(5018|5020|5038|6304|6390\d{2}|67\d{4})/,
    lengths: range(12, 19),
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "forbrugsforeningen",
    niceName: "Forbrugsforeningen",
    pattern: /^600/,
    lengths: [16],
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "dankort",
    niceName: "Dankort",
    pattern: /^5019/,
    lengths: [16],
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "mastercard",
    niceName: "MasterCard",
    pattern: /^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)/,
    lengths: [16],
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "american-express",
    niceName: "American Express",
    pattern: /^3[47]/,
    lengths: [15],
    gaps: [4, 10],
    securityCodeLengths: [4],
  },
  {
    brand: "diners-club",
    niceName: "Diners Club",
    pattern: /^3(0[0-5]|[689])/,
    lengths: range(14, 19),
    gaps: [4, 10],
    securityCodeLengths: [3, 4],
  },
  {
    brand: "discover",
    niceName: "Discover",
    pattern: /^6(011|4[4-9]|5|22)/,
    lengths: range(16, 19),
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "jcb",
    niceName: "JCB",
    pattern: /^35/,
    lengths: range(16, 19),
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "unionpay",
    niceName: "UnionPay",
    pattern: /^(62|88)/,
    lengths: range(14, 19),
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
  {
    brand: "troy",
    niceName: "Troy",
    pattern: /^9792/,
    lengths: [16],
    gaps: FOUR_FOUR_FOUR,
    securityCodeLengths: [3, 4],
  },
];

/** The digits of a typed card number, or null when it holds anything but digits, spaces and dashes. */
export function cardDigits(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[\d -]+$/.test(trimmed)) return null;
  return trimmed.replace(/[ -]/g, "");
}

export function brandRule(brand: CardBrand): CardBrandRule {
  const rule = CARD_BRANDS.find((candidate) => candidate.brand === brand);
  if (!rule) throw new Error(`Unknown card brand ${brand}`);
  return rule;
}

/** The brand a number's leading digits belong to, or null (it may be incomplete or unknown). */
export function detectCardBrand(input: string): CardBrand | null {
  const digits = cardDigits(input);
  if (!digits) return null;
  return CARD_BRANDS.find((rule) => rule.pattern.test(digits))?.brand ?? null;
}

export function isLuhnValid(digits: string): boolean {
  return /^\d+$/.test(digits) && luhn10(digits);
}

export interface CardNumberCheck {
  brand: CardBrand | null;
  /** A recognised brand, a length that brand issues, and a passing Luhn check. */
  isValid: boolean;
}

export function validateCardNumber(input: string): CardNumberCheck {
  const digits = cardDigits(input);
  if (!digits) return { brand: null, isValid: false };
  const rule = CARD_BRANDS.find((candidate) => candidate.pattern.test(digits));
  if (!rule) return { brand: null, isValid: false };
  return { brand: rule.brand, isValid: rule.lengths.includes(digits.length) && isLuhnValid(digits) };
}

/** "4111 1111 1111 1111", "3782 822463 10005": the number grouped the way its brand prints it. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input);
  if (!digits) return input;
  const brand = detectCardBrand(digits);
  const gaps = brand ? brandRule(brand).gaps : FOUR_FOUR_FOUR;
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (gaps.includes(i)) out += " ";
    out += digits[i];
  }
  return out;
}

/** 3 or 4 digits; exactly 4 for American Express. Without a brand, 3 or 4. */
export function isValidSecurityCode(code: string, brand?: CardBrand | null): boolean {
  const trimmed = code.trim();
  if (!/^\d+$/.test(trimmed)) return false;
  const lengths = brand ? brandRule(brand).securityCodeLengths : [3, 4];
  return lengths.includes(trimmed.length);
}

export interface CardExpiry {
  /** 1 to 12. */
  month: number;
  /** Four digits. */
  year: number;
}

/**
 * "MM/YY" or "MM/YYYY" (a one-digit month and spaces round the slash are accepted). The month
 * must be 1 to 12. A two-digit year is completed with the century of `now` in the city's calendar.
 */
export function parseCardExpiry(input: string, now: Date): CardExpiry | null {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(input.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const typedYear = match[2] ?? "";
  const year =
    typedYear.length === 2
      ? Math.floor(calendarDateOf(now).year / 100) * 100 + Number(typedYear)
      : Number(typedYear);
  return { month, year };
}

/**
 * The spec's rule, implemented as written: an expiry is past when now is at or after the start of
 * the expiry month, or the year is earlier than the current one. So a card marked 11/26 counts as
 * past from November 1, 2026 (card networks would accept it through November 30); the spec is
 * stricter and wins. Months are read in the city's calendar.
 */
export function isExpiryPast(expiry: CardExpiry, now: Date): boolean {
  const today = calendarDateOf(now);
  if (expiry.year < today.year) return true;
  return today.year > expiry.year || (today.year === expiry.year && today.month >= expiry.month);
}

/** Every character but the last 4 replaced by `mask`; a string of 4 characters or fewer is returned as is. */
export function maskCard(value: string, mask = "*"): string {
  if (value.length <= 4) return value;
  return mask.repeat(value.length - 4) + value.slice(-4);
}

/** What may be kept about a card: never its number or security code. */
export function cardSummary(input: string): { brand: CardBrand | null; lastFour: string } | null {
  const digits = cardDigits(input);
  if (!digits || digits.length < 4) return null;
  return { brand: detectCardBrand(digits), lastFour: digits.slice(-4) };
}

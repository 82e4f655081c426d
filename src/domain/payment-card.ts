/**
 * Payment cards (SPEC §5): brand by number pattern, Luhn, security code, expiry and masking. Pure:
 * nothing reads the clock; the expiry rules take `now`. A full card number or security code must
 * never be stored or logged (ARCHITECTURE, Data): keep `brand` and `lastFour` instead.
 */
import luhn10 from "card-validator/dist/luhn-10.js";
import { brandOfDigits, type CardBrand, cardBrandInfo } from "./card-brands";
import { type CalendarDate, calendarDateOf, compareDates, daysInMonth } from "./dates";

export { CARD_BRANDS, type CardBrand, type CardBrandInfo, cardBrandInfo } from "./card-brands";

/** The digits of a typed card number, or null when it holds anything but digits, spaces and dashes. */
export function cardDigits(input: string): string | null {
  const trimmed = input.trim();
  if (!/^[\d -]+$/.test(trimmed)) return null;
  return trimmed.replace(/[ -]/g, "");
}

/** The brand a number's leading digits belong to, or null (unknown, outside the spec's set, or too short to tell). */
export function detectCardBrand(input: string): CardBrand | null {
  const digits = cardDigits(input);
  return digits ? brandOfDigits(digits) : null;
}

export function isLuhnValid(digits: string): boolean {
  return /^\d+$/.test(digits) && luhn10(digits);
}

export interface CardNumberCheck {
  brand: CardBrand | null;
  /** A recognised brand, a length that brand issues, and a passing Luhn check. */
  isValid: boolean;
}

/**
 * Brand by credit-card-type (as configured in card-brands.ts), length by that brand's table, Luhn by
 * card-validator's check. card-validator's own `number()` is not used: it skips Luhn for UnionPay
 * unless told otherwise, and the spec checks every brand by Luhn.
 */
export function validateCardNumber(input: string): CardNumberCheck {
  const digits = cardDigits(input);
  const brand = digits ? brandOfDigits(digits) : null;
  if (!digits || !brand) return { brand: null, isValid: false };
  return { brand, isValid: cardBrandInfo(brand).lengths.includes(digits.length) && isLuhnValid(digits) };
}

/** "4111 1111 1111 1111", "3782 822463 10005": the number grouped the way its brand prints it. */
export function formatCardNumber(input: string): string {
  const digits = cardDigits(input);
  if (!digits) return input;
  const brand = brandOfDigits(digits);
  const gaps = brand ? cardBrandInfo(brand).gaps : [4, 8, 12];
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
  const lengths = brand ? cardBrandInfo(brand).securityCodeLengths : [3, 4];
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

/** The last day a card can be used: the last day of its expiry month. */
export function lastValidDay(expiry: CardExpiry): CalendarDate {
  return { year: expiry.year, month: expiry.month, day: daysInMonth(expiry.year, expiry.month) };
}

/**
 * Past once the city's calendar day is after the last day of the expiry month: a card marked 11/26
 * is good through November 30, 2026, as card networks treat it. The spec's wording ("at or after the
 * start of the expiry month") comes from a 1-based month handed to a 0-based Date constructor, which
 * in effect meant the start of the following month; see docs/adr/0006-card-expiry.md.
 */
export function isExpiryPast(expiry: CardExpiry, now: Date): boolean {
  return compareDates(calendarDateOf(now), lastValidDay(expiry)) > 0;
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

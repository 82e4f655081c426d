/**
 * The catalogue's string formats: pure predicates, shared by the Ajv instance that compiles at
 * run time and by ahead-of-time compiled validators (which import them through runtime.ts). Each
 * format's message is in messages.ts.
 *
 * | format           | accepts                                                                  |
 * |------------------|--------------------------------------------------------------------------|
 * | us-date          | mm/dd/yyyy (m/d/yyyy too), a real calendar day                           |
 * | time-of-day      | "2:30 PM", "2 p.m.", "9:05 am", or 24-hour "14:30" (domain/times.ts)    |
 * | email            | local@domain.tld, at most 254 characters, a top-level domain required    |
 * | us-zip           | 5 digits, or 9 as 12345-6789 or 123456789                                |
 * | postal-code      | 3-10 letters and digits, single spaces or dashes between (non-US codes)  |
 * | us-phone         | 10 digits (an optional leading 1 or +1); spaces ( ) - . allowed; NANP    |
 * |                  | area code and exchange start with 2-9                                    |
 * | card-number      | a recognised brand, its length, Luhn (domain/payment-card.ts)            |
 * | card-expiry      | MM/YY or MM/YYYY, month 1-12 (whether it is past: keyword cardNotExpired) |
 * | card-cvv         | 3 or 4 digits (4 for Amex: keyword securityCodeFor)                      |
 * | routing-number   | 9 digits passing the ABA checksum                                        |
 * | parcel-number    | the county's 7-digit or 18-digit state number (domain/parcel-number.ts)  |
 * | last-five-digits | exactly 5 digits                                                         |
 * | cents            | (numbers) a whole number of cents; the currency widget's value           |
 */
import { parseUsDate } from "../../domain/dates";
import { normalizeParcelNumber } from "../../domain/parcel-number";
import { parseCardExpiry, validateCardNumber } from "../../domain/payment-card";
import { parseTimeOfDay } from "../../domain/times";

export function isUsDate(value: string): boolean {
  return parseUsDate(value) !== null;
}

export function isTimeOfDay(value: string): boolean {
  return parseTimeOfDay(value) !== null;
}

const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9-]*[A-Za-z][A-Za-z0-9-]*$/;

export function isEmail(value: string): boolean {
  if (value.length > 254) return false;
  const at = value.lastIndexOf("@");
  return at > 0 && at <= 64 && EMAIL.test(value);
}

export function isUsZip(value: string): boolean {
  return /^\d{5}(?:-?\d{4})?$/.test(value.trim());
}

export function isPostalCode(value: string): boolean {
  return /^(?=.{3,10}$)[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/.test(value.trim());
}

/** The 10 digits of a US telephone number, or null. */
export function usPhoneDigits(value: string): string | null {
  const trimmed = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, "");
  if (trimmed.startsWith("+") && !digits.startsWith("1")) return null;
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return digits;
}

export function isUsPhone(value: string): boolean {
  return usPhoneDigits(value) !== null;
}

export function isCardNumber(value: string): boolean {
  return validateCardNumber(value).isValid;
}

// Any instant serves to complete a two-digit year: only the shape and month are checked here.
const ANY_INSTANT = new Date(0);

export function isCardExpiry(value: string): boolean {
  return parseCardExpiry(value, ANY_INSTANT) !== null;
}

export function isCardCvv(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}

/** ABA routing number: 9 digits with 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isRoutingNumber(value: string): boolean {
  const trimmed = value.trim();
  if (!/^\d{9}$/.test(trimmed)) return false;
  const d = [...trimmed].map(Number);
  const at = (i: number) => d[i] ?? 0;
  const sum = 3 * (at(0) + at(3) + at(6)) + 7 * (at(1) + at(4) + at(7)) + (at(2) + at(5) + at(8));
  return sum % 10 === 0;
}

/** The county's parcel numbers, local or state form (src/domain/parcel-number.ts, the records' own rule). */
export function isParcelNumber(value: string): boolean {
  return normalizeParcelNumber(value) !== null;
}

export function isLastFiveDigits(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}

export function isCents(value: number): boolean {
  return Number.isSafeInteger(value);
}

/** The shape Ajv expects of a format definition, kept free of Ajv types so browsers need no Ajv. */
export type CatalogueFormat =
  | { type: "string"; validate: (value: string) => boolean }
  | { type: "number"; validate: (value: number) => boolean };

export const catalogueFormats: Record<string, CatalogueFormat> = {
  "us-date": { type: "string", validate: isUsDate },
  "time-of-day": { type: "string", validate: isTimeOfDay },
  email: { type: "string", validate: isEmail },
  "us-zip": { type: "string", validate: isUsZip },
  "postal-code": { type: "string", validate: isPostalCode },
  "us-phone": { type: "string", validate: isUsPhone },
  "card-number": { type: "string", validate: isCardNumber },
  "card-expiry": { type: "string", validate: isCardExpiry },
  "card-cvv": { type: "string", validate: isCardCvv },
  "routing-number": { type: "string", validate: isRoutingNumber },
  "parcel-number": { type: "string", validate: isParcelNumber },
  "last-five-digits": { type: "string", validate: isLastFiveDigits },
  cents: { type: "number", validate: isCents },
};

/**
 * Money, always in integer cents (SPEC §9: dollar sign, 2 decimals, thousands separators; a
 * non-refundable 2.5% transaction fee). The fee is computed here and nowhere else.
 */

export const TRANSACTION_FEE_RATE = 0.025;
/** The same rate in basis points, so the fee is computed in exact integer arithmetic. */
export const TRANSACTION_FEE_BASIS_POINTS = 250;
const BASIS_POINTS_PER_UNIT = 10_000;

// Optional sign, optional dollar sign (either side of the sign), then digits either plain or
// grouped by threes with commas, then at most two decimals.
const AMOUNT = /^([-+]?)\s*\$?\s*([-+]?)\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d{0,2}))?$/;

/**
 * Parses a typed amount ("1,234.56", "$1,234.56", "12", ".5", "-3.10") or a number into cents.
 * Returns null for anything else: empty text, misplaced commas, more than two decimals, NaN,
 * infinity, or an amount beyond the safe integer range.
 */
export function toCents(input: string | number): number | null {
  if (typeof input === "number") return numberToCents(input);
  const match = AMOUNT.exec(input.trim());
  if (!match) return null;
  const [, signBefore = "", signAfter = "", whole = "", fraction] = match;
  if (signBefore && signAfter) return null;
  if (whole === "" && !fraction) return null;
  const cents = Number(whole.replaceAll(",", "") || "0") * 100 + Number((fraction ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return (signBefore || signAfter) === "-" && cents !== 0 ? -cents : cents;
}

function numberToCents(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const scaled = value * 100;
  const cents = Math.round(scaled);
  // Binary floating point makes 0.1 + 0.2 come out as 30.000000000000004 cents: accept that noise,
  // but not a real third decimal.
  if (Math.abs(scaled - cents) > 1e-6 || !Number.isSafeInteger(cents)) return null;
  return cents === 0 ? 0 : cents;
}

/** Cents back to a plain decimal string ("1234.50"), e.g. for a form field or a payment provider. */
export function centsToDecimal(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * "$1,234.56" (negative: "-$1,234.56"). Spanish uses the US Spanish format, which writes dollars
 * exactly like US English; formatting by hand keeps server and browser output identical whatever
 * their Intl data.
 */
export function formatCurrency(cents: number, _locale: string = "en"): string {
  assertCents(cents);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`Money must be a whole number of cents, got ${cents}`);
}

/**
 * 2.5% of a subtotal, rounded half up to the cent: an exact half cent goes up (20 cents → 0.5 → 1
 * cent), anything less goes down (10 cents → 0.25 → 0). Half up, not banker's rounding, because it is
 * what a resident checking the sum by hand expects (paymentTotal applies it once, to the subtotal).
 * Integer arithmetic only, so no amount depends on how binary floating point happens to
 * round 0.025 (not exact in binary) times a large subtotal. Zero for a zero or negative subtotal.
 */
export function transactionFee(subtotalCents: number): number {
  assertCents(subtotalCents);
  if (subtotalCents <= 0) return 0;
  // fee = subtotal × 250 / 10 000, rounded half-up. Splitting off whole multiples of 10 000 keeps every
  // product small, so the arithmetic stays exact however large the subtotal.
  const whole = Math.floor(subtotalCents / BASIS_POINTS_PER_UNIT);
  const rest = subtotalCents % BASIS_POINTS_PER_UNIT;
  return (
    whole * TRANSACTION_FEE_BASIS_POINTS +
    Math.floor((rest * TRANSACTION_FEE_BASIS_POINTS + BASIS_POINTS_PER_UNIT / 2) / BASIS_POINTS_PER_UNIT)
  );
}

export interface PaymentTotal {
  subtotal: number;
  fee: number;
  total: number;
}

/** An amount to pay: cents, or an item carrying its cents. */
export type PayableAmount = number | { amountCents: number };

/** The subtotal of the chosen items, the fee on that subtotal, and what the resident pays. */
export function paymentTotal(items: readonly PayableAmount[]): PaymentTotal {
  const subtotal = items.reduce<number>((sum, item) => {
    const cents = typeof item === "number" ? item : item.amountCents;
    assertCents(cents);
    return sum + cents;
  }, 0);
  assertCents(subtotal);
  const fee = transactionFee(subtotal);
  return { subtotal, fee, total: subtotal + fee };
}

/**
 * The card brands the city accepts (SPEC §5), configured once on credit-card-type's module-level
 * instance. The library's published IIN ranges are the base; this file only adds the spec's brands it
 * lacks, completes ranges and lengths it lacks, and takes away the brands outside the spec's set.
 * Every change to the library's table is made here and nowhere else.
 *
 * How the library resolves overlaps: a full number matches at most one pattern per brand, the
 * brand whose matching pattern has the most digits wins, and on a tie the brand earlier in the
 * test order wins. So "the narrower brand wins" holds where the narrower range is written with
 * more digits (Forbrugsforeningen's 600722 inside Maestro's 6) and, where both are six-digit
 * ranges, by ordering the narrower brand first (Dankort's 501900-501999 inside Maestro's
 * 500000-504174).
 */
import creditCardType from "credit-card-type";
import type { CreditCardType } from "credit-card-type/dist/types";

/** The spec's brands, in the spec's order. */
export const CARD_BRANDS = [
  "visa",
  "maestro",
  "forbrugsforeningen",
  "dankort",
  "mastercard",
  "american-express",
  "diners-club",
  "discover",
  "jcb",
  "unionpay",
  "troy",
] as const;

export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * One entry standing for every brand outside the spec's set. Removing those brands alone is not
 * enough: their numbers would fall into a broader accepted range (Hipercard's 606282 and Elo's
 * 636297 into Maestro's 6, Verve's 506099 into Maestro's 504176-506698). Kept as the narrower
 * match, they are recognised and refused.
 */
const NOT_ACCEPTED = "not-accepted";

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Digits in a pattern: what the library ranks matches by. */
const patternDigits = (pattern: number | number[]): number =>
  String(Array.isArray(pattern) ? pattern[0] : pattern).length;

/**
 * Ties at equal pattern length go to the brand listed first, so each narrower brand comes before
 * the broader one it sits in: Troy's 650923 before Elo's 650901-650978 (refused), the refused
 * Verve ranges and Dankort before Maestro's six-digit ranges.
 */
const TEST_ORDER = [
  "visa",
  "mastercard",
  "american-express",
  "diners-club",
  "discover",
  "troy",
  "jcb",
  "unionpay",
  NOT_ACCEPTED,
  "dankort",
  "forbrugsforeningen",
  "maestro",
] as const;

function configure(): void {
  // Start from the library's defaults, so evaluating this module again (a dev server's hot reload)
  // configures the same table instead of failing on a brand already removed.
  creditCardType.resetModifications();

  const accepted = new Set<string>(CARD_BRANDS);
  const outside = Object.values(creditCardType.types).filter((type) => !accepted.has(type));
  const outsidePatterns = outside
    .flatMap((type) => creditCardType.getTypeInfo(type).patterns)
    // Longest first: the library stops at the first pattern that matches and ranks by its length.
    .sort((a, b) => patternDigits(b) - patternDigits(a));
  for (const type of outside) creditCardType.removeCard(type);
  creditCardType.addCard({
    niceType: "Not accepted",
    type: NOT_ACCEPTED,
    patterns: outsidePatterns,
    gaps: [4, 8, 12],
    lengths: range(12, 19),
    code: { name: "CVV", size: 3 },
  });

  // Dankort, the Danish debit scheme run by Nets: IIN 5019, 16 digits (ISO/IEC 7812 register as
  // listed in the IIN table of Wikipedia's "Payment card number"). Visa/Dankort co-branded cards
  // carry Visa's 4571 and are Visa cards. Written as a six-digit range to tie with Maestro's
  // 500000-504174 and win by order.
  creditCardType.addCard({
    niceType: "Dankort",
    type: "dankort",
    patterns: [[501900, 501999]],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: "CVV", size: 3 },
  });
  // Forbrugsforeningen, the Danish members' card: IIN 600722, 16 digits (same IIN table; also in
  // braintree/card-validator's table before it moved to credit-card-type).
  creditCardType.addCard({
    niceType: "Forbrugsforeningen",
    type: "forbrugsforeningen",
    patterns: [600722],
    gaps: [4, 8, 12],
    lengths: [16],
    code: { name: "CVV", size: 3 },
  });

  // Visa also issued 13-digit numbers (Wikipedia's IIN table: Visa 4, 13, 16 or 19 digits); the
  // library knows 16, 18 and 19.
  creditCardType.updateCard("visa", { lengths: [13, 16, 18, 19] });
  // The spec's spelling.
  creditCardType.updateCard("mastercard", { niceType: "MasterCard" });
  // Diners Club International runs on the Discover Global Network, whose published IIN table lists
  // 300-305, 3095, 36 and 38-39 with 14 to 19 digits; the library lacks 3095 and 15, 17, 18.
  creditCardType.updateCard("diners-club", {
    patterns: [[300, 305], 3095, 36, 38, 39],
    lengths: range(14, 19),
  });
  // Discover's own table: 6011, 644-649 and 65 with 16 to 19 digits; the library lacks 17 and 18.
  // Discover also accepts UnionPay's 622126-622925, 624-626 and 6282-6288 in the US: those cards are
  // issued as UnionPay, and the library files them there.
  creditCardType.updateCard("discover", { lengths: range(16, 19) });
  // Troy (9792 and its 65 ranges co-issued with Discover), JCB, UnionPay (62, 81), American Express,
  // MasterCard and Maestro are the library's tables as published.

  TEST_ORDER.forEach((type, position) => {
    creditCardType.changeOrder(type, position);
  });
}

configure();

const ACCEPTED = new Set<string>(CARD_BRANDS);

function isCardBrand(type: string): type is CardBrand {
  return ACCEPTED.has(type);
}

export interface CardBrandInfo {
  brand: CardBrand;
  niceName: string;
  /** Lengths of the numbers the brand issues. */
  lengths: readonly number[];
  /** Positions after which a space is shown in the formatted number. */
  gaps: readonly number[];
  /** The spec's rule: 3 or 4 digits; exactly 4 where the brand prints 4 (American Express). */
  securityCodeLengths: readonly number[];
}

function infoOf(type: CreditCardType & { type: CardBrand }): CardBrandInfo {
  return {
    brand: type.type,
    niceName: type.niceType,
    lengths: type.lengths,
    gaps: type.gaps,
    securityCodeLengths: type.code.size === 4 ? [4] : [3, 4],
  };
}

export function cardBrandInfo(brand: CardBrand): CardBrandInfo {
  return infoOf({ ...creditCardType.getTypeInfo(brand), type: brand });
}

/**
 * The one brand a string of digits belongs to, or null: no brand, a brand outside the spec's set,
 * or a beginning too short to tell (the library then offers several candidates).
 */
export function brandOfDigits(digits: string): CardBrand | null {
  if (!/^\d+$/.test(digits)) return null;
  const matches = creditCardType(digits);
  const only = matches.length === 1 ? matches[0] : undefined;
  return only && isCardBrand(only.type) ? only.type : null;
}

/**
 * The card or bank account a resident typed, checked again on the server with the same domain rules
 * the form uses (src/domain/payment-card.ts, src/forms/validation/formats.ts): a form can be posted
 * by anything, so its checks are a convenience, not a guarantee.
 *
 * An Instrument holds the full number and security code. It lives in memory for one `pay` call and
 * goes to the provider; only its `InstrumentSummary` (brand, last four, masked) is ever stored.
 */
import {
  type CardBrand,
  type CardExpiry,
  cardDigits,
  isExpiryPast,
  isValidSecurityCode,
  maskCard,
  parseCardExpiry,
  validateCardNumber,
} from "../../domain/payment-card";
import { isRoutingNumber, isUsZip } from "../../forms/validation/formats";
import type { PaymentMethod } from "./provider";
import type { Problem } from "./refusal";

export interface CardInstrument {
  method: "card";
  nameOnCard: string;
  /** Digits only. */
  number: string;
  brand: CardBrand;
  expiry: CardExpiry;
  cvv: string;
  zip: string;
}

export interface BankInstrument {
  method: "ach";
  nameOnAccount: string;
  routingNumber: string;
  /** Digits only. */
  accountNumber: string;
}

export type Instrument = CardInstrument | BankInstrument;

/** What may be kept and shown: never the number, never the security code. */
export interface InstrumentSummary {
  method: PaymentMethod;
  brand: CardBrand | null;
  /** The number with all but its last four digits replaced by '*' (SPEC §5 masking). */
  maskedNumber: string;
}

export type InstrumentCheck = { ok: true; instrument: Instrument } | { ok: false; problems: Problem[] };

/**
 * A US bank account number: up to 17 digits (the longest the ACH network carries), and at least 5,
 * so that its masked form (last four shown) never shows the whole number.
 */
const ACCOUNT_NUMBER = /^\d{5,17}$/;
const MAX_NAME = 100;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** Records a problem (a catalogue key on a field); a name too long says the limit. */
const problemsInto =
  (problems: Problem[]) =>
  (path: string, message: string, keyword = "format") =>
    problems.push(
      message === "maxLength"
        ? { path, message, keyword, values: { limit: MAX_NAME } }
        : { path, message, keyword },
    );

/** Reads the card fields (nameOnCard, cardNumber, expiry, cvv, zip) of `params`. */
export function checkCard(params: Record<string, unknown>, now: Date): InstrumentCheck {
  const problems: Problem[] = [];
  const problem = problemsInto(problems);

  const nameOnCard = text(params.nameOnCard);
  if (!nameOnCard) problem("/nameOnCard", "required", "required");
  else if (nameOnCard.length > MAX_NAME) problem("/nameOnCard", "maxLength", "maxLength");

  const typedNumber = text(params.cardNumber);
  const { brand, isValid } = validateCardNumber(typedNumber);
  if (!typedNumber) problem("/cardNumber", "required", "required");
  else if (!isValid || !brand) problem("/cardNumber", "cardNumber");

  const typedExpiry = text(params.expiry);
  const expiry = parseCardExpiry(typedExpiry, now);
  if (!typedExpiry) problem("/expiry", "required", "required");
  else if (!expiry) problem("/expiry", "cardExpiryInvalid");
  else if (isExpiryPast(expiry, now)) problem("/expiry", "cardExpired", "cardNotExpired");

  const cvv = text(params.cvv);
  if (!cvv) problem("/cvv", "required", "required");
  else if (!isValidSecurityCode(cvv, brand)) problem("/cvv", "securityCode", "securityCodeFor");

  const zip = text(params.zip);
  if (!zip) problem("/zip", "required", "required");
  else if (!isUsZip(zip)) problem("/zip", "zipCode");

  if (problems.length > 0 || !brand || !expiry) return { ok: false, problems };
  return {
    ok: true,
    instrument: {
      method: "card",
      nameOnCard,
      number: cardDigits(typedNumber) ?? "",
      brand,
      expiry,
      cvv,
      zip,
    },
  };
}

/**
 * Reads the bank fields (routingNumber, accountNumber, nameOnAccount) of `params`; when the form
 * sends the account number typed twice (accountNumberConfirm), the two must match.
 */
export function checkBankAccount(params: Record<string, unknown>): InstrumentCheck {
  const problems: Problem[] = [];
  const problem = problemsInto(problems);

  const nameOnAccount = text(params.nameOnAccount);
  if (!nameOnAccount) problem("/nameOnAccount", "required", "required");
  else if (nameOnAccount.length > MAX_NAME) problem("/nameOnAccount", "maxLength", "maxLength");

  const routingNumber = text(params.routingNumber);
  if (!routingNumber) problem("/routingNumber", "required", "required");
  else if (!isRoutingNumber(routingNumber)) problem("/routingNumber", "routingNumber");

  const accountNumber = text(params.accountNumber).replace(/[\s-]/g, "");
  if (!accountNumber) problem("/accountNumber", "required", "required");
  else if (!ACCOUNT_NUMBER.test(accountNumber)) problem("/accountNumber", "accountNumber");
  else if (
    params.accountNumberConfirm !== undefined &&
    text(params.accountNumberConfirm).replace(/[\s-]/g, "") !== accountNumber
  )
    problem("/accountNumberConfirm", "valuesDoNotMatch", "matches");

  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, instrument: { method: "ach", nameOnAccount, routingNumber, accountNumber } };
}

export function checkInstrument(
  method: PaymentMethod,
  params: Record<string, unknown>,
  now: Date,
): InstrumentCheck {
  return method === "card" ? checkCard(params, now) : checkBankAccount(params);
}

export function summarize(instrument: Instrument): InstrumentSummary {
  return instrument.method === "card"
    ? { method: "card", brand: instrument.brand, maskedNumber: maskCard(instrument.number) }
    : { method: "ach", brand: null, maskedNumber: maskCard(instrument.accountNumber) };
}

/**
 * The embedded sandbox provider (PAYMENT_PROVIDER=sandbox, the default): no network, no money.
 * What happens to a payment depends only on the test card or bank account it was made with (the
 * tables below, documented in docs/payments.md), so tests, demos and replay recordings are
 * deterministic.
 *
 * Any number that is not in the tables is declined, even a valid one: a real card typed into a
 * site that still runs the sandbox must never look paid.
 *
 * The sandbox keeps no state. The outcome is decided when the payment is created and written into
 * its id (sbx_ok_…, sbx_dcl_…, sbx_err_…), together with a hash of the idempotency key, so the same
 * key always gives the same id and any web process can confirm or look up any payment. The card
 * or account number itself is in no id and no answer.
 */
import { createHash } from "node:crypto";
import type { Instrument } from "./instrument";
import {
  type CreatePayment,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type Refund,
} from "./provider";

export type SandboxOutcome = "approve" | "decline" | "fail";

export interface SandboxCard {
  number: string;
  brand: string;
  outcome: SandboxOutcome;
  /** The decline code the sandbox reports (as Stripe names them). */
  declineCode?: string;
}

/** Any expiry date not in the past, any security code of the right length, any ZIP code. */
export const SANDBOX_CARDS: readonly SandboxCard[] = [
  { number: "4111111111111111", brand: "Visa", outcome: "approve" },
  { number: "5555555555554444", brand: "MasterCard", outcome: "approve" },
  { number: "378282246310005", brand: "American Express", outcome: "approve" },
  { number: "6011111111111117", brand: "Discover", outcome: "approve" },
  { number: "4000000000000002", brand: "Visa", outcome: "decline", declineCode: "card_declined" },
  { number: "4000000000009995", brand: "Visa", outcome: "decline", declineCode: "insufficient_funds" },
  { number: "4000000000000119", brand: "Visa", outcome: "fail" },
];

export interface SandboxBankAccount {
  routingNumber: string;
  accountNumber: string;
  outcome: SandboxOutcome;
  declineCode?: string;
}

/** The sandbox bank's routing number (passes the ABA checksum). */
export const SANDBOX_ROUTING_NUMBER = "110000000";

export const SANDBOX_BANK_ACCOUNTS: readonly SandboxBankAccount[] = [
  { routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber: "000123456789", outcome: "approve" },
  {
    routingNumber: SANDBOX_ROUTING_NUMBER,
    accountNumber: "000111111116",
    outcome: "decline",
    declineCode: "insufficient_funds",
  },
  {
    routingNumber: SANDBOX_ROUTING_NUMBER,
    accountNumber: "000111111113",
    outcome: "decline",
    declineCode: "account_closed",
  },
  { routingNumber: SANDBOX_ROUTING_NUMBER, accountNumber: "000222222227", outcome: "fail" },
];

const CODES: Record<SandboxOutcome, string> = { approve: "ok", decline: "dcl", fail: "err" };
const ID = /^sbx_(ok|dcl|err)_([a-z0-9_]*)_([0-9a-f]{24})$/;

/** What the sandbox does with this card or account, and why. */
export function sandboxOutcome(instrument: Instrument): { outcome: SandboxOutcome; declineCode?: string } {
  const match =
    instrument.method === "card"
      ? SANDBOX_CARDS.find((card) => card.number === instrument.number)
      : SANDBOX_BANK_ACCOUNTS.find(
          (account) =>
            account.routingNumber === instrument.routingNumber &&
            account.accountNumber === instrument.accountNumber,
        );
  if (!match) return { outcome: "decline", declineCode: "not_a_test_number" };
  return match.declineCode
    ? { outcome: match.outcome, declineCode: match.declineCode }
    : { outcome: match.outcome };
}

const digest = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 24);

function parseId(id: string): { outcome: SandboxOutcome; declineCode: string } {
  const match = ID.exec(id);
  if (!match) throw new ProviderError(`the sandbox has no payment ${id}`, "failed");
  const outcome = (Object.keys(CODES) as SandboxOutcome[]).find((o) => CODES[o] === match[1]);
  return { outcome: outcome ?? "decline", declineCode: match[2] ?? "" };
}

function answer(id: string): ProviderPayment {
  const { outcome, declineCode } = parseId(id);
  if (outcome === "fail") throw new ProviderError("sandbox: processing error (test number)", "failed");
  if (outcome === "decline") return { id, status: "declined", declineCode };
  return { id, status: "succeeded" };
}

export function sandboxProvider(): PaymentProvider {
  return {
    name: "sandbox",
    entry: "direct",
    async create(request: CreatePayment): Promise<ProviderPayment> {
      const { instrument, amounts } = request;
      if (!instrument) throw new ProviderError("the sandbox takes card or bank details directly", "failed");
      if (
        !Number.isSafeInteger(amounts.total) ||
        amounts.total <= 0 ||
        amounts.subtotal + amounts.fee !== amounts.total
      )
        throw new ProviderError(`the sandbox refuses the amounts ${JSON.stringify(amounts)}`, "failed");
      const { outcome, declineCode } = sandboxOutcome(instrument);
      const id = `sbx_${CODES[outcome]}_${declineCode ?? ""}_${digest(request.idempotencyKey)}`;
      return { id, status: "requires_confirmation" };
    },
    async confirm(id) {
      return answer(id);
    },
    async status(id) {
      return answer(id);
    },
    async refund({ id, amount, idempotencyKey }): Promise<Refund> {
      if (parseId(id).outcome !== "approve")
        throw new ProviderError(`the sandbox cannot refund ${id}: it was not paid`, "failed");
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw new ProviderError(`the sandbox refuses a refund of ${amount}`, "failed");
      return { id: `sbx_re_${digest(idempotencyKey)}`, status: "succeeded" };
    },
  };
}

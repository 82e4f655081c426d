/**
 * The payment provider: the one thing that moves money. The payments integration (payments.ts)
 * depends on this interface only; the sandbox (sandbox-provider.ts, the default) and Stripe
 * (stripe-provider.ts) implement it, and configuration picks one (src/server/config.ts,
 * PAYMENT_PROVIDER).
 *
 * Two ways to take a payment, and a provider has exactly one of them (`entry`):
 * - "direct": the site's own form collects the card or bank details and `create` receives them.
 *   Only the sandbox does this. With a real processor it would put the city's servers in scope of
 *   PCI DSS SAQ D (docs/payments.md).
 * - "hosted": `create` answers with the provider's page (`redirectUrl`) where the resident types the
 *   card or bank details; the site never sees them (SAQ A). Stripe Checkout is one.
 *
 * Every call that can move money carries an idempotency key: the same key always means the same
 * request, so a retry after a lost answer never charges (or refunds) twice.
 */
import type { CardBrand } from "../../domain/payment-card";
import type { Instrument } from "./instrument";

export type PaymentMethod = "card" | "ach";

/**
 * Where a payment stands at the provider.
 * - requires_action: waiting for the resident on the provider's page (hosted)
 * - requires_confirmation: created, not yet confirmed (direct)
 * - processing: accepted but not settled yet (a bank debit takes days)
 * - succeeded: the money is taken
 * - declined: the card or bank said no; nothing was taken
 * - canceled: abandoned or expired on the provider's page; nothing was taken
 */
export type ProviderStatus =
  | "requires_action"
  | "requires_confirmation"
  | "processing"
  | "succeeded"
  | "declined"
  | "canceled";

export interface ProviderPayment {
  /** The provider's id for this payment (a sandbox id, a Stripe Checkout Session id). */
  id: string;
  status: ProviderStatus;
  /** Hosted providers: the page the resident is sent to while `requires_action`. */
  redirectUrl?: string;
  /** Why it was declined, in the provider's words (for staff, never shown to residents). */
  declineCode?: string;
  /** Hosted providers, once paid: the last four digits of the card or account used, and the card's brand. */
  lastFour?: string;
  brand?: CardBrand;
}

export interface Amounts {
  /** What is owed to the city: the principal, refundable. */
  subtotal: number;
  /** The 2.5% transaction fee: never refunded. */
  fee: number;
  /** subtotal + fee: what is charged. */
  total: number;
}

export interface CreatePayment {
  /** Same key, same payment: a retry returns the first answer instead of creating another. */
  idempotencyKey: string;
  /** Ours, for the provider's records and reports. */
  paymentId: string;
  reference: string;
  /** Integer cents, US dollars. */
  amounts: Amounts;
  method: PaymentMethod;
  /** One line for the statement and the provider's dashboard. */
  description: string;
  locale: "en" | "es";
  /** Direct entry only: the details the resident typed. Held in memory for this call, never stored. */
  instrument?: Instrument;
  /** Hosted only: where the provider's page sends the resident back. */
  returnUrl?: string;
  /** Hosted only: where it sends the resident who gives up. */
  cancelUrl?: string;
  /** Hosted only: pre-fills the provider's receipt address. */
  email?: string;
}

export interface Refund {
  id: string;
  status: "succeeded" | "pending";
}

export interface PaymentProvider {
  /** Stored with each payment: which provider's ids it holds. */
  readonly name: string;
  readonly entry: "direct" | "hosted";
  create(request: CreatePayment): Promise<ProviderPayment>;
  /** Direct: charges what `create` set up. Hosted: the same as `status`. */
  confirm(id: string, options: { idempotencyKey: string }): Promise<ProviderPayment>;
  /**
   * Returns principal to the resident. The caller never passes more than the payment's subtotal
   * less what was refunded already: the transaction fee is not refundable (SPEC §9).
   */
  refund(request: { id: string; amount: number; idempotencyKey: string }): Promise<Refund>;
  status(id: string): Promise<ProviderPayment>;
  /**
   * Hosted: closes the provider's page of a payment not paid yet, so it can no longer be (the
   * resident came back without paying, or is paying other amounts), and says where it stands:
   * canceled, or paid if the resident paid just before.
   */
  cancel?(id: string): Promise<ProviderPayment>;
  /**
   * Hosted: the origins of the provider's pages. A form posted without JavaScript is redirected
   * there, which the site's Content-Security-Policy (form-action) must allow.
   */
  readonly pageOrigins?: readonly string[];
}

/**
 * The provider could not do what was asked.
 * - "failed": it answered that it could not (an error status): nothing was taken.
 * - "unknown": no usable answer (a timeout, a dropped connection): the payment may or may not have
 *   gone through, so it stays pending and is asked about again with the same idempotency key.
 */
export class ProviderError extends Error {
  override name = "ProviderError";
  constructor(
    message: string,
    readonly outcome: "failed" | "unknown",
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

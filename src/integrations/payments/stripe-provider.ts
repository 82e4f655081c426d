/**
 * Stripe, through its REST API (https://docs.stripe.com/api) with the platform's fetch: no SDK, so
 * nothing more to keep up to date than the few calls below. PAYMENT_PROVIDER=stripe with
 * STRIPE_SECRET_KEY (docs/payments.md).
 *
 * Residents pay on Stripe Checkout, Stripe's hosted payment page: the site creates a Checkout
 * Session and sends the resident to its `url`; card and bank details are typed on Stripe's page and
 * never reach the city's servers, which keeps the city to PCI DSS SAQ A. Stripe sends the resident
 * back to `returnUrl`, where the workflow asks (`confirm`) how it went.
 *
 *   create  POST /v1/checkout/sessions          (Idempotency-Key)  → requires_action + url
 *   status  GET  /v1/checkout/sessions/{id}?expand[]=payment_intent.payment_method
 *   cancel  POST /v1/checkout/sessions/{id}/expire  (the resident came back without paying)
 *   refund  POST /v1/refunds {payment_intent, amount}  (Idempotency-Key): principal only
 *
 * Requests are form-encoded (Stripe's convention, nested keys as a[b][0]); answers are JSON. Errors
 * map onto ProviderError: no answer (network, timeout) is "unknown"; an error status is "failed",
 * except that a refund's 5xx is "unknown" (it may have gone through).
 */
import type { CardBrand } from "../../domain/payment-card";
import {
  type CreatePayment,
  type PaymentProvider,
  ProviderError,
  type ProviderPayment,
  type Refund,
} from "./provider";

export interface StripeConfig {
  /** sk_live_… or sk_test_… (a restricted key with Checkout Sessions and Refunds write access will do). */
  secretKey: string;
  /** https://api.stripe.com unless a test double stands in (STRIPE_API_BASE). */
  apiBase?: string;
  /** Each request is given up after this long (default 10 s): then its outcome is unknown. */
  timeoutMs?: number;
  /** Checkout Sessions expire after this long (Stripe allows 30 minutes to 24 hours; default 1 hour). */
  sessionMinutes?: number;
  fetch?: typeof fetch;
  now?: () => Date;
}

type FormValue = string | number | boolean | null | undefined | FormValue[] | { [key: string]: FormValue };

/** Stripe's form encoding: {a: {b: [1]}} → a[b][0]=1. */
export function stripeForm(values: Record<string, FormValue>): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: FormValue) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) for (const [i, item] of value.entries()) add(`${key}[${i}]`, item);
    else if (typeof value === "object") for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(values)) add(key, value);
  return form;
}

/** Stripe's card brand names → ours. */
const BRANDS: Record<string, CardBrand> = {
  visa: "visa",
  mastercard: "mastercard",
  amex: "american-express",
  discover: "discover",
  diners: "diners-club",
  jcb: "jcb",
  unionpay: "unionpay",
};

interface StripePaymentMethod {
  type?: string;
  card?: { brand?: string; last4?: string };
  us_bank_account?: { last4?: string };
}

interface StripePaymentIntent {
  id: string;
  status: string;
  payment_method?: string | StripePaymentMethod | null;
  last_payment_error?: { code?: string; decline_code?: string } | null;
}

interface StripeSession {
  id: string;
  url: string | null;
  status: "open" | "complete" | "expired" | null;
  payment_status: "paid" | "unpaid" | "no_payment_required";
  payment_intent: string | StripePaymentIntent | null;
}

/** Where a Checkout Session (and its PaymentIntent, when expanded) says the payment stands. */
export function sessionPayment(session: StripeSession): ProviderPayment {
  const { id } = session;
  if (session.status === "expired") return { id, status: "canceled" };
  if (session.status !== "complete")
    return session.url
      ? { id, status: "requires_action", redirectUrl: session.url }
      : { id, status: "requires_action" };
  const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
  const method = intent && typeof intent.payment_method === "object" ? intent.payment_method : null;
  const details: Pick<ProviderPayment, "lastFour" | "brand"> = {};
  const lastFour = method?.card?.last4 ?? method?.us_bank_account?.last4;
  if (lastFour) details.lastFour = lastFour;
  const brand = method?.card?.brand ? BRANDS[method.card.brand] : undefined;
  if (brand) details.brand = brand;
  if (session.payment_status !== "unpaid") return { id, status: "succeeded", ...details };
  // Complete but unpaid: a bank debit on its way (or, on its PaymentIntent, one that failed).
  switch (intent?.status) {
    case "succeeded":
      return { id, status: "succeeded", ...details };
    case "requires_payment_method": {
      const code = intent.last_payment_error?.decline_code ?? intent.last_payment_error?.code;
      return code
        ? { id, status: "declined", declineCode: code, ...details }
        : { id, status: "declined", ...details };
    }
    case "canceled":
      return { id, status: "canceled" };
    default:
      return { id, status: "processing", ...details };
  }
}

export function stripeProvider(config: StripeConfig): PaymentProvider {
  if (!config.secretKey) throw new Error("stripe: STRIPE_SECRET_KEY is required");
  const base = (config.apiBase ?? "https://api.stripe.com").replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 10_000;
  const sessionMinutes = config.sessionMinutes ?? 60;
  const doFetch = config.fetch ?? globalThis.fetch;
  const now = config.now ?? (() => new Date());

  async function request<T>(
    method: "GET" | "POST",
    path: string,
    options: { form?: URLSearchParams; idempotencyKey?: string; serverErrorIs?: "failed" | "unknown" } = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${config.secretKey}` };
    if (options.form) headers["Content-Type"] = "application/x-www-form-urlencoded";
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        ...(options.form ? { body: options.form.toString() } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw new ProviderError(`stripe: ${method} ${path}: no answer (${(error as Error).name})`, "unknown", {
        cause: error,
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ProviderError(`stripe: ${method} ${path}: HTTP ${response.status}, not JSON`, "unknown");
    }
    if (response.ok) return body as T;
    const error = (body as { error?: { type?: string; code?: string; message?: string } }).error ?? {};
    // Stripe's message, not the request: it never holds card data (none is ever sent).
    const message = `stripe: ${method} ${path}: HTTP ${response.status} ${error.type ?? ""} ${error.code ?? ""}: ${error.message ?? ""}`;
    throw new ProviderError(message, response.status >= 500 ? (options.serverErrorIs ?? "failed") : "failed");
  }

  const retrieve = (id: string) =>
    request<StripeSession>(
      "GET",
      `/v1/checkout/sessions/${encodeURIComponent(id)}?${new URLSearchParams([["expand[]", "payment_intent.payment_method"]])}`,
    );

  return {
    name: "stripe",
    entry: "hosted",
    // Checkout's pages are on checkout.stripe.com; a test double serves its own.
    pageOrigins: [config.apiBase ? new URL(base).origin : "https://checkout.stripe.com"],
    async create(payment: CreatePayment): Promise<ProviderPayment> {
      if (payment.instrument)
        throw new TypeError("stripe: card and bank details are typed on Stripe's page, never sent");
      if (!payment.returnUrl) throw new TypeError("stripe: a Checkout Session needs a return address");
      const { subtotal, fee } = payment.amounts;
      const line = (name: string, amount: number) => ({
        price_data: { currency: "usd", product_data: { name }, unit_amount: amount },
        quantity: 1,
      });
      const feeName =
        payment.locale === "es"
          ? "Cargo por transacción (2.5 %, no reembolsable)"
          : "Transaction fee (2.5%, non-refundable)";
      const metadata = { payment_id: payment.paymentId, reference: payment.reference };
      const form = stripeForm({
        mode: "payment",
        success_url: payment.returnUrl,
        cancel_url: payment.cancelUrl ?? payment.returnUrl,
        client_reference_id: payment.paymentId,
        customer_email: payment.email,
        locale: payment.locale,
        expires_at: Math.floor(now().getTime() / 1000) + sessionMinutes * 60,
        payment_method_types: [payment.method === "ach" ? "us_bank_account" : "card"],
        line_items:
          fee > 0
            ? [line(payment.description, subtotal), line(feeName, fee)]
            : [line(payment.description, subtotal)],
        metadata,
        payment_intent_data: { description: payment.description, metadata },
      });
      const session = await request<StripeSession>("POST", "/v1/checkout/sessions", {
        form,
        idempotencyKey: payment.idempotencyKey,
      });
      return sessionPayment(session);
    },
    async confirm(id) {
      return sessionPayment(await retrieve(id));
    },
    async status(id) {
      return sessionPayment(await retrieve(id));
    },
    async cancel(id) {
      try {
        return sessionPayment(
          await request<StripeSession>("POST", `/v1/checkout/sessions/${encodeURIComponent(id)}/expire`, {
            idempotencyKey: `${id}:expire`,
          }),
        );
      } catch (error) {
        // Only an open session expires: one paid (or expired) meanwhile says where it stands.
        if (error instanceof ProviderError && error.outcome === "failed")
          return sessionPayment(await retrieve(id));
        throw error;
      }
    },
    async refund({ id, amount, idempotencyKey }): Promise<Refund> {
      const session = await retrieve(id);
      const intent =
        typeof session.payment_intent === "object" ? session.payment_intent?.id : session.payment_intent;
      if (!intent) throw new ProviderError(`stripe: ${id} has no payment to refund`, "failed");
      const refund = await request<{ id: string; status: string }>("POST", "/v1/refunds", {
        form: stripeForm({ payment_intent: intent, amount, metadata: { checkout_session: id } }),
        idempotencyKey,
        serverErrorIs: "unknown",
      });
      if (refund.status === "succeeded") return { id: refund.id, status: "succeeded" };
      if (refund.status === "pending" || refund.status === "requires_action")
        return { id: refund.id, status: "pending" };
      throw new ProviderError(`stripe: refund ${refund.id} is ${refund.status}`, "failed");
    },
  };
}

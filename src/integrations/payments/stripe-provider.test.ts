import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type CreatePayment, ProviderError } from "./provider";
import { type StripeDouble, startStripeDouble } from "./stripe-double";
import { stripeForm, stripeProvider } from "./stripe-provider";

const NOW = new Date("2026-11-22T15:00:00.000Z");

const payment = (overrides: Partial<CreatePayment> = {}): CreatePayment => ({
  idempotencyKey: "pay-1:1",
  paymentId: "pay-1",
  reference: "ACEF2345",
  amounts: { subtotal: 184_300, fee: 4_608, total: 188_908 },
  method: "card",
  description: "Cedarport payment ACEF2345",
  locale: "en",
  returnUrl: "https://www.cedarport.gov/workflow/pay-property-taxes",
  email: "maria@example.com",
  ...overrides,
});

describe("Stripe's form encoding", () => {
  it("writes nested objects and lists as Stripe's bracketed keys, and leaves out what is unset", () => {
    expect(stripeForm({ a: 1, b: { c: "x", d: [5, { e: true }] }, f: undefined, g: null }).toString()).toBe(
      new URLSearchParams([
        ["a", "1"],
        ["b[c]", "x"],
        ["b[d][0]", "5"],
        ["b[d][1][e]", "true"],
      ]).toString(),
    );
  });
});

describe("the Stripe provider, against a double of Stripe's API", () => {
  let stripe: StripeDouble;
  let provider: ReturnType<typeof stripeProvider>;

  beforeAll(async () => {
    stripe = await startStripeDouble();
  });
  afterAll(() => stripe.close());
  beforeEach(() => {
    stripe.requests.length = 0;
    provider = stripeProvider({
      secretKey: stripe.secretKey,
      apiBase: stripe.url,
      now: () => NOW,
      timeoutMs: 1_000,
    });
  });

  it("is a hosted provider: it refuses card details and wants a return address", async () => {
    expect(provider.entry).toBe("hosted");
    await expect(
      provider.create(
        payment({
          instrument: {
            method: "ach",
            nameOnAccount: "M",
            routingNumber: "110000000",
            accountNumber: "000123456789",
          },
        }),
      ),
    ).rejects.toThrow(TypeError);
    await expect(provider.create(payment({ returnUrl: undefined }))).rejects.toThrow(TypeError);
    expect(stripe.requests).toEqual([]);
  });

  it("creates a Checkout Session for the total, with the fee on a line of its own, and sends the resident to it", async () => {
    const created = await provider.create(payment());
    expect(created.status).toBe("requires_action");
    expect(created.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [request] = stripe.requests;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/v1/checkout/sessions");
    expect(request?.authorization).toBe(`Bearer ${stripe.secretKey}`);
    expect(request?.contentType).toBe("application/x-www-form-urlencoded");
    expect(request?.idempotencyKey).toBe("pay-1:1");
    const form = Object.fromEntries(request?.form ?? []);
    expect(form).toMatchObject({
      mode: "payment",
      success_url: "https://www.cedarport.gov/workflow/pay-property-taxes",
      cancel_url: "https://www.cedarport.gov/workflow/pay-property-taxes",
      client_reference_id: "pay-1",
      customer_email: "maria@example.com",
      locale: "en",
      "payment_method_types[0]": "card",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "184300",
      "line_items[0][quantity]": "1",
      "line_items[1][price_data][product_data][name]": "Transaction fee (2.5%, non-refundable)",
      "line_items[1][price_data][unit_amount]": "4608",
      "metadata[payment_id]": "pay-1",
      "metadata[reference]": "ACEF2345",
      // An hour from now: within the 30 minutes to 24 hours Stripe allows.
      expires_at: String(NOW.getTime() / 1000 + 3600),
    });
    expect(stripe.sessions.get(created.id)?.amount_total).toBe(188_908);
  });

  it("asks for a bank debit with us_bank_account, and in Spanish for a Spanish-speaking resident", async () => {
    await provider.create(payment({ method: "ach", locale: "es", idempotencyKey: "pay-2:1" }));
    const form = stripe.requests[0]?.form;
    expect(form?.get("payment_method_types[0]")).toBe("us_bank_account");
    expect(form?.get("locale")).toBe("es");
    expect(form?.get("line_items[1][price_data][product_data][name]")).toBe(
      "Cargo por transacción (2.5 %, no reembolsable)",
    );
  });

  it("gets the same session back for the same idempotency key (Stripe replays it)", async () => {
    const first = await provider.create(payment({ idempotencyKey: "pay-3:1" }));
    const again = await provider.create(payment({ idempotencyKey: "pay-3:1" }));
    expect(again.id).toBe(first.id);
    expect(stripe.requests.map((r) => r.idempotencyKey)).toEqual(["pay-3:1", "pay-3:1"]);
  });

  it("reads an open, paid, expired session as waiting, succeeded (with the card's last four), canceled", async () => {
    const created = await provider.create(payment({ idempotencyKey: "pay-4:1" }));
    expect(await provider.status(created.id)).toMatchObject({
      status: "requires_action",
      redirectUrl: created.redirectUrl,
    });
    const retrieve = stripe.requests.at(-1);
    expect(retrieve?.method).toBe("GET");
    expect(retrieve?.query.getAll("expand[]")).toEqual(["payment_intent.payment_method"]);
    stripe.pay(created.id, { brand: "amex", last4: "0005" });
    expect(await provider.confirm(created.id, { idempotencyKey: "x" })).toEqual({
      id: created.id,
      status: "succeeded",
      lastFour: "0005",
      brand: "american-express",
    });
    const expiring = await provider.create(payment({ idempotencyKey: "pay-5:1" }));
    stripe.expire(expiring.id);
    expect(await provider.status(expiring.id)).toEqual({ id: expiring.id, status: "canceled" });
  });

  it("closes an open session (expire) when the resident came back without paying, and reads a paid one as paid", async () => {
    const open = await provider.create(payment({ idempotencyKey: "pay-c1:1", paymentId: "pay-c1" }));
    expect(await provider.cancel?.(open.id)).toEqual({ id: open.id, status: "canceled" });
    const expire = stripe.requests.at(-1);
    expect(expire?.path).toBe(`/v1/checkout/sessions/${open.id}/expire`);
    expect(expire?.idempotencyKey).toBe(`${open.id}:expire`);
    // Paid in another tab just before: Stripe refuses to expire it, and the session says it is paid.
    const paid = await provider.create(payment({ idempotencyKey: "pay-c2:1", paymentId: "pay-c2" }));
    stripe.pay(paid.id, { brand: "mastercard", last4: "4444" });
    expect(await provider.cancel?.(paid.id)).toMatchObject({ status: "succeeded", lastFour: "4444" });
  });

  it("names Stripe's checkout origin for the site's form-action policy, or the double's own", () => {
    expect(stripeProvider({ secretKey: "sk_test_x" }).pageOrigins).toEqual(["https://checkout.stripe.com"]);
    expect(provider.pageOrigins).toEqual([stripe.url]);
  });

  it("reads a bank debit as processing until it settles, then succeeded or declined", async () => {
    const paid = await provider.create(payment({ method: "ach", idempotencyKey: "pay-6:1" }));
    stripe.payByBank(paid.id);
    expect(await provider.status(paid.id)).toMatchObject({ status: "processing", lastFour: "6789" });
    stripe.settleBankDebit(paid.id, true);
    expect(await provider.status(paid.id)).toMatchObject({ status: "succeeded" });
    const bounced = await provider.create(payment({ method: "ach", idempotencyKey: "pay-7:1" }));
    stripe.payByBank(bounced.id);
    stripe.settleBankDebit(bounced.id, false);
    expect(await provider.status(bounced.id)).toMatchObject({
      status: "declined",
      declineCode: "insufficient_funds",
    });
  });

  it("refunds the amount it is given (the principal) on the session's PaymentIntent, once per key", async () => {
    const created = await provider.create(payment({ idempotencyKey: "pay-8:1" }));
    stripe.pay(created.id);
    const refund = await provider.refund({ id: created.id, amount: 184_300, idempotencyKey: "refund:r1" });
    expect(refund.status).toBe("succeeded");
    const post = stripe.requests.at(-1);
    expect(post?.path).toBe("/v1/refunds");
    expect(post?.idempotencyKey).toBe("refund:r1");
    expect(post?.form.get("amount")).toBe("184300");
    expect(post?.form.get("payment_intent")).toMatch(/^pi_test_/);
    expect((await provider.refund({ id: created.id, amount: 184_300, idempotencyKey: "refund:r1" })).id).toBe(
      refund.id,
    );
    expect(stripe.refunds).toHaveLength(1);
    // What is left is the fee: Stripe would give it back, so the payments service never asks.
    await expect(
      provider.refund({ id: created.id, amount: 184_300, idempotencyKey: "refund:r2" }),
    ).rejects.toThrow(ProviderError);
  });

  it("refuses to refund a session nobody paid", async () => {
    const created = await provider.create(payment({ idempotencyKey: "pay-9:1" }));
    const error = await provider
      .refund({ id: created.id, amount: 100, idempotencyKey: "refund:r3" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.outcome).toBe("failed");
  });

  it("calls an error status a failure, and no answer an unknown outcome", async () => {
    stripe.failNext(400, { type: "invalid_request_error", code: "parameter_invalid_integer" });
    const refused = await provider.create(payment({ idempotencyKey: "pay-10:1" })).catch((e) => e);
    expect(refused).toMatchObject({ name: "ProviderError", outcome: "failed" });
    expect(refused.message).toContain("parameter_invalid_integer");
    stripe.failNext(500, { type: "api_error" });
    expect(await provider.create(payment({ idempotencyKey: "pay-11:1" })).catch((e) => e)).toMatchObject({
      outcome: "failed",
    });
    stripe.hangNext();
    expect(await provider.create(payment({ idempotencyKey: "pay-12:1" })).catch((e) => e)).toMatchObject({
      outcome: "unknown",
    });
    const unreachable = stripeProvider({ secretKey: "sk", apiBase: "http://127.0.0.1:9", timeoutMs: 1_000 });
    expect(await unreachable.status("cs_1").catch((e) => e)).toMatchObject({ outcome: "unknown" });
  });

  it("calls a refund's server error an unknown outcome: it may have gone through", async () => {
    const created = await provider.create(payment({ idempotencyKey: "pay-13:1" }));
    stripe.pay(created.id);
    stripe.failNext(502, { type: "api_error" }, "/v1/refunds");
    expect(
      await provider.refund({ id: created.id, amount: 100, idempotencyKey: "refund:r4" }).catch((e) => e),
    ).toMatchObject({
      outcome: "unknown",
    });
  });

  it("sends the secret key only as a Bearer token and never receives card data", async () => {
    const wrong = stripeProvider({ secretKey: "sk_test_wrong", apiBase: stripe.url });
    expect(await wrong.create(payment({ idempotencyKey: "pay-14:1" })).catch((e) => e)).toMatchObject({
      outcome: "failed",
    });
    for (const request of stripe.requests) {
      const sent = `${request.path}?${request.query}&${request.form}`;
      expect(sent).not.toMatch(/sk_test/);
      expect(sent).not.toMatch(/card\[number\]|cvc|account_number/);
    }
  });
});

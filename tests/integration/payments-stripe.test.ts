import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeProvider } from "../../src/integrations/payments";
import { type StripeDouble, startStripeDouble } from "../../src/integrations/payments/stripe-double";
import { IntegrationRedirect } from "../../src/workflow/integrations";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";
import {
  cardParams,
  newKey,
  type PaymentsFixture,
  paymentsFixture,
  refusalOf,
  spareInvoices,
} from "./payments-fixture";

/**
 * Paying through Stripe Checkout (PAYMENT_PROVIDER=stripe), against a double of Stripe's API: the
 * resident is sent to Stripe's page, comes back, and the workflow confirms; the site never sees a
 * card number. Balances are held while the page is open and given back when it expires.
 */
describe.each(DATABASES)("payments through Stripe Checkout on %s", (kind) => {
  let test: TestDatabase;
  let stripe: StripeDouble;
  let f: PaymentsFixture;
  let spare: Array<{ id: string; balance: number }>;
  let now = new Date();
  const invoice = () => {
    const next = spare.shift();
    if (!next) throw new Error("out of spare invoices");
    return next;
  };
  const sessionOf = (result: Record<string, unknown>) => String(result.redirectUrl).split("/").pop() ?? "";
  /**
   * `pay` with a hosted provider: the resident is sent to Stripe's page (IntegrationRedirect, which
   * the engine follows); then the attempt as it stands, which names the same page.
   */
  const start = async (params: { attemptKey: string } & Record<string, unknown>, locale?: "en" | "es") => {
    const sent: unknown = await f.call("pay", params, locale).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(sent).toBeInstanceOf(IntegrationRedirect);
    const payment = await f.call("confirm", { attemptKey: params.attemptKey }, locale);
    expect(payment.redirectUrl).toBe((sent as IntegrationRedirect).url);
    return payment;
  };

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    stripe = await startStripeDouble();
    f = await paymentsFixture(test.db, {
      provider: stripeProvider({ secretKey: stripe.secretKey, apiBase: stripe.url, timeoutMs: 2_000 }),
      now: () => now,
    });
    spare = await spareInvoices(test.db);
  });
  afterAll(async () => {
    await stripe.close();
    await test.drop();
  });

  it("tells the workflow the provider takes details on its own page", async () => {
    expect(await f.call("provider", {})).toEqual({ name: "stripe", entry: "hosted" });
  });

  it("sends the resident to Stripe, holds the balance, and confirms the payment on return", async () => {
    const inv = invoice();
    const params = {
      method: "card",
      attemptKey: newKey(),
      email: "grace@example.com",
      returnPath: "/workflow/pay-property-taxes",
      items: [{ kind: "invoice", id: inv.id, amount: 10_000 }],
    };
    const started = await start(params, "es");
    expect(started).toMatchObject({
      status: "redirect",
      subtotal: 10_000,
      fee: 250,
      total: 10_250,
      maskedNumber: "",
    });
    expect(started.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const form = stripe.requests.findLast((r) => r.path === "/v1/checkout/sessions")?.form;
    expect(form?.get("success_url")).toBe("https://www.cedarport.gov/workflow/pay-property-taxes");
    expect(form?.get("locale")).toBe("es");
    expect(stripe.sessions.get(sessionOf(started))?.amount_total).toBe(10_250);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 10_000);

    // A refresh before paying: the same page again, no second session.
    expect(await start(params, "es")).toEqual(started);
    expect(await f.call("confirm", { attemptKey: params.attemptKey })).toMatchObject({ status: "redirect" });
    expect(stripe.sessions.size).toBe(1);

    stripe.pay(sessionOf(started), { brand: "visa", last4: "4242" });
    const paid = await f.call("confirm", { attemptKey: params.attemptKey }, "es");
    expect(paid).toMatchObject({ status: "approved", maskedNumber: "************4242", brand: "visa" });
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 10_000);
    await f.deliver();
    expect(f.sent).toHaveLength(1);
    expect(f.sent[0]?.payload).toMatchObject({
      to: "grace@example.com",
      subject: `Recibo de pago ${paid.reference}`,
    });
  });

  it("gives the balance back when the page expires, and a new try with the same key starts a new session", async () => {
    const inv = invoice();
    const params = {
      method: "card",
      attemptKey: newKey(),
      returnPath: "/workflow/pay-property-taxes",
      items: [{ kind: "invoice", id: inv.id, amount: inv.balance }],
    };
    const started = await start(params);
    stripe.expire(sessionOf(started));
    expect(await refusalOf(f.call("confirm", { attemptKey: params.attemptKey }))).toEqual([
      { path: "", message: "The payment was not completed and nothing was charged. You can try again." },
    ]);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
    const again = await start(params);
    expect(again).toMatchObject({ status: "redirect", paymentId: started.paymentId });
    expect(sessionOf(again)).not.toBe(sessionOf(started));
  });

  it("keeps a bank debit as processing until it settles; the background sweep finishes it", async () => {
    const inv = invoice();
    const params = {
      method: "ach",
      attemptKey: newKey(),
      returnPath: "/workflow/pay-property-taxes",
      items: [{ kind: "invoice", id: inv.id, amount: 5_000 }],
    };
    const started = await start(params);
    stripe.payByBank(sessionOf(started), "6789");
    expect(await f.call("confirm", { attemptKey: params.attemptKey })).toMatchObject({
      status: "processing",
      maskedNumber: "********6789",
    });
    stripe.settleBankDebit(sessionOf(started), true);
    now = new Date(now.getTime() + 10 * 60_000);
    const status = async () =>
      (
        await test.db.all<{ status: string }>("SELECT status FROM payments WHERE attempt_key = ?", [
          params.attemptKey,
        ])
      )[0]?.status;
    await f.payments.settleStale();
    // A bank debit is asked about hourly, not at every sweep.
    expect(await status()).toBe("processing");
    now = new Date(now.getTime() + 61 * 60_000);
    expect(await f.payments.settleStale()).toBeGreaterThanOrEqual(1);
    expect(await status()).toBe("approved");
    expect(await f.call("confirm", { attemptKey: params.attemptKey })).toMatchObject({ status: "approved" });
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance - 5_000);
  });

  it("gives the balance back when a bank debit bounces", async () => {
    const inv = invoice();
    const params = {
      method: "ach",
      attemptKey: newKey(),
      returnPath: "/workflow/pay-property-taxes",
      items: [{ kind: "invoice", id: inv.id, amount: 5_000 }],
    };
    const started = await start(params);
    stripe.payByBank(sessionOf(started));
    stripe.settleBankDebit(sessionOf(started), false);
    expect(await refusalOf(f.call("confirm", { attemptKey: params.attemptKey }))).toEqual([
      {
        path: "",
        message:
          "Your payment has been declined. Make sure you have entered your card details correctly, or try a different payment method.",
      },
    ]);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
  });

  it("refunds the principal on Stripe, never the fee", async () => {
    const inv = invoice();
    const params = {
      method: "card",
      attemptKey: newKey(),
      returnPath: "/workflow/pay-property-taxes",
      items: [{ kind: "invoice", id: inv.id, amount: 8_000 }],
    };
    const started = await start(params);
    stripe.pay(sessionOf(started));
    const paid = await f.call("confirm", { attemptKey: params.attemptKey });
    const refund = await f.payments.refund(String(paid.paymentId), { refundKey: newKey() });
    expect(refund).toMatchObject({ amountCents: 8_000, status: "succeeded" });
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 8_000 });
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
  });

  it("refuses card details sent to the site, and wants a path on the site to come back to", async () => {
    const items = [{ kind: "invoice", id: "RP-2026-2-1000001", amount: 100 }];
    const before = stripe.requests.length;
    await expect(
      f.call("pay", {
        ...cardParams("4111111111111111"),
        attemptKey: newKey(),
        returnPath: "/workflow/x",
        items,
      }),
    ).rejects.toThrow(/own page/);
    await expect(
      f.call("pay", { method: "card", attemptKey: newKey(), returnPath: "https://evil.example/", items }),
    ).rejects.toThrow(/returnPath/);
    await expect(
      f.call("pay", { method: "card", attemptKey: newKey(), returnPath: "//evil.example/", items }),
    ).rejects.toThrow(/returnPath/);
    expect(stripe.requests.length).toBe(before);
  });

  it("says 'Server error' when Stripe cannot be reached, and holds nothing", async () => {
    const inv = invoice();
    stripe.failNext(500, { type: "api_error", message: "An unknown error occurred" });
    expect(
      await refusalOf(
        f.call("pay", {
          method: "card",
          attemptKey: newKey(),
          returnPath: "/workflow/pay-property-taxes",
          items: [{ kind: "invoice", id: inv.id, amount: 100 }],
        }),
      ),
    ).toEqual([{ path: "", message: "Server error. Please wait a few minutes and try again." }]);
    expect(await f.balance("invoice", inv.id)).toBe(inv.balance);
  });
});

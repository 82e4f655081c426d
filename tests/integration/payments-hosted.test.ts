import { afterAll, describe, expect, it } from "vitest";
import { type StripeDouble, startStripeDouble } from "../../src/integrations/payments/stripe-double";
import { CookieJar, csrfTokenIn } from "./cookie-jar";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * Paying on a hosted page (PAYMENT_PROVIDER=stripe, against the Stripe double): the site never
 * takes card details; "Continue to secure payment" sends the resident to the provider's page, and
 * coming back finishes (or reopens) the payment. Over HTTP without JavaScript, as the browser does.
 */
const hasBuild = builtSite("the hosted payment page tests");
const SERVICE = "/workflow/pay-jail-gallery-account";
const ACCOUNT = { galleryNumber: "2417152", name: "Shanice Porter", dateOfBirth: "11/02/1987" };

describe.runIf(hasBuild)("paying on the payment provider's page", () => {
  let stripe: StripeDouble;
  const site = useInProcessApp({
    prefix: "cedarport-payments-hosted-",
    env: async () => {
      stripe = await startStripeDouble("sk_test_hosted", { pages: true });
      return {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_API_BASE: stripe.url,
        PUBLIC_ORIGIN: "https://www.cedarport.example",
      };
    },
  });
  afterAll(() => stripe?.close());

  /** One resident: their cookies, and answers posted as the enhanced form posts them. */
  function resident() {
    const jar = new CookieJar();
    const go = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", jar.header());
      const response = await fetch(`${site.base}${path}`, { ...init, headers, redirect: "manual" });
      jar.take(response);
      return response;
    };
    const post = async (screen: string, intent: string, answers: object) => {
      const csrf = csrfTokenIn(await (await go(`${SERVICE}/${screen}`)).text());
      return go(`${SERVICE}/${screen}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent, answers, csrf }),
      });
    };
    /** Through to "Continue to secure payment": where the site sends the resident. */
    const toProvider = async (amount: number) => {
      expect((await post("find-account", "continue", ACCOUNT)).status).toBe(303);
      expect((await post("amount", "continue", { amount })).status).toBe(303);
      const method = await post("payment-method", "continue", { method: "card", email: "ana@example.com" });
      expect(method.headers.get("location")).toBe(`${SERVICE}/pay-online`);
      // The site asks for no card or bank details: the provider's page does.
      const screen = await (await go(`${SERVICE}/pay-online`)).text();
      expect(screen).toContain("Continue to secure payment");
      expect(screen).not.toMatch(/cardNumber|cvv|routingNumber|accountNumber/);
      const pay = await post("pay-online", "submit", { agree: true });
      expect(pay.status).toBe(303);
      return new URL(pay.headers.get("location") ?? "");
    };
    return { go, post, toProvider };
  }

  const owed = async () => {
    const [row] = await site.running.db.all<{ n: number | string }>(
      "SELECT amount_owed_cents AS n FROM gallery_accounts WHERE gallery_number = ?",
      [ACCOUNT.galleryNumber],
    );
    return Number(row?.n);
  };

  it("sends the resident to the provider's page with the total, and confirms when they come back paid", async () => {
    const before = await owed();
    const { go, toProvider } = resident();
    const page = await toProvider(10_000);
    expect(page.origin).toBe(stripe.url);
    const id = page.pathname.split("/").at(-1) ?? "";
    const session = stripe.sessions.get(id);
    // The principal and the 2.5% fee, in the resident's language, back to the screen it left.
    expect(session?.amount_total).toBe(10_250);
    expect(session?.success_url).toBe(`https://www.cedarport.example${SERVICE}/pay-online?returned=1`);
    // Nothing is taken yet, but the amount is held off the balance while the page is open.
    expect(await owed()).toBe(before - 10_000);

    stripe.pay(id, { brand: "visa", last4: "4242" });
    const back = await go(`${SERVICE}/pay-online?returned=1`);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`${SERVICE}/confirmation`);
    const confirmation = await (await go(`${SERVICE}/confirmation`)).text();
    expect(confirmation).toContain("Paid on the payment provider&#x27;s secure page with ************4242");
    expect(confirmation).toContain("$102.50");
    // Coming back again (a refresh) changes nothing.
    expect((await go(`${SERVICE}/pay-online?returned=1`)).headers.get("location")).toBe(
      `${SERVICE}/confirmation`,
    );
    expect(await owed()).toBe(before - 10_000);
  });

  it("closes the page of a resident who came back without paying, gives the amount back, and lets them pay again", async () => {
    const before = await owed();
    const { go, post, toProvider } = resident();
    const first = await toProvider(5_000);
    const firstId = first.pathname.split("/").at(-1) ?? "";
    const back = await go(`${SERVICE}/pay-online?returned=1`);
    expect(back.status).toBe(200);
    const html = await back.text();
    expect(html).toContain("The payment was not completed and nothing was charged. You can try again.");
    expect(html).toMatch(/<title>Error: /);
    expect(stripe.sessions.get(firstId)?.status).toBe("expired");
    expect(await owed()).toBe(before);

    const again = await post("pay-online", "submit", { agree: true });
    const secondId = new URL(again.headers.get("location") ?? "").pathname.split("/").at(-1) ?? "";
    expect(secondId).not.toBe(firstId);
    stripe.pay(secondId);
    expect((await go(`${SERVICE}/pay-online?returned=1`)).headers.get("location")).toBe(
      `${SERVICE}/confirmation`,
    );
    expect(await owed()).toBe(before - 5_000);
  });

  it("asks the provider again for new amounts when the resident went back from its page and changed them", async () => {
    const { go, post, toProvider } = resident();
    const first = await toProvider(2_000);
    const firstId = first.pathname.split("/").at(-1) ?? "";
    // The browser's Back button from the provider's page, then a new amount.
    expect((await post("amount", "continue", { amount: 3_000 })).status).toBe(303);
    await post("payment-method", "continue", { method: "card", email: "ana@example.com" });
    const again = await post("pay-online", "submit", { agree: true });
    const secondId = new URL(again.headers.get("location") ?? "").pathname.split("/").at(-1) ?? "";
    expect(secondId).not.toBe(firstId);
    expect(stripe.sessions.get(firstId)?.status).toBe("expired");
    expect(stripe.sessions.get(secondId)?.amount_total).toBe(3_075);
    await go(`${SERVICE}/pay-online?returned=1`);
  });

  it("lets a form posted without JavaScript go on to the provider's page (form-action), and no further", async () => {
    const response = await resident().go(`${SERVICE}/find-account`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain(`form-action 'self' ${stripe.url};`);
  });

  it("ignores ?returned on a journey that was never sent away", async () => {
    const { go, post } = resident();
    await post("find-account", "continue", ACCOUNT);
    const asked = stripe.requests.length;
    const response = await go(`${SERVICE}/amount?returned=1`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain("Error: ");
    expect(stripe.requests.length).toBe(asked);
  });
});

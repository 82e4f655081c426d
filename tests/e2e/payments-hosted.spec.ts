import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { type StripeDouble, startStripeDouble } from "../../src/integrations/payments/stripe-double";
import { freePort, type ServerProcess, startServer } from "../integration/server-process";
import { expectAccessible } from "./axe";
import { fill } from "./fill";

/**
 * Paying on the payment provider's own page (PAYMENT_PROVIDER=stripe, docs/payments.md), as a
 * resident does: the site's own server, configured with Stripe's API pointed at a local double
 * that also serves a stand-in for Checkout's page. The site asks for no card details; "Continue to
 * secure payment" leads to the provider's page, and paying there (or coming back without paying)
 * returns the resident to the site. With JavaScript in English, without it in Spanish.
 */

let stripe: StripeDouble;
let server: ServerProcess | undefined;
const dataDir = join(tmpdir(), `cedarport-e2e-hosted-${process.pid}`);

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stripe = await startStripeDouble("sk_test_e2e", { pages: true });
  const port = await freePort();
  server = await startServer(
    {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      RATE_LIMIT_SCALE: "100",
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_BASE: stripe.url,
    },
    120_000,
    undefined,
    // Ready: the search index and the services' browser bundles are built, so the tests' pages do
    // not share the processor with that work.
    "/readyz",
  );
});

test.afterAll(async () => {
  await server?.stop();
  await stripe?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function onScreen(page: Page, screen: string) {
  await expect(page).toHaveURL(new RegExp(`/pay-jail-gallery-account/${screen}(\\?|$)`));
}

const next = (page: Page) => page.locator('button[name="_intent"][value="continue"]').click();

/** Finds the account and chooses the amount and the method, up to the page before the provider's. */
async function upToPayment(
  page: Page,
  lang: "en" | "es",
  account: { galleryNumber: string; name: string; dateOfBirth: string },
  method: RegExp,
) {
  if (!server) throw new Error("the server did not start");
  await page.goto(`${server.base}/workflow/pay-jail-gallery-account${lang === "es" ? "?lang=es" : ""}`);
  await onScreen(page, "find-account");
  await fill(page, {
    root_galleryNumber: account.galleryNumber,
    root_name: account.name,
    root_dateOfBirth: account.dateOfBirth,
  });
  await next(page);
  await onScreen(page, "amount");
  await fill(page, { root_amount: "25.00" });
  await next(page);
  await onScreen(page, "payment-method");
  await page.getByLabel(method).check();
  await next(page);
  await onScreen(page, "pay-online");
  // Nothing on the site's own page asks for a card or an account number.
  await expect(page.locator("main input:not([type=hidden]):not([type=checkbox])")).toHaveCount(0);
}

test.describe("with JavaScript, in English", () => {
  test("pays by card on the provider's page and comes back to the receipt", async ({ page }) => {
    await upToPayment(
      page,
      "en",
      { galleryNumber: "2417035", name: "Marcus Reyes", dateOfBirth: "03/14/1991" },
      /^Credit or debit card/,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check and pay");
    await expect(page.getByRole("main")).toContainText("Total to pay: $25.63");
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(page);
    await page.getByLabel(/^I agree to the terms of payment/).check();
    await page.getByRole("button", { name: "Continue to secure payment" }).click();

    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await expect(page.getByText("Pay $25.63 USD")).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();

    await onScreen(page, "confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
    const main = page.getByRole("main");
    await expect(main).toContainText("Paid on the payment provider's secure page with ************4242.");
    await expect(main).toContainText("Total paid: $25.63");
    await expectAccessible(page);
  });
});

test.describe("without JavaScript, in Spanish", () => {
  test.use({ javaScriptEnabled: false });

  test("comes back without paying, is told nothing was charged, then pays from a bank account", async ({
    page,
  }) => {
    await upToPayment(
      page,
      "es",
      { galleryNumber: "2419115", name: "Ana Lucia Morales", dateOfBirth: "12/30/2000" },
      /^Cuenta bancaria \(ACH\/EFT\)/,
    );
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revise y pague");
    await page.getByLabel(/^Acepto las condiciones del pago/).check();
    await page.getByRole("button", { name: "Continuar al pago seguro" }).click();

    // The provider's page; its back link returns without paying.
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("link", { name: "Back" }).click();
    await onScreen(page, "pay-online");
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.locator(".usa-alert--error")).toContainText(
      "El pago no se completó y no se cobró nada. Puede intentarlo de nuevo.",
    );
    // What the resident agreed to is kept; they go again.
    await expect(page.locator("#root_agree")).toBeChecked();
    await page.getByRole("button", { name: "Continuar al pago seguro" }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    await page.getByRole("button", { name: "Pay" }).click();

    await onScreen(page, "confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pago recibido");
    await expect(page.getByRole("main")).toContainText(
      "Pagado en la página segura del proveedor de pagos con ********6789.",
    );
  });
});

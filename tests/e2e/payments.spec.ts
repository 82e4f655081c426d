import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { fill } from "./fill";

/**
 * The two payment services (workflows/pay-property-taxes.json, workflows/pay-jail-gallery-account.json)
 * paid as a resident would, against the sandbox provider (docs/payments.md: its test cards and bank
 * accounts). Balances are shared by every test on the one server, so each test pays on its own
 * demo parcel or gallery account (src/integrations/payments/embedded/), and none on those other
 * specs or the recordings rely on (parcel 1000002, gallery 2417035).
 */

const GOOD_CARD = "4111 1111 1111 1111";
const DECLINED_CARD = "4000 0000 0000 0002";
const DECLINED =
  "Your payment has been declined. Make sure you have entered your card details correctly, or try a different payment method.";
/** A card expiry (MM/YY) that stays in the future: December, three years on. */
const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`;

async function next(page: Page) {
  await page.locator('button[name="_intent"][value="continue"]').click();
}

async function payNow(page: Page) {
  await page.locator('button[name="_intent"][value="submit"]').click();
}

async function onScreen(page: Page, screen: string) {
  await expect(page).toHaveURL(new RegExp(`/${screen}(\\?|$)`));
}

/** The list of amounts under the items table (subtotal, fee, total). */
const amountsList = (page: Page) => page.locator("main .cp-rich-text ul").last();

/** Every script the page asks for, to show that none comes from another origin. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

/**
 * The page as the server sends it: a strict CSP whose script nonce is on every inline script,
 * and every script file from the site itself.
 */
async function expectOwnScriptsOnly(page: Page) {
  const response = await page.reload();
  const csp = response?.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(scriptSrc)?.[1];
  expect(nonce, `script-src with a nonce in "${csp}"`).toBeTruthy();
  expect(scriptSrc).not.toContain("unsafe-inline");
  expect(scriptSrc).not.toMatch(/https?:|\*/);
  const html = (await response?.text()) ?? "";
  const inline = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
  for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
  // React Router loads its modules by <link rel="modulepreload"> and an inline module's imports.
  const origins = await page
    .locator('script[src], link[rel="modulepreload"]')
    .evaluateAll((tags) =>
      tags.map(
        (tag) => new URL(tag.getAttribute("src") ?? tag.getAttribute("href") ?? "", location.href).origin,
      ),
    );
  expect(origins.length).toBeGreaterThan(0);
  expect(new Set(origins)).toEqual(new Set([new URL(page.url()).origin]));
}

/** Opens a service once its page has come to life (it has fetched the service's bundle). */
async function openWithEngine(page: Page, path: string) {
  const service = path.split("/")[2]?.split("?")[0] ?? "";
  const engine = page.waitForResponse((r) => r.url().includes(`/assets/services/${service}`));
  await page.goto(path);
  await engine;
}

/** Property taxes from the search to the card page, paying `amount` of the first invoice. */
async function toCardPage(page: Page, parcel: string, amount: string) {
  await openWithEngine(page, "/workflow/pay-property-taxes");
  await onScreen(page, "find-property");
  await fill(page, { root_query: parcel });
  await next(page);
  await onScreen(page, "choose-properties");
  await page.getByLabel(`(parcel ${parcel})`).check();
  await next(page);
  await onScreen(page, "choose-invoices");
  await page.locator("#root_invoiceIds-0").check();
  await next(page);
  await onScreen(page, "amount");
  await fill(page, { root_amount: amount });
  await next(page);
  await onScreen(page, "payment-method");
  await page.locator("#root_method-0").check();
  await next(page);
  await onScreen(page, "pay-by-card");
}

test.describe("pay property taxes", () => {
  test("by card, part of two invoices, in English: review with the fee, then the receipt", async ({
    page,
  }) => {
    const scripts = watchScripts(page);
    await openWithEngine(page, "/workflow/pay-property-taxes");
    await onScreen(page, "find-property");
    // The owner's name finds the company's rental (parcel 1000003, three open invoices).
    await fill(page, { root_query: "Cedarport Rental Holdings" });
    await next(page);
    await onScreen(page, "choose-properties");
    await page.getByLabel("915 S Lake Ave, Cedarport, IN 46203 (parcel 1000003)").check();
    await next(page);

    await onScreen(page, "choose-invoices");
    const invoices = page.getByRole("table", { name: "The invoices in detail" });
    await expect(invoices.getByRole("row")).toHaveCount(4);
    await expect(invoices.getByRole("link", { name: "View invoice RP-2025-2-1000003" })).toHaveAttribute(
      "href",
      "/payments/invoices/RP-2025-2-1000003",
    );
    // Last year's fall installment ($1,432.00, due first) and the business property tax ($418.75).
    await page.getByLabel(/^Parcel 1000003, Fall installment 2025 \(Real property\): \$1,432\.00/).check();
    await page.getByLabel(/^Parcel 1000003, Fall installment 2026 \(Business personal property\)/).check();
    await next(page);

    await onScreen(page, "amount");
    await expect(page.getByText("The invoices you chose add up to $1,850.75.")).toBeVisible();
    await expect(page.locator("#root_amount")).toHaveValue(/^1,?850\.75$/);
    // Part of it: the invoice due first is paid in full, the rest goes to the next one.
    await fill(page, { root_amount: "1,500.00" });
    await next(page);

    await onScreen(page, "payment-method");
    await page.getByLabel(/^Credit or debit card/).check();
    await fill(page, { root_email: "okwu.payer@example.com" });
    await next(page);

    await onScreen(page, "pay-by-card");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Check and pay by card");
    const paying = page.getByRole("table", { name: "What you are paying for" });
    await expect(paying.getByRole("row")).toHaveText([
      /Item\s*Amount/,
      /Fall installment 2025.*\$1,432\.00$/,
      /Fall installment 2026 \(Business personal property\).*\$68\.00$/,
    ]);
    await expect(amountsList(page).getByRole("listitem")).toHaveText([
      "Subtotal: $1,500.00",
      "Transaction fee (2.5%, non-refundable): $37.50",
      "Total to pay: $1,537.50",
    ]);
    await expect(page.getByText("Terms of payment", { exact: true })).toBeVisible();
    await expect(page.locator(".cp-summary-list")).toContainText("okwu.payer@example.com");
    await expectAccessible(page, "pay-by-card");
    await expectOwnScriptsOnly(page);

    await fill(page, {
      root_nameOnCard: "Ngozi Okwu",
      root_cardNumber: GOOD_CARD,
      root_expiry: EXPIRY,
      root_cvv: "123",
      root_zip: "46203",
    });
    await page.getByLabel(/^I agree to the terms of payment/).check();
    await page.getByRole("button", { name: "Pay now" }).click();

    await onScreen(page, "confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
    await expect(page.locator(".cp-workflow__reference")).toHaveText(/^[ACEFHJKMNPRTWXY2-9]{8}$/);
    const main = page.getByRole("main");
    await expect(main).toContainText("Paid with card ************1111.");
    await expect(main).toContainText("Subtotal: $1,500.00");
    await expect(main).toContainText("Transaction fee (non-refundable): $37.50");
    await expect(main).toContainText("Total paid: $1,537.50");
    await expect(main).toContainText("We have emailed a receipt to okwu.payer@example.com.");
    await expect(page.getByRole("table", { name: "What you paid for" }).getByRole("row")).toHaveCount(3);
    await expectAccessible(page, "confirmation");
    await expectOwnScriptsOnly(page);

    // The invoice paid in full is gone; the other one owes what is left of it.
    await page.goto("/payments/invoices/BP-2026-2-1000003");
    await expect(page.locator("dt", { hasText: "Balance due" }).locator("+ dd")).toHaveText("$350.75");
    await page.goto("/payments/invoices/RP-2025-2-1000003");
    await expect(page.locator("dt", { hasText: "Balance due" }).locator("+ dd")).toHaveText("$0.00");

    const origin = new URL(page.url()).origin;
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  });

  test("a declined card keeps the other answers, never the card number; a good card then pays", async ({
    page,
  }) => {
    // Dale Hutchins's mobile home: $10.00 of the spring installment.
    await toCardPage(page, "8000001", "10.00");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") sent.push(request.url());
    });
    const answers: Promise<string>[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST") answers.push(response.text().catch(() => ""));
    });

    await fill(page, {
      root_nameOnCard: "Dale Hutchins",
      root_cardNumber: DECLINED_CARD,
      root_expiry: EXPIRY,
      root_cvv: "321",
      root_zip: "46222",
    });
    await page.locator("#root_agree").check();
    await payNow(page);

    const summary = page.locator(".usa-alert--error");
    await expect(summary).toContainText(DECLINED);
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.locator("#error-summary")).toBeFocused();
    await onScreen(page, "pay-by-card");
    await expect(page.locator("#root_nameOnCard")).toHaveValue("Dale Hutchins");
    await expect(page.locator("#root_zip")).toHaveValue("46222");
    await expect(page.locator("#root_agree")).toBeChecked();
    await expect(page.locator("#root_cardNumber")).toHaveValue("");
    await expect(page.locator("#root_cvv")).toHaveValue("");
    // Nor in what the server answered.
    expect(sent.length).toBeGreaterThan(0);
    for (const body of await Promise.all(answers)) {
      expect(body).not.toContain("4000000000000002");
      expect(body).not.toContain(DECLINED_CARD);
    }
    await expectAccessible(page, "pay-by-card, declined");

    // The expiry date is never kept either: the whole card is typed again.
    await expect(page.locator("#root_expiry")).toHaveValue("");
    await fill(page, { root_cardNumber: GOOD_CARD, root_expiry: EXPIRY, root_cvv: "321" });
    await payNow(page);
    await onScreen(page, "confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
    await expect(page.getByRole("main")).toContainText("Paid with card ************1111.");
    await expect(page.getByRole("main")).toContainText("Total paid: $10.25");
  });

  test("keyboard only on the card page: Tab through the fields, Space to agree, Enter to pay", async ({
    page,
  }) => {
    // Dorothy Whitfield's fall installment: $5.00 of it.
    await toCardPage(page, "4000001", "5.00");
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

    // From the top of the page, Tab reaches the first card field after the answers' Change buttons.
    await page.getByRole("heading", { level: 1 }).focus();
    for (let i = 0; i < 40 && (await focused()) !== "root_nameOnCard"; i++) await page.keyboard.press("Tab");
    expect(await focused()).toBe("root_nameOnCard");
    await page.keyboard.type("Dorothy Whitfield");
    for (const [id, text] of [
      ["root_cardNumber", GOOD_CARD],
      ["root_expiry", EXPIRY],
      ["root_cvv", "456"],
      ["root_zip", "46218"],
    ] as const) {
      await page.keyboard.press("Tab");
      expect(await focused()).toBe(id);
      await page.keyboard.type(text);
    }

    // Enter in a field sends the form: without the terms agreed to, nothing is paid.
    await page.keyboard.press("Enter");
    await expect(page.locator(".usa-alert--error")).toBeVisible();
    await onScreen(page, "pay-by-card");
    await expect(page.locator("#root_zip")).toHaveValue("46218");

    // The error summary has the focus; its link takes the resident to the box to tick.
    await expect(page.locator("#error-summary")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator('#error-summary a[href="#root_agree"]')).toBeFocused();
    await page.keyboard.press("Enter");
    expect(await focused()).toBe("root_agree");
    await page.keyboard.press("Space");
    await expect(page.locator("#root_agree")).toBeChecked();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Pay now" })).toBeFocused();
    await page.keyboard.press("Enter");

    await onScreen(page, "confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Payment received");
    await expect(page.getByRole("main")).toContainText("Total paid: $5.13");
  });
});

test.describe("pay a jail gallery account without JavaScript, in Spanish", () => {
  test.use({ javaScriptEnabled: false });

  test("by bank account: the account number typed twice must match", async ({ page }) => {
    // Ana Lucía Morales, active, owes $57.80 (demo-gallery-accounts.ts); her name typed without its accent.
    await page.goto("/workflow/pay-jail-gallery-account?lang=es");
    await onScreen(page, "find-account");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await fill(page, {
      root_galleryNumber: "2419115",
      root_name: "Ana Lucia Morales",
      root_dateOfBirth: "12/30/2000",
    });
    await page.getByRole("button", { name: "Buscar la cuenta" }).click();

    await onScreen(page, "amount");
    await expect(page.getByRole("main")).toContainText("Número de galería: 2419115");
    await expect(page.getByRole("main")).toContainText("Monto adeudado: $57.80");
    await expect(page.locator("#root_amount")).toHaveValue(/^57\.80$/);
    await fill(page, { root_amount: "20.00" });
    await next(page);

    await onScreen(page, "payment-method");
    await page.getByLabel(/^Cuenta bancaria \(ACH\/EFT\)/).check();
    await next(page);

    await onScreen(page, "pay-by-bank");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revise y pague con cuenta bancaria");
    await expect(amountsList(page).getByRole("listitem")).toHaveText([
      "Subtotal: $20.00",
      "Cargo por transacción (2.5 %, no reembolsable): $0.50",
      "Total a pagar: $20.50",
    ]);
    await fill(page, {
      root_nameOnAccount: "Rosa Morales",
      root_routingNumber: "110000000",
      root_accountNumber: "000123456789",
      root_accountNumberConfirm: "000123456780",
    });
    await page.getByLabel(/^Acepto las condiciones del pago/).check();
    await page.getByRole("button", { name: "Pagar ahora" }).click();

    await onScreen(page, "pay-by-bank");
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.locator(".usa-alert--error")).toContainText("Los valores ingresados no coinciden.");
    // At the field too, and the summary leads to it.
    await expect(
      page
        .locator(".usa-form-group", { has: page.locator("#root_accountNumberConfirm") })
        .locator(".usa-error-message"),
    ).toContainText("Los valores ingresados no coinciden.");
    await expect(page.locator('#error-summary a[href="#root_accountNumberConfirm"]')).toBeVisible();
    // What may be kept is kept; the account number (never kept) is typed again, both times.
    await expect(page.locator("#root_nameOnAccount")).toHaveValue("Rosa Morales");
    await expect(page.locator("#root_routingNumber")).toHaveValue("110000000");
    await expect(page.locator("#root_agree")).toBeChecked();
    await expect(page.locator("#root_accountNumber")).toHaveValue("");

    await fill(page, { root_accountNumber: "000123456789", root_accountNumberConfirm: "000123456789" });
    await page.getByRole("button", { name: "Pagar ahora" }).click();

    await onScreen(page, "confirmation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pago recibido");
    await expect(page.locator(".cp-workflow__reference")).toHaveText(/^[ACEFHJKMNPRTWXY2-9]{8}$/);
    const main = page.getByRole("main");
    await expect(main).toContainText("Pagado desde la cuenta bancaria ********6789.");
    await expect(main).toContainText("Total pagado: $20.50");
    await expect(main).not.toContainText("000123456789");
  });

  test("an account on hold ends on a page that says it cannot be paid online", async ({ page }) => {
    await page.goto("/workflow/pay-jail-gallery-account?lang=es");
    await fill(page, {
      root_galleryNumber: "2418377",
      root_name: "Tamika Johnson",
      root_dateOfBirth: "09/18/1984",
    });
    await page.getByRole("button", { name: "Buscar la cuenta" }).click();
    await onScreen(page, "not-payable");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Esta cuenta no se puede pagar en línea",
    );
    await expect(page.getByRole("main")).toContainText("En espera");
  });
});

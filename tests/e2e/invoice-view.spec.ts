import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";

/** James and Grace Okafor's spring installment, partly paid (src/integrations/payments/embedded/demo-invoices.ts). */
const INVOICE = "/payments/invoices/RP-2026-1-1000002";

const rowValue = (page: Page, label: string) => page.locator("dt", { hasText: label }).locator("+ dd");

test.describe("the invoice page", () => {
  test("shows a demo invoice, prints it without the site's chrome, and is accessible", async ({ page }) => {
    const response = await page.goto(INVOICE);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Invoice 1000002 — Spring installment 2026",
    );
    await expect(rowValue(page, "Due date")).toHaveText("05/11/2026");
    await expect(rowValue(page, "Amount billed")).toHaveText("$1,062.50");
    await expect(rowValue(page, "Amount paid so far")).toHaveText("$700.00");
    await expect(rowValue(page, "Balance due")).toHaveText("$362.50");
    await expectAccessible(page);

    // The islands script has run by the load event: the button opens the print dialog.
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Print this invoice" }).click();
    await expect(page.locator("html")).toHaveAttribute("data-printed", "yes");

    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".cp-site-header")).toBeHidden();
    await expect(page.locator(".cp-site-footer")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print this invoice" })).toBeHidden();
    await expect(rowValue(page, "Balance due")).toBeVisible();
  });

  test("in Spanish, and accessible", async ({ page }) => {
    const response = await page.goto(`${INVOICE}?lang=es`);
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Factura 1000002 — Cuota de primavera 2026",
    );
    await expect(rowValue(page, "Saldo pendiente")).toHaveText("$362.50");
    await expectAccessible(page);
  });

  test("without JavaScript there is no Print button that would do nothing", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(INVOICE);
    await expect(rowValue(page, "Balance due")).toHaveText("$362.50");
    await expect(page.getByRole("button", { name: "Print this invoice" })).toBeHidden();
    await context.close();
  });

  test("an unknown invoice is the site's 404 page", async ({ page }) => {
    const response = await page.goto("/payments/invoices/RP-2026-2-2000001");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });
});

import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";

/**
 * The staff preview of online services (/preview/workflows): hidden from the public, and for
 * staff with the preview link a readable, accessible page in English and in Spanish, without
 * JavaScript too.
 */
test.describe("staff preview of online services", () => {
  test("does not exist for the public", async ({ page }) => {
    expect((await page.goto("/preview/workflows"))?.status()).toBe(404);
    expect((await page.goto("/preview/workflows/demo-dog-licence"))?.status()).toBe(404);
  });

  test("lists every service for staff, and opens one", async ({ page }) => {
    // The list grows with every service, and axe audits it whole.
    test.setTimeout(60_000);
    await page.goto("/preview?token=e2e-draft-token");
    expect((await page.goto("/preview/workflows"))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Online services: staff preview");
    await expectAccessible(page);
    await page.getByRole("link", { name: "Apply for a dog licence (demo)" }).click();
    await expect(page).toHaveURL(/\/preview\/workflows\/demo-dog-licence$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apply for a dog licence (demo)");
    await expect(page.getByRole("heading", { name: "Check results" })).toBeVisible();
    await expect(
      page.getByRole("img", { name: /Map of the service: Apply for a dog licence/ }),
    ).toBeVisible();
    // A screen in both languages, side by side, and where it leads.
    const residency = page.getByRole("region", { name: /residency/ });
    await expect(residency.locator('[lang="en"]').getByText("Do you live in Cedarport?")).toBeVisible();
    await expect(residency.locator('[lang="es"]').getByText("¿Vive en Cedarport?")).toBeVisible();
    await expect(residency.getByText("livesInCedarport is false")).toBeVisible();
    await expectAccessible(page);
    // The link into the service starts it.
    await page.getByRole("link", { name: "Start the service in English" }).click();
    await expect(page).toHaveURL(/\/workflow\/demo-dog-licence\/residency/);
  });

  test("is in Spanish for staff who browse in Spanish", async ({ page }) => {
    await page.goto("/preview?token=e2e-draft-token");
    expect((await page.goto("/preview/workflows/over-65-deduction-application?lang=es"))?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { name: "Resultados de la revisión" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mapa del servicio" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Iniciar el servicio en español" })).toHaveAttribute(
      "href",
      "/workflow/over-65-deduction-application?lang=es",
    );
    await expectAccessible(page);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto("/preview?token=e2e-draft-token");
      await page.goto("/preview/workflows");
      await page.getByRole("link", { name: "Check the status of a deduction application" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Check the status of a deduction application",
      );
      await expect(page.getByRole("img", { name: /Map of the service/ })).toBeVisible();
      await expect(page.getByText("Calls deduction-applications / search", { exact: true })).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

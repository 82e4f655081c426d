import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";

test.describe("search across languages and demo services", () => {
  test("a Spanish search for an English word shows the English results, and says so", async ({ page }) => {
    await page.goto("/search?term=property&lang=es");
    await expect(page.getByText("Resultados en inglés")).toBeVisible();
    const results = page.locator(".cp-search__results");
    await expect(results).toHaveAttribute("lang", "en");
    await expect(results.locator("> li").first()).toBeVisible();
    await expectAccessible(page);
  });

  test("an English search that finds something has no note", async ({ page }) => {
    await page.goto("/search?term=property");
    await expect(page.locator(".cp-search__results > li").first()).toBeVisible();
    await expect(page.getByText("Results in English")).toHaveCount(0);
  });

  test("demo services are not found by search outside development, but still open by address", async ({
    page,
  }) => {
    for (const url of ["/search?term=dog", "/search?term=perro&lang=es"]) {
      await page.goto(url);
      await expect(page.locator("main")).not.toContainText(/demo|demostración/i);
    }
    const response = await page.goto("/workflow/demo-dog-licence");
    expect(response?.status()).toBeLessThan(400);
  });
});

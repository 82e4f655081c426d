import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";

test.describe("site search", () => {
  test("results page in English, with a typo", async ({ page }) => {
    const response = await page.goto("/search?term=homestead%20deducton");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("link", { name: /homestead/i }).first()).toBeVisible();
    await expectAccessible(page);
  });

  test("a Spanish query finds Spanish content without the accent", async ({ page }) => {
    await page.goto("/search?term=deduccion&lang=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.locator(".cp-search__results li").first()).toContainText(/deducci[oó]n/i);
    await expectAccessible(page);
  });

  test("no results says so, with the term", async ({ page }) => {
    await page.goto("/search?term=zzqxv");
    await expect(
      page.getByText("We're sorry! We can't seem to find anything matching your search: zzqxv"),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test("works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("banner").getByRole("searchbox").fill("pothole");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?term=pothole/);
    await expect(page.getByRole("link", { name: /pothole/i }).first()).toBeVisible();
    await context.close();
  });

  test("bad input gives a normal page, never a 500", async ({ page }) => {
    for (const term of ["", "x".repeat(10_000), "%00%01%02", "<script>alert(1)</script>", "' OR 1=1 --"]) {
      const response = await page.goto(`/search?term=${encodeURIComponent(term)}`);
      expect(response?.status(), term.slice(0, 20)).toBe(200);
    }
  });

  test("typeahead by keyboard: quick results, arrow keys, Enter", async ({ page }) => {
    await page.goto("/activities");
    const input = page.getByRole("banner").getByRole("combobox");
    await input.focus();
    await page.keyboard.type("trash");
    const menu = page.getByRole("listbox");
    await expect(menu).toBeVisible({ timeout: 5_000 });
    await expect(page.getByText(/results? available/)).toBeAttached();
    await page.keyboard.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-activedescendant", /.+/);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await input.fill("garbage");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?term=garbage/);
    await expectAccessible(page);
  });

  test("the typeahead endpoint answers JSON and rejects malformed requests", async ({ request }) => {
    const ok = await request.get("/api/v1/search?term=tax&locale=en&limit=6");
    expect(ok.status()).toBe(200);
    expect(((await ok.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect((await request.get("/api/v1/search?term=tax&limit=abc")).status()).toBe(400);
  });
});

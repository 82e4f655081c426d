import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";

// Every page type in both languages, at both sizes, with axe: responsive.spec.ts.

test("an activity shows its Spanish content", async ({ page }) => {
  await page.goto("/activity/apply-for-a-homestead-deduction?lang=es");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/deducción/i);
});

test.describe("errors", () => {
  test("an unknown page is a 404 with a search box", async ({ page }) => {
    const response = await page.goto("/activity/no-such-activity");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Error 404")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(
      page.getByText("We can’t find the page you are looking for. Try searching below."),
    ).toBeVisible();
    await expect(page.getByRole("main").getByPlaceholder("What are you looking for?")).toBeVisible();
    await expectAccessible(page);
  });

  test("an unknown section is a 404", async ({ page }) => {
    const response = await page.goto("/nonsense/thing");
    expect(response?.status()).toBe(404);
  });

  test("a malformed address is a 400", async ({ page }) => {
    const response = await page.goto("/activities?page=%E0%A4%A");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/Bad Request/i);
    await expectAccessible(page);
  });

  test("a 404 in Spanish", async ({ page }) => {
    const response = await page.goto("/topic/nada?lang=es");
    expect(response?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });
});

test.describe("language switch", () => {
  test("switching to Spanish stores the choice and reloads in Spanish", async ({ page }) => {
    await page.goto("/activities");
    await page.getByRole("link", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate(() => window.localStorage.getItem("languagePreference"))).toBe("es");
    // The server renders the stored choice on the first byte of the next page.
    const response = await page.goto("/topics");
    expect(await response?.text()).toContain('<html lang="es"');
  });

  test("the switch works without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/agencies");
    await page.getByRole("link", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveURL(/\/agencies$/);
    await context.close();
  });
});

test.describe("filters and paging", () => {
  test("filters by keyboard only", async ({ page }) => {
    await page.goto("/activities");
    const before = await page.locator(".cp-tile").count();
    expect(before).toBeGreaterThan(0);
    const option = page.getByRole("checkbox").first();
    await option.focus();
    await page.keyboard.press("Space");
    await expect(page).toHaveURL(/[?&](agency|verb|user|topic|type)=/);
    await expectAccessible(page);
  });

  test("filters and paging work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/activities");
    await page.getByRole("link", { name: /^Next/ }).first().click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole("checkbox").first().check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/[?&](agency|verb|user|topic|type)=/);
    await expect(page).not.toHaveURL(/page=2/);
    await context.close();
  });

  test("an out-of-range page is ignored", async ({ page }) => {
    const response = await page.goto("/activities?page=999");
    expect(response?.status()).toBe(200);
    const shown = await page.locator(".cp-tile__link").first().getAttribute("href");
    await page.goto("/activities");
    expect(await page.locator(".cp-tile__link").first().getAttribute("href")).toBe(shown);
  });
});

test.describe("drafts", () => {
  test("a draft is hidden from the public and shown in preview", async ({ page }) => {
    expect((await page.goto("/activity/try-the-new-permit-portal"))?.status()).toBe(404);
    expect((await page.goto("/activity/try-the-new-permit-portal?stage=draft"))?.status()).toBe(404);
    await page.goto("/preview?token=e2e-draft-token");
    expect((await page.goto("/activity/try-the-new-permit-portal?stage=draft"))?.status()).toBe(200);
  });
});

test.describe("islands (content pages are not hydrated)", () => {
  test("only the islands script runs, and it brings the banner, filters and tiles to life", async ({
    page,
  }) => {
    await page.goto("/activities");
    const scripts = await page
      .locator("script[src]")
      .evaluateAll((els) => els.map((e) => e.getAttribute("src")));
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/)]);
    await expect(page.locator(".cp-filters__apply")).toBeHidden();
    const banners = page.locator(".cp-alert--banner");
    const shown = await banners.count();
    expect(shown).toBeGreaterThan(0);
    // The editor's colour (content/banners.yaml), with the dark text the server chose for it.
    await expect(banners.first()).toHaveCSS("background-color", "rgb(151, 212, 234)");
    await expect(banners.first()).toHaveCSS("color", "rgb(0, 0, 0)");
    await banners.first().getByRole("button", { name: "Close" }).click();
    await expect(banners).toHaveCount(shown - 1);
    // A tile with little room left shortens its description (SPEC §2: under 70 px).
    await page.addStyleTag({ content: ".cp-grid > li, .cp-tile { height: 380px }" });
    await expect(page.locator(".cp-tile--truncate").first()).toBeAttached();
  });
});

test.describe("the language an address names", () => {
  test("a visitor who arrives on a Spanish address goes on in Spanish, and the switch still wins", async ({
    page,
  }) => {
    await page.goto("/activity/apply-for-a-homestead-deduction?lang=es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    // A link without ?lang=: the first address's language was remembered.
    await page.getByRole("link", { name: "Comenzar en línea" }).click();
    await expect(page).toHaveURL(/\/workflow\/homestead-deduction-application\//);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    // On an address that names Spanish, choosing English opens it in English.
    await page.goto("/activity/apply-for-a-homestead-deduction?lang=es");
    await page.getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/lang=en/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("link", { name: "Activities", exact: true }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
});

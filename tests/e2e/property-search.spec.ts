import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";

/** The property search (/property-search) and a parcel's page (/property/<parcel>), demo parcels. */
const form = (page: Page) => page.locator("form.cp-property-search__form");
const rows = (page: Page) => page.locator("table.cp-property-table tbody tr");

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, "page scrolls sideways").toBeLessThanOrEqual(client);
}

async function search(page: Page, kind: string | RegExp, query: string, submit: string) {
  await form(page).getByLabel(kind).check();
  await form(page).locator("#property-q").fill(query);
  await form(page).getByRole("button", { name: submit }).click();
}

test.describe("property search", () => {
  test("without JavaScript, in Spanish on a phone: search, page and open a property", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.goto("/property-search?lang=es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Búsqueda de propiedades");

    await search(page, /Nombre de la calle/, "Cedar Ave", "Buscar");
    await expect(page).toHaveURL(/by=street/);
    await expect(rows(page)).toHaveCount(20);
    await expect(page.locator(".cp-property-search__count")).toContainText(/Se encontraron \d+ propiedades/);
    // Each row is a card: its cells one under the other, each named by its column.
    const cell = rows(page).first().locator("td").first();
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe("block");
    expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Dirección"');
    await noSidewaysScroll(page);

    await page.getByRole("link", { name: "Página siguiente" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.locator(".cp-property-search__count")).toContainText("Página 2 de");
    const parcel = (await rows(page).first().locator("th a").textContent())?.trim() ?? "";
    await rows(page).first().locator("th a").click();
    await expect(page).toHaveURL(new RegExp(`/property/${parcel}\\?lang=es$`));
    await expect(page.locator(".cp-workflow__service")).toHaveText("Registro de propiedad");
    await expect(page.locator('[data-row="parcel"] dd')).toHaveText(parcel);
    await expect(page.locator('[data-row="school-district"] dt')).toHaveText("Distrito escolar");
    await noSidewaysScroll(page);

    // A parcel number in the county's format, from the property's own link back to the search.
    await page.getByRole("link", { name: "Volver a la búsqueda de propiedades" }).click();
    await search(page, /Número de parcela/, "100-0002", "Buscar");
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().getByRole("link", { name: "1000002" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("1418 N Cedar Ave");
    await expect(page.locator('[data-row="deductions"] dd')).toHaveText("Vivienda principal (homestead)");
    await expect(page.getByRole("link", { name: "RP-2026-1-1000002" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Pagar impuestos a la propiedad" })).toHaveAttribute(
      "href",
      "/workflow/pay-property-taxes?lang=es",
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await noSidewaysScroll(page);
    await context.close();
  });

  // axe needs JavaScript in the page: the audits run on the same server-rendered pages with it on.
  test("with JavaScript in English at 375 px, results, messages and a property are accessible", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/property-search");
    await search(page, "Owner name", "Okafor", "Search");
    await expect(rows(page).first()).toBeVisible();
    await expect(page.locator("table.cp-property-table")).toContainText("1000002");
    await noSidewaysScroll(page);
    await expectAccessible(page);

    await page.goto("/property-search?by=owner&q=zzzzqqq");
    await expect(page.getByRole("heading", { name: "No properties found" })).toBeVisible();
    await expectAccessible(page);

    await page.goto("/property-search?by=owner&q=%25");
    await expect(page.locator("#property-q-error")).toContainText("Enter letters or numbers");
    await noSidewaysScroll(page);
    await expectAccessible(page);

    await page.goto("/property/1000002");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("1418 N Cedar Ave");
    await noSidewaysScroll(page);
    await expectAccessible(page);
  });
});

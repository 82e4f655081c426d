import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";

/**
 * The address lookup (issue 15): the combobox on "Find your representatives", the property search's
 * street box and the school district finder's workflow field; and the plain forms without
 * JavaScript; and a workflow's own address field (the police vacation check). Demo parcels: 1418 N
 * Cedar Ave is parcel 1000002.
 */
const PHONE = { width: 375, height: 812 };
const CEDAR = "1418 N Cedar Ave, Cedarport, IN 46202";

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, "page scrolls sideways").toBeLessThanOrEqual(client);
}

/** Counts the page's requests to the address endpoint. */
function countLookups(page: Page) {
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/api/v1/addresses") asked.push(url.searchParams.get("q") ?? "");
  });
  return asked;
}

test.describe("address lookup", () => {
  test("find my representatives, English, 375 px: suggestions after a pause, chosen by keyboard", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const asked = countLookups(page);
    await page.goto("/find-my-representatives");
    const box = page.getByRole("combobox", { name: "Street address or parcel number" });
    await expect(box).toHaveAttribute("aria-expanded", "false");

    // Two characters ask nothing; typing on at a brisk pace asks once, after the pause.
    await box.pressSequentially("14", { delay: 60 });
    await page.waitForTimeout(800);
    expect(asked).toEqual([]);
    await box.pressSequentially("18 n ced", { delay: 60 });
    const options = page.getByRole("option");
    await expect(options).toHaveText([CEDAR]);
    expect(asked).toEqual(["1418 n ced"]);
    await expect(box).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("status").filter({ hasText: "address" })).toHaveText("1 address found");
    await noSidewaysScroll(page);
    await expectAccessible(page, "find my representatives, suggestions open");

    await box.press("ArrowDown");
    await expect(box).toHaveAttribute(
      "aria-activedescendant",
      (await options.first().getAttribute("id")) ?? "",
    );
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await box.press("Enter");
    await expect(box).toHaveValue(CEDAR);
    await expect(box).toHaveAttribute("aria-expanded", "false");
    // Still on the form: Enter chose; the button (or Enter again) sends it.
    await expect(page).toHaveURL(/\/find-my-representatives$/);
    await box.press("Enter");
    await expect(page.locator(".cp-representatives__intro")).toContainText(
      "1418 N Cedar Ave, Cedarport, IN 46202 is in City-County Council District",
    );

    // Escape closes the list and keeps the text.
    const again = page.getByRole("combobox", { name: "Street address or parcel number" });
    await again.fill("");
    await again.pressSequentially("N Cedar Av", { delay: 30 });
    await expect(page.getByRole("option")).toHaveCount(8);
    await again.press("Escape");
    await expect(again).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("option")).toHaveCount(0);
    await expect(again).toHaveValue("N Cedar Av");
    await context.close();
  });

  test("property search, Spanish, 375 px: street names suggest, owner names do not", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const asked = countLookups(page);
    await page.goto("/property-search?lang=es");
    const form = page.locator("form.cp-property-search__form");
    const box = form.locator("#property-q");

    // "Nombre del dueño" is chosen: the box is a plain search box.
    await box.pressSequentially("Okafor", { delay: 30 });
    await page.waitForTimeout(800);
    expect(asked).toEqual([]);
    await expect(box).not.toHaveAttribute("role", "combobox");

    await form.getByLabel(/Nombre de la calle/).check();
    await box.fill("");
    await box.pressSequentially("zzzq", { delay: 30 });
    const status = page.getByRole("status").filter({ hasText: /direcci/ });
    await expect(status).toHaveText("No se encontraron direcciones que coincidan");
    await expect(page.locator(".cp-typeahead__empty")).toHaveText(
      "No se encontraron direcciones que coincidan",
    );
    await expect(box).toHaveAttribute("role", "combobox");
    await expect(box).toHaveAttribute("aria-expanded", "false");

    await box.fill("");
    await box.pressSequentially("1418 north cedar", { delay: 30 });
    await expect(page.getByRole("option")).toHaveText([CEDAR]);
    await expect(status).toHaveText("Se encontró 1 dirección");
    await noSidewaysScroll(page);
    await expectAccessible(page, "property search, suggestions open, es");
    await page.getByRole("option").click();
    await expect(box).toHaveValue(CEDAR);
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page.locator("table.cp-property-table tbody tr")).toHaveCount(1);
    await expect(page.locator("table.cp-property-table")).toContainText("1000002");
    await context.close();
  });

  test("without JavaScript, Spanish, 375 px: the same forms, plain", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/find-my-representatives?lang=es");
    const box = page.getByLabel("Dirección o número de parcela");
    await expect(box).toHaveAttribute("type", "text");
    await expect(box).not.toHaveAttribute("role", "combobox");
    await box.fill("1418 north cedar avenue");
    await page.getByRole("button", { name: "Buscar mis representantes" }).click();
    await expect(page.locator(".cp-representatives__intro")).toContainText(
      "1418 N Cedar Ave, Cedarport, IN 46202 está en el Distrito",
    );
    await noSidewaysScroll(page);

    await page.goto("/property-search?lang=es");
    await page.getByLabel(/Nombre de la calle/).check();
    await page.locator("#property-q").fill("6100 W Washington St #14");
    await page.locator("form.cp-property-search__form").getByRole("button", { name: "Buscar" }).click();
    await expect(page.locator("table.cp-property-table")).toContainText("8000001");
    await context.close();
  });

  test("school district finder (a workflow): the address widget, English, 375 px", async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/workflow/school-district-finder");
    const box = page.getByRole("combobox", { name: /Address or parcel number/ });
    await box.pressSequentially("1418 n ced", { delay: 40 });
    await expect(page.getByRole("option")).toHaveText([CEDAR]);
    await noSidewaysScroll(page);
    await expectAccessible(page, "school district finder, suggestions open");
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(box).toHaveValue(CEDAR);
    await page.getByRole("button", { name: "Find" }).click();
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Find your school district");
    await expect(page.locator("main")).toContainText("1418 N Cedar Ave");
    await context.close();
  });
});

test.describe("a workflow's own address field: the police vacation check's home", () => {
  const continueButton = (page: Page) => page.locator('button[name="_intent"][value="continue"]');

  test("with JavaScript, English, 375 px: a house number still being typed suggests, and the chosen address is sent", async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/workflow/police-vacation-check");
    await page.getByLabel("A house").check();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/find-home(\?|$)/);
    const box = page.getByRole("combobox", { name: /Street address of the home/ });
    // "141", not 1418: the suggestions read the number as the start of a longer one.
    await box.pressSequentially("141 n ced", { delay: 40 });
    await expect(page.getByRole("option")).toHaveText([CEDAR]);
    await noSidewaysScroll(page);
    await expectAccessible(page, "police vacation check, suggestions open");
    await box.press("ArrowDown");
    await box.press("Enter");
    await expect(box).toHaveValue(CEDAR);
    await page.getByRole("button", { name: "Find the address" }).click();
    await expect(page).toHaveURL(/\/confirm-home(\?|$)/);
    await expect(page.getByRole("radio", { name: CEDAR })).toBeVisible();
    await context.close();
  });

  test("without JavaScript, Spanish, 375 px: a plain box, posted as typed; the city limits said", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/workflow/police-vacation-check?lang=es");
    await page.getByLabel("Una casa", { exact: true }).check();
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/find-home(\?|$)/);
    const box = page.getByLabel(/Dirección de la vivienda/);
    await expect(box).toHaveAttribute("type", "text");
    await expect(box).not.toHaveAttribute("role", "combobox");
    await box.fill("99999 Nowhere Rd");
    await page.getByRole("button", { name: "Buscar la dirección" }).click();
    await expect(
      page
        .getByText(/No se encontró ninguna dirección que coincida dentro de los límites de la ciudad/)
        .first(),
    ).toBeVisible();
    await page.getByLabel(/Dirección de la vivienda/).fill("1418 north cedar avenue");
    await page.getByRole("button", { name: "Buscar la dirección" }).click();
    await expect(page).toHaveURL(/\/confirm-home(\?|$)/);
    await expect(page.getByRole("radio", { name: CEDAR })).toBeVisible();
    await noSidewaysScroll(page);
    await context.close();
  });
});

import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";

/**
 * The elected officials (/elected-officials), a person's page (/person/<id>) and "Find your
 * representatives" (/find-my-representatives), at 375 px, in both languages, with JavaScript and
 * without it: the same server-rendered pages, a GET form and links.
 */
async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(client);
}

const TEXT = {
  en: {
    list: "Elected officials",
    find: "Find your representatives",
    label: "Street address or parcel number",
    submit: "Find my representatives",
    intro: "1418 N Cedar Ave, Cedarport, IN 46202 is in City-County Council District 1.",
    councilor: "Your City-County Councilor",
    choose: "Choose your address",
    none: "No matching addresses found",
    noWords: "Enter letters or numbers.",
    contact: "Contact",
    district2: "City-County Councilor, District 2",
  },
  es: {
    list: "Funcionarios electos",
    find: "Encuentre a sus representantes",
    label: "Dirección o número de parcela",
    submit: "Buscar mis representantes",
    intro:
      "1418 N Cedar Ave, Cedarport, IN 46202 está en el Distrito 1 del Concejo de la Ciudad y el Condado.",
    councilor: "Su concejal",
    choose: "Elija su dirección",
    none: "No se encontraron direcciones que coincidan",
    noWords: "Escriba letras o números.",
    contact: "Contacto",
    district2: "Concejal de la Ciudad y el Condado, Distrito 2",
  },
} as const;

for (const lang of ["en", "es"] as const) {
  for (const javaScript of [true, false]) {
    test(`list, person and find your representatives, ${lang}, ${javaScript ? "with" : "without"} JavaScript, 375 px`, async ({
      browser,
    }) => {
      // Three pages, each audited at a phone's width: more than the default 30 s on a busy machine.
      test.setTimeout(60_000);
      const t = TEXT[lang];
      const context = await browser.newContext({
        javaScriptEnabled: javaScript,
        viewport: { width: 375, height: 812 },
      });
      const page = await context.newPage();
      // axe runs in the page: the audits need JavaScript, and audit the same server-rendered HTML.
      const audit = async () => {
        await noSidewaysScroll(page);
        if (javaScript) await expectAccessible(page);
      };
      const q = lang === "es" ? "?lang=es" : "";

      // The list: countywide officials, then the council, each card linking to its person.
      await page.goto(`/elected-officials${q}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.list);
      await expect(page.locator("section[aria-labelledby=council-members] .cp-person-card")).toHaveCount(9);
      await expect(page.locator("section[aria-labelledby=countywide-officials] .cp-person-card")).toHaveCount(
        7,
      );
      await audit();

      // A person's page, from their card.
      await page.getByRole("link", { name: "Luis Ortega", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/person/councilor-luis-ortega${q.replace("?", "\\?")}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Luis Ortega");
      await expect(page.locator(".cp-page-header__subtitle")).toHaveText(t.district2);
      await expect(page.getByRole("heading", { level: 2, name: t.contact, exact: true })).toBeVisible();
      await expect(page.getByRole("link", { name: "council@cedarport.gov" })).toHaveAttribute(
        "href",
        "mailto:council@cedarport.gov",
      );
      await audit();

      // Find your representatives: from the person's page, by keyboard (Enter sends the form).
      await page
        .getByRole("link", {
          name: lang === "es" ? /Encuentre a sus representantes/ : /Find your representatives/,
        })
        .click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.find);
      const box = page.getByLabel(t.label);
      await box.fill("1418 N Cedar Ave");
      await box.press("Enter");
      await expect(page.locator(".cp-representatives__intro")).toContainText(t.intro);
      await expect(page.getByRole("heading", { level: 2, name: t.councilor })).toBeVisible();
      await expect(
        page.locator("section[aria-labelledby=representatives-councilor] .cp-person-card__name"),
      ).toHaveText("Denise Carter");
      await expect(
        page.locator("section[aria-labelledby=representatives-countywide] .cp-person-card"),
      ).toHaveCount(7);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await audit();

      // An ambiguous address offers choices; a choice answers for that address.
      await page.getByLabel(t.label).fill("Cedar Ave");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("heading", { level: 2, name: t.choose })).toBeVisible();
      const choices = page.locator(".cp-representatives__choices a");
      await expect(choices).toHaveCount(10);
      await audit();
      const chosen = ((await choices.first().textContent()) ?? "").trim();
      await choices.first().click();
      await expect(page.locator(".cp-representatives__intro")).toContainText(chosen);
      await expect(page.getByLabel(t.label)).toHaveValue(chosen);
      await expect(
        page.locator("section[aria-labelledby=representatives-councilor] .cp-person-card"),
      ).toHaveCount(1);

      // Nothing matches; then symbols only: a message on the box, which says it is invalid.
      await page.getByLabel(t.label).fill("9999 Nowhere St");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.getByRole("heading", { level: 2, name: t.none })).toBeVisible();
      await audit();
      await page.getByLabel(t.label).fill("%_%");
      await page.getByRole("button", { name: t.submit }).click();
      await expect(page.locator(".usa-error-message")).toContainText(t.noWords);
      await expect(page.getByLabel(t.label)).toHaveAttribute("aria-invalid", "true");
      await audit();

      // The property page names the district and links the councilor.
      await page.goto(`/property/1000002${q}`);
      await page.locator('[data-row="council-district"] a').click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Denise Carter");
      await context.close();
    });
  }
}

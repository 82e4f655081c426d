import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";

/**
 * Every page type, on a phone and a desktop, in both languages: accessible, nothing wider than the
 * screen, and what the resident came for (the first tile or result, else the page's heading) starts
 * on the first screen (issue 10).
 */
const VIEWPORTS = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

const PAGES = [
  { type: "home", path: "/", first: "main h1" },
  { type: "activities", path: "/activities", first: ".cp-activity-list__item" },
  { type: "activity", path: "/activity/pay-property-taxes", first: "main h1" },
  { type: "agencies", path: "/agencies", first: "main h1" },
  { type: "agency", path: "/agency/auditor", first: "main h1" },
  { type: "topics", path: "/topics", first: "main h1" },
  { type: "topic", path: "/topic/property-taxes", first: "main h1" },
  { type: "search", path: "/search?term=taxes", first: ".cp-search__results > li" },
  { type: "404", path: "/no-such-page/anywhere", first: "main h1" },
] as const;

const withLang = (path: string, lang: "en" | "es") =>
  lang === "en" ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, "page wider than the screen").toBeLessThanOrEqual(clientWidth);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    for (const lang of ["en", "es"] as const) {
      for (const { type, path, first } of PAGES) {
        test(`${type} in ${lang}`, async ({ page }) => {
          await page.goto(withLang(path, lang));
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          const target = page.locator(first).first();
          await expect(target).toBeVisible();
          const box = await target.boundingBox();
          expect(box, `${first} has no box`).not.toBeNull();
          expect(box!.y, `${first} starts below the first screen`).toBeLessThan(viewport.height);
          await expectNoHorizontalOverflow(page);
          await expectAccessible(page, `${type} ${lang} at ${viewport.width}px`);
        });
      }
    }
  });
}

test.describe("phone header", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the header leaves the page its first screen and shows the whole placeholder", async ({ page }) => {
    await page.goto("/activities");
    const header = await page.locator("header.cp-site-header").boundingBox();
    // The site banner, if any, sits above the header: the page starts within ~250 px either way.
    expect(header!.y + header!.height).toBeLessThanOrEqual(250);
    const input = page.locator("header input[name=term]");
    const fits = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const canvas = document.createElement("canvas").getContext("2d")!;
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room =
        el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return canvas.measureText(el.placeholder).width <= room;
    });
    expect(fits, "the placeholder is cut").toBe(true);
  });

  test("the typeahead menu is as wide as the search form", async ({ page }) => {
    await page.goto("/");
    const input = page.locator("header input[name=term]");
    await input.click();
    await input.pressSequentially("tax", { delay: 50 });
    const menu = page.locator("header .cp-typeahead__menu");
    await expect(menu).toBeVisible();
    const form = await page.locator("header form[role=search]").boundingBox();
    const box = await menu.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(form!.width - 1);
  });
});

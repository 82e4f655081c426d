import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";

/**
 * Every page type, on a phone and a desktop, in both languages (issue 10): it answers 200 (404
 * for the missing page) in its language with its heading, is accessible at both sizes, nothing is
 * wider than the screen, and what the resident came for (the first tile or result, else the page's
 * heading) starts on the first screen. One page load per page and language, resized in place.
 */
const VIEWPORTS = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 800 },
] as const;

interface PageType {
  type: string;
  path: string;
  /** What the resident came for: it must start on the first screen. */
  first: string;
  /** The English heading (the Spanish one is checked for its language). */
  heading: string | RegExp;
  status?: number;
}

const PAGES: PageType[] = [
  { type: "home", path: "/", first: "main h1", heading: /Cedarport/ },
  { type: "activities", path: "/activities", first: ".cp-activity-list__item", heading: "Activities" },
  { type: "activity", path: "/activity/pay-property-taxes", first: "main h1", heading: /property tax/i },
  {
    type: "activity with an online service",
    path: "/activity/apply-for-a-homestead-deduction",
    first: "main h1",
    heading: "Apply for a homestead deduction",
  },
  { type: "agencies", path: "/agencies", first: "main h1", heading: "Agencies" },
  { type: "agency", path: "/agency/auditor", first: "main h1", heading: /Auditor/ },
  { type: "topics", path: "/topics", first: "main h1", heading: "Topics" },
  { type: "topic", path: "/topic/property-taxes", first: "main h1", heading: /Property tax/i },
  { type: "search", path: "/search?term=taxes", first: ".cp-search__results > li", heading: "Search" },
  { type: "404", path: "/no-such-page/anywhere", first: "main h1", heading: "Page not found", status: 404 },
];

const withLang = (path: string, lang: "en" | "es") =>
  lang === "en" ? path : `${path}${path.includes("?") ? "&" : "?"}lang=${lang}`;

async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: page wider than the screen`).toBeLessThanOrEqual(clientWidth);
}

for (const lang of ["en", "es"] as const) {
  for (const { type, path, first, heading, status = 200 } of PAGES) {
    test(`${type} in ${lang}, phone and desktop`, async ({ page }) => {
      await page.setViewportSize(VIEWPORTS[0]);
      const response = await page.goto(withLang(path, lang));
      expect(response?.status()).toBe(status);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      if (lang === "en") await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
      for (const viewport of VIEWPORTS) {
        const where = `${type} ${lang} at ${viewport.width}px`;
        await page.setViewportSize(viewport);
        const target = page.locator(first).first();
        await expect(target).toBeVisible();
        const box = await target.boundingBox();
        expect(box, `${where}: ${first} has no box`).not.toBeNull();
        expect(box!.y, `${where}: ${first} starts below the first screen`).toBeLessThan(viewport.height);
        await expectNoHorizontalOverflow(page, where);
        // Both sizes: what shows differs (the header's menu, the filters), and axe skips what is hidden.
        await expectAccessible(page, where);
      }
    });
  }
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

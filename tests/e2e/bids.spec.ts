import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { fill } from "./fill";

/**
 * Bid opportunities (/bids) and getting a bid packet. The demo bids' dates are relative to the
 * day the server starts (src/integrations/bids/embedded/demo-bids.ts): 40 bids, 16 open.
 */
const table = (page: Page) => page.locator("table.cp-bids__table");
const rows = (page: Page) => table(page).locator("tbody tr");
const column = (page: Page, n: number) => rows(page).locator(`> :nth-child(${n})`);

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, "page scrolls sideways").toBeLessThanOrEqual(client);
}

test.describe("bid opportunities", () => {
  test("without JavaScript, in Spanish on a phone: filter, sort and page; rows as cards", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 812 },
    });
    const page = await context.newPage();
    await page.goto("/bids?lang=es");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Licitaciones");
    await expect(rows(page)).toHaveCount(10);
    // Each row is a card: its cells one under the other, each named by its column.
    const cell = rows(page).first().locator("td").first();
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe("block");
    expect(await cell.evaluate((td) => getComputedStyle(td, "::before").content)).toBe('"Título"');
    await noSidewaysScroll(page);

    await page.getByLabel("Estado de la licitación").selectOption("open");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/status=open/);
    await expect(page.locator(".cp-bids__count")).toContainText("16 licitaciones");
    await expect(column(page, 4)).toHaveText(Array(10).fill("Abierta"));

    await table(page)
      .getByRole("link", { name: /Número de licitación/ })
      .click();
    await expect(page).toHaveURL(/sort=number&dir=asc/);
    await expect(page.locator('th[aria-sort="ascending"]')).toContainText("Número de licitación");
    await expect(column(page, 1).first()).toHaveText("ITB-2026-0142");

    await page.getByRole("link", { name: "Página siguiente" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(6);
    await expect(column(page, 4)).toHaveText(Array(6).fill("Abierta"));
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await noSidewaysScroll(page);
    await context.close();
  });

  // axe needs JavaScript in the page: the audits run on the same server-rendered pages with it on.
  // One test a page: a long table's audit takes seconds on a busy machine.
  const AUDITED: { what: string; width: number; path: string; shows: (page: Page) => Promise<void> }[] = [
    {
      what: "the open bids in Spanish",
      width: 375,
      path: "/bids?lang=es&status=open",
      shows: (page) => expect(rows(page)).toHaveCount(10),
    },
    {
      what: "a bid's page",
      width: 375,
      path: "/bids/RFP-2026-0143",
      shows: (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
    },
    {
      what: "the list",
      width: 1280,
      path: "/bids",
      shows: (page) =>
        expect(table(page).locator("thead th")).toHaveText([
          /Bid Number/,
          /Title/,
          /Agency/,
          /Bid Status/,
          /Service Type/,
          /Due Date/,
        ]),
    },
    {
      what: "an empty filter",
      width: 1280,
      path: "/bids?agency=recorder&status=cancelled",
      shows: (page) => expect(page.getByText("No bids match these filters.")).toBeVisible(),
    },
    {
      what: "a bid's page in Spanish",
      width: 1280,
      path: "/bids/ITB-2026-0142?lang=es",
      shows: (page) =>
        expect(page.getByRole("heading", { level: 1 })).toHaveText(
          "Resurfacing of Washington Street, Phase 2",
        ),
    },
  ];
  for (const { what, width, path, shows } of AUDITED) {
    test(`at ${width} px, ${what} is accessible`, async ({ page }) => {
      await page.setViewportSize({ width, height: width < 400 ? 812 : 900 });
      await page.goto(path);
      await shows(page);
      if (width < 400) await noSidewaysScroll(page);
      await expectAccessible(page);
    });
  }

  test("a bid's page opens the packet service with the bid filled in, with and without JavaScript", async ({
    browser,
  }) => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto("/bids/ITB-2026-0142");
      await expect(page.getByText("The bid search opens with ITB-2026-0142 filled in.")).toBeVisible();
      // With JavaScript, Continue is pressed once the service's engine has loaded, as a resident would.
      const engine =
        javaScriptEnabled && page.waitForResponse((r) => r.url().includes("/assets/services/get-bid-packet"));
      await page.getByRole("link", { name: "Get the bid packet" }).click();
      await expect(page).toHaveURL(/\/workflow\/get-bid-packet\/find-bid\?bid=ITB-2026-0142$/);
      if (engine) await engine;
      await expect(page.getByLabel("Bid number or words from the title")).toHaveValue("ITB-2026-0142");
      await page.locator('button[name="_intent"][value="continue"]').click();
      await expect(page).toHaveURL(/\/workflow\/get-bid-packet\/choose-bid/);
      await expect(page.getByRole("radio")).toHaveCount(1);
      await expect(
        page.getByLabel(/^ITB-2026-0142: Resurfacing of Washington Street, Phase 2/),
      ).toBeVisible();
      await context.close();
    }
  });

  test("gets a bid packet in English with JavaScript, and downloads it", async ({ page }) => {
    await page.goto("/bids/ITB-2026-0142");
    const engine = page.waitForResponse((r) => r.url().includes("/assets/services/get-bid-packet"));
    await page.getByRole("link", { name: "Get the bid packet" }).click();
    await engine;
    await expect(page).toHaveURL(/\/workflow\/get-bid-packet\/find-bid/);
    await fill(page, { root_query: "ITB-2026-0142" });
    await page.locator('button[name="_intent"][value="continue"]').click();
    await expect(page).toHaveURL(/\/choose-bid/);
    await page.getByLabel(/^ITB-2026-0142: Resurfacing of Washington Street, Phase 2/).check();
    await page.locator('button[name="_intent"][value="continue"]').click();
    await expect(page).toHaveURL(/\/bidder/);
    await fill(page, {
      root_companyName: "Hoosier Paving Co.",
      root_streetAddress: "4100 W 16th St, Cedarport, IN 46222",
      root_phone: "(317) 555-0142",
      root_email: "bids@hoosierpaving.example",
    });
    await page.locator('button[name="_intent"][value="continue"]').click();
    await expect(page).toHaveURL(/\/check-answers/);
    await expect(page.getByRole("main")).toContainText("Hoosier Paving Co.");
    await page.getByRole("button", { name: "Request the bid packet" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your bid packet is ready");
    await expectAccessible(page);

    const link = page.getByRole("link", { name: "Download the packet for ITB-2026-0142" });
    await expect(link).toHaveAttribute("href", /^\/bids\/ITB-2026-0142\/packet\?ref=[A-Z0-9]{8}$/);
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("bid-packet-ITB-2026-0142.txt");
    const text = readFileSync((await download.path()) ?? "", "utf8");
    expect(text).toContain("BID PACKET");
    expect(text).toContain("Hoosier Paving Co.");

    // The address without its reference opens nothing.
    const guessed = await page.request.get("/bids/ITB-2026-0142/packet?ref=AAAAAAAA");
    expect(guessed.status()).toBe(404);
  });
});

import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { HttpResident, postForm } from "./http-resident";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The bid opportunities (/bids, /bids/<number>) and the bid packet download over HTTP, on the
 * production build with a fresh SQLite database and the demo bids (40, 10 a page).
 */
const hasBuild = builtSite("the bids tests");

const doc = (html: string) => new JSDOM(html).window.document;
const cells = (html: string, column: number) =>
  [...doc(html).querySelectorAll(`.cp-bids__table tbody tr > :nth-child(${column})`)].map(
    (c) => c.textContent?.trim() ?? "",
  );
const headers = (html: string) =>
  [...doc(html).querySelectorAll(".cp-bids__table thead th")].map((th) => ({
    text: th.textContent?.replace(/[▲▼⇅]/g, "").trim(),
    sort: th.getAttribute("aria-sort"),
    href: th.querySelector("a")?.getAttribute("href"),
  }));
const usToIso = (d: string) => `${d.slice(6)}-${d.slice(0, 2)}-${d.slice(3, 5)}`;

describe.runIf(hasBuild)("bid opportunities", () => {
  const site = useInProcessApp({ prefix: "cedarport-bids-" });
  const page = async (path: string) => {
    const response = await fetch(`${site.base}${path}`);
    return { response, html: await response.text() };
  };

  it("lists the bids in a table of six sortable columns, 10 a page, latest due date first", async () => {
    const { response, html } = await page("/bids");
    expect(response.status).toBe(200);
    expect(html).toContain("<title>Bid opportunities | ");
    expect(html).toMatch(/<h1>Bid opportunities<\/h1>/);
    expect(headers(html).map((h) => h.text)).toEqual([
      "Bid Number",
      "Title",
      "Agency",
      "Bid Status",
      "Service Type",
      "Due Date",
    ]);
    expect(headers(html).find((h) => h.sort)).toMatchObject({ text: "Due Date", sort: "descending" });
    expect(cells(html, 1)).toHaveLength(10);
    const due = cells(html, 6).map(usToIso);
    expect(due).toEqual([...due].sort().reverse());
    expect(html).toContain("40 bids");
    // Each row links to its bid; the agency is its name from content.
    expect(html).toContain('href="/bids/RFP-2026-0155"');
    expect(cells(html, 3).every((name) => !/^[a-z-]+$/.test(name))).toBe(true);
    // Paging: Previous, numbered pages, Next.
    expect(html).toContain('href="/bids?page=2"');
    expect(html).toContain('aria-current="page"');
  });

  it("sorts by a column from its header link, both ways", async () => {
    const first = await page("/bids");
    const numberHref = headers(first.html)[0]?.href ?? "";
    expect(numberHref).toBe("/bids?sort=number&dir=asc");
    const up = await page(numberHref);
    expect(headers(up.html)[0]).toMatchObject({ sort: "ascending", href: "/bids?sort=number&dir=desc" });
    const numbers = cells(up.html, 1);
    expect(numbers).toEqual([...numbers].sort());
    expect(numbers[0]).toBe("ITB-2026-0101");
    const down = await page("/bids?sort=number&dir=desc");
    expect(cells(down.html, 1)[0]).toBe("RFQ-2026-0156");
  });

  it("filters by status and agency with a GET form, keeping the sort, and pages within the filter", async () => {
    const { html } = await page("/bids?status=open&sort=number&dir=asc");
    const form = doc(html).querySelector("form.cp-bids__filters");
    expect(form?.getAttribute("method")).toBe("get");
    expect(cells(html, 4).every((s) => s === "Open")).toBe(true);
    expect(html).toContain("16 bids");
    expect(html).toContain('href="/bids?status=open&amp;sort=number&amp;dir=asc&amp;page=2"');
    const second = await page("/bids?status=open&sort=number&dir=asc&page=2");
    expect(cells(second.html, 1)).toHaveLength(6);
    const works = await page("/bids?agency=public-works&status=awarded");
    expect(cells(works.html, 1).sort()).toEqual(["ITB-2026-0101", "ITB-2026-0103"]);
    expect(works.html).toContain("Clear filters");
  });

  it("ignores bad parameters, never a server error", async () => {
    for (const query of [
      "?page=abc",
      "?page=-4",
      "?page=999999999999",
      "?sort=drop+table&dir=sideways",
      "?status=maybe&agency=nowhere",
      "?status=open&status=closed",
      `?agency=${"x".repeat(5000)}`,
      "?page=1e9",
    ]) {
      const { response, html } = await page(`/bids${query}`);
      expect(response.status, query).toBe(200);
      expect(cells(html, 1).length, query).toBeGreaterThan(0);
    }
    const past = await page("/bids?page=99");
    expect(doc(past.html).querySelector('.usa-pagination [aria-current="page"]')?.textContent).toBe("4");
  });

  it("shows an empty state when nothing matches", async () => {
    const { response, html } = await page("/bids?agency=recorder&status=cancelled");
    expect(response.status).toBe(200);
    expect(html).toContain("No bids match these filters.");
    expect(doc(html).querySelector("table")).toBeNull();
  });

  it("is in Spanish with the headers of bid.json, titles as issued (marked English)", async () => {
    const { html } = await page("/bids?lang=es&status=open");
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/<h1>Licitaciones<\/h1>/);
    expect(headers(html).map((h) => h.text)).toEqual([
      "Número de licitación",
      "Título",
      "Agencia",
      "Estado de la licitación",
      "Tipo de servicio",
      "Fecha de vencimiento",
    ]);
    expect(cells(html, 4).every((s) => s === "Abierta")).toBe(true);
    expect(html).toContain('<span lang="en">Mowing and Trimming of Parks and Medians</span>');
    // Links keep the language.
    expect(headers(html)[0]?.href).toBe("/bids?status=open&sort=number&dir=asc&lang=es");
    expect(html).toContain('name="lang" value="es"');
  });

  it("shows a bid's page with the way to its packet while it is open", async () => {
    const open = await page("/bids/itb-2026-0142");
    expect(open.response.status).toBe(200);
    expect(open.html).toMatch(/<h1>Resurfacing of Washington Street, Phase 2<\/h1>/);
    expect(open.html).toContain('href="/workflow/get-bid-packet?bid=ITB-2026-0142"');
    expect(open.html).toContain("Get the bid packet");
    const awarded = await page("/bids/ITB-2026-0101");
    expect(awarded.html).not.toContain("/workflow/get-bid-packet");
    expect(awarded.html).toContain("This bid is not open");
    expect((await page("/bids/NOPE-0000")).response.status).toBe(404);
    expect((await page("/bids/%3Cscript%3E")).response.status).toBe(404);
  });

  it("opens the service from a bid's link with the bid filled in, checked, and nothing else from the address", async () => {
    const resident = new HttpResident();
    const base = site.base;
    const service = "/workflow/get-bid-packet";
    // The start keeps only the declared parameter on its way to the first screen.
    const start = await fetch(`${base}${service}?bid=ITB-2026-0142&query=other&x=1`, { redirect: "manual" });
    expect(start.headers.get("location")).toBe(`${service}/find-bid?bid=ITB-2026-0142`);
    const shown = await resident.get(base, `${service}/find-bid?bid=ITB-2026-0142`);
    expect(shown.html).toMatch(
      /name="root_query"[^>]*value="ITB-2026-0142"|value="ITB-2026-0142"[^>]*name="root_query"/,
    );
    // The form's first post carries it, so the journey it creates starts with it; the resident
    // still sends the screen (here, unchanged) and the lookup runs as usual.
    expect(shown.html).toContain(`action="${service}/find-bid?bid=ITB-2026-0142"`);
    const form = postForm(shown, `${service}/find-bid`, (name) => name === "_intent");
    const sent = await resident.follow(
      base,
      await resident.post(base, form, [
        ["root_query", "ITB-2026-0142"],
        ["_intent", "continue"],
      ]),
      `${service}/find-bid`,
    );
    expect(sent.url).toBe(`${service}/choose-bid`);
    expect(sent.html).toContain("ITB-2026-0142");
    // A value the field refuses (too long for it) fills in nothing, and is no error page.
    const bad = await fetch(`${base}${service}/find-bid?bid=${"9".repeat(250)}`);
    expect(bad.status).toBe(200);
    expect(await bad.text()).toMatch(/<input id="root_query"[^>]*name="root_query" value=""/);
  });

  it("gets a packet through the service, and downloads it only with the reference that asked for that bid", async () => {
    const resident = new HttpResident();
    const base = site.base;
    const service = "/workflow/get-bid-packet";
    const answer = async (screen: string, fields: [string, string][]) => {
      const shown = await resident.get(base, `${service}/${screen}`);
      const form = postForm(shown, `${service}/${screen}`, (name) => name === "_intent");
      const response = await resident.post(base, form, [...fields, ["_intent", "continue"]]);
      return resident.follow(base, response, `${service}/${screen}`);
    };
    expect((await answer("find-bid", [["root_query", "ITB-2026-0142"]])).url).toBe(`${service}/choose-bid`);
    expect((await answer("choose-bid", [["root_bidNumber", "ITB-2026-0142"]])).url).toBe(`${service}/bidder`);
    const checking = await answer("bidder", [
      ["root_companyName", "Hoosier Paving Co."],
      ["root_streetAddress", "4100 W 16th St, Cedarport, IN 46222"],
      ["root_phone", "(317) 555-0142"],
      ["root_email", "bids@hoosierpaving.example"],
    ]);
    expect(checking.url).toBe(`${service}/check-answers`);
    const form = postForm(
      checking,
      `${service}/check-answers`,
      (name, value) => name === "_intent" && value === "submit",
    );
    const confirmation = await resident.follow(
      base,
      await resident.post(base, form, [["_intent", "submit"]]),
      `${service}/check-answers`,
    );
    expect(confirmation.url).toBe(`${service}/confirmation`);
    const link = /href="(\/bids\/ITB-2026-0142\/packet\?ref=([A-Z0-9]{8}))"/.exec(confirmation.html);
    expect(link, "download link on the confirmation").not.toBeNull();
    const [, href = "", reference = ""] = link ?? [];

    const bids = site.running.services.bids;
    expect(await bids.packetRequests("ITB-2026-0142")).toEqual([
      expect.objectContaining({ reference, companyName: "Hoosier Paving Co.", fax: null }),
    ]);

    const download = await fetch(`${base}${href}`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="bid-packet-ITB-2026-0142.txt"',
    );
    expect(download.headers.get("cache-control")).toBe("private, no-store");
    const text = await download.text();
    expect(text).toContain("BID PACKET");
    expect(text).toContain("Resurfacing of Washington Street, Phase 2");
    expect(text).toContain("Hoosier Paving Co.");
    expect(text).toContain(reference);
    expect(text).toContain("Office of Purchasing");
    expect(await bids.downloadCount(reference)).toBe(1);

    // Spanish frame, the title as issued.
    const es = await fetch(`${base}${href}&lang=es`);
    expect(await es.text()).toContain("PAQUETE DE LICITACIÓN");
    expect(await bids.downloadCount(reference)).toBe(2);

    // Never without the reference, with another reference, or for another bid.
    for (const path of [
      "/bids/ITB-2026-0142/packet",
      "/bids/ITB-2026-0142/packet?ref=",
      "/bids/ITB-2026-0142/packet?ref=AAAAAAAA",
      `/bids/ITB-2026-0147/packet?ref=${reference}`,
      `/bids/NOPE/packet?ref=${reference}`,
    ]) {
      const r = await fetch(`${base}${path}`);
      expect(r.status, path).toBe(404);
      expect(await r.text(), path).toContain("<h1>Page not found</h1>");
    }
    // A page in the visitor's language, not a bare line of text.
    const spanish = await fetch(`${base}/bids/ITB-2026-0142/packet?ref=AAAAAAAA&lang=es`);
    expect(spanish.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await spanish.text()).toContain('<html lang="es"><head>');
    expect(await bids.downloadCount(reference)).toBe(2);
  });
});

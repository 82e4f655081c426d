import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The property search (/property-search) and a parcel's page (/property/<parcel>) over HTTP, on
 * the production build with a fresh SQLite database holding the demo parcels and invoices.
 */
const hasBuild = builtSite("the property search tests");

const doc = (html: string) => new JSDOM(html).window.document;
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const cells = (html: string, column: number) =>
  [...doc(html).querySelectorAll(`.cp-property-table tbody tr > :nth-child(${column})`)].map(text);
const headers = (html: string) =>
  [...doc(html).querySelectorAll(".cp-property-table thead th")].map((th) => ({
    text: text(th).replace(/[▲▼⇅]/g, "").trim(),
    sort: th.getAttribute("aria-sort"),
    href: th.querySelector("a")?.getAttribute("href"),
  }));
const owners = (html: string) =>
  [...doc(html).querySelectorAll(".cp-property-table tbody tr")].map((tr) =>
    [...tr.querySelectorAll("li")].map(text),
  );
const detail = (html: string, key: string) => text(doc(html).querySelector(`[data-row="${key}"] dd`));
const errorOf = (html: string) => text(doc(html).querySelector("#property-q-error"));

describe.runIf(hasBuild)("property search", () => {
  const site = useInProcessApp({ prefix: "cedarport-property-" });
  const page = async (path: string) => {
    const response = await fetch(`${site.base}${path}`, { redirect: "manual" });
    return { response, html: await response.text() };
  };

  it("shows the form with its three kinds of search, and no results before a search", async () => {
    const { response, html } = await page("/property-search");
    expect(response.status).toBe(200);
    expect(html).toMatch(/<h1>Property search<\/h1>/);
    const form = doc(html).querySelector("form[action='/property-search']");
    expect(form?.getAttribute("method")).toBe("get");
    expect([...doc(html).querySelectorAll("input[name=by]")].map((i) => i.getAttribute("value"))).toEqual([
      "owner",
      "street",
      "parcel",
    ]);
    expect(doc(html).querySelector("input[name=by][value=owner]")?.hasAttribute("checked")).toBe(true);
    expect(doc(html).querySelector(".cp-property-table")).toBeNull();
    expect(html).not.toContain("No properties found");
  });

  it("finds by owner: Okafor", async () => {
    const { response, html } = await page("/property-search?by=owner&q=Okafor");
    expect(response.status).toBe(200);
    expect(headers(html).map((h) => h.text)).toEqual(["Parcel", "Address", "Owner(s)", "Assessed value ($)"]);
    expect(cells(html, 1)).toContain("1000002");
    const row = cells(html, 1).indexOf("1000002");
    expect(cells(html, 2)[row]).toBe("1418 N Cedar Ave, Cedarport, IN 46202");
    expect(owners(html)[row]).toEqual(["James Okafor", "Grace Okafor"]);
    expect(cells(html, 4)[row]).toBe("212,500");
    expect(html).toContain('href="/property/1000002"');
    expect(headers(html).find((h) => h.sort)).toMatchObject({ text: "Owner(s)", sort: "ascending" });
    expect(response.headers.get("x-robots-tag")).toBe("noindex");
  });

  it("finds by street: Cedar Ave, paged and sortable by each column", async () => {
    const { html } = await page("/property-search?by=street&q=Cedar+Ave");
    const total = Number(/(\d+) properties found/.exec(html)?.[1]);
    expect(total).toBeGreaterThan(20);
    expect(cells(html, 1)).toHaveLength(20);
    expect(html).toContain('href="/property-search?q=Cedar+Ave&amp;by=street&amp;page=2"');
    expect(html).toContain('aria-current="page"');
    const all = [...cells(html, 1)];
    for (let n = 2; n <= Math.ceil(total / 20); n++)
      all.push(...cells((await page(`/property-search?by=street&q=Cedar+Ave&page=${n}`)).html, 1));
    expect(all).toContain("1000002");
    expect(all).toContain("6000001");
    expect(new Set(all).size).toBe(total);

    const value = headers(html).find((h) => h.text === "Assessed value ($)");
    expect(value?.href).toBe("/property-search?q=Cedar+Ave&by=street&sort=assessedValue&dir=asc");
    const up = (await page(value?.href ?? "")).html;
    const values = cells(up, 4).map((v) => Number(v.replace(/,/g, "")));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(headers(up).find((h) => h.sort)).toMatchObject({ text: "Assessed value ($)", sort: "ascending" });
    const down = (await page(headers(up).find((h) => h.sort)?.href ?? "")).html;
    const downValues = cells(down, 4).map((v) => Number(v.replace(/,/g, "")));
    expect(downValues).toEqual([...downValues].sort((a, b) => b - a));
    const byParcel = cells(
      (await page("/property-search?by=street&q=Cedar+Ave&sort=parcel&dir=asc")).html,
      1,
    );
    expect(byParcel).toEqual([...byParcel].sort());
  });

  it("finds by parcel number in any common format, whatever the kind chosen", async () => {
    for (const q of ["100-0001", "1000001", "49-01-12-000-001.000-101"]) {
      const { html } = await page(`/property-search?by=parcel&q=${encodeURIComponent(q)}`);
      expect(cells(html, 1), q).toEqual(["1000001"]);
      expect(cells(html, 3)).toEqual(["Maria Delgado"]);
    }
    const { html } = await page("/property-search?by=owner&q=100-0001");
    expect(cells(html, 1)).toEqual(["1000001"]);
    expect(html).toContain("is a parcel number, so we looked it up as one");
    // A street with a house number is an address.
    const address = (await page("/property-search?by=street&q=1418+N+Cedar+Ave")).html;
    expect(cells(address, 1)).toEqual(["1000002"]);
  });

  it("answers bad input with a message or an empty state, never a server error", async () => {
    const cases: Array<[string, string | null]> = [
      ["by=owner&q=", "Enter an owner name, a street name or a parcel number."],
      ["by=owner&q=+++", "Enter an owner name, a street name or a parcel number."],
      [`by=owner&q=${"a".repeat(101)}`, "Enter 100 characters or fewer."],
      ["by=owner&q=%25", "Enter letters or numbers."],
      ["by=street&q=_", "Enter letters or numbers."],
      ["by=owner&q=%25%25__", "Enter letters or numbers."],
      [`by=owner&q=${encodeURIComponent("🏠🔑")}`, "Enter letters or numbers."],
      ["by=parcel&q=Okafor", "Enter a parcel number as 7 digits"],
      ["by=parcel&q=123", "Enter a parcel number as 7 digits"],
      [`by=owner&q=${encodeURIComponent("' OR 1=1 --")}`, null],
      [`by=street&q=${encodeURIComponent("'; DROP TABLE parcels; --")}`, null],
      [`by=owner&q=${encodeURIComponent("Robert'); DELETE FROM parcels WHERE ('1'='1")}`, null],
      ["by=owner&q=zzzzqqq", null],
      ["by=nonsense&q=Okafor&sort=bogus&dir=sideways&page=-4", null],
      ["by=owner&q=Okafor&page=99999", null],
      ["q=Okafor&q=Delgado&by=owner&by=street", null],
    ];
    for (const [query, error] of cases) {
      const { response, html } = await page(`/property-search?${query}`);
      // Each case is answered with the page (200) and its message or its results: none is skipped.
      expect(response.status, query).toBe(200);
      if (error) {
        expect(errorOf(html), query).toContain(error);
        expect(doc(html).querySelector("#property-q")?.getAttribute("aria-invalid"), query).toBe("true");
        expect(doc(html).querySelector(".cp-property-table"), query).toBeNull();
      } else {
        expect(errorOf(html), query).toBe("");
        expect(
          html.includes("No properties found") || doc(html).querySelector(".cp-property-table") !== null,
          query,
        ).toBe(true);
      }
    }
    // An address that cannot be decoded gets the Bad Request page, before the search runs.
    expect((await page("/property-search?by=owner&q=%E0%A4%A")).response.status).toBe(400);
    const empty = (await page("/property-search?by=owner&q=zzzzqqq")).html;
    expect(empty).toContain("No properties found");
    expect(empty).toContain("Check the spelling");
    // The records are all still there.
    expect(cells((await page("/property-search?by=owner&q=Okafor")).html, 1)).toContain("1000002");
    // A page past the last shows the last.
    const last = (await page("/property-search?by=owner&q=Okafor&page=99999")).html;
    const [, shownPage, pageCount] = /Page (\d+) of (\d+)/.exec(last) ?? [];
    expect(shownPage).toBe(pageCount);
    expect(cells(last, 1).length).toBeGreaterThan(0);
  });

  it("is in Spanish, links keeping the language", async () => {
    const { html } = await page("/property-search?lang=es&by=street&q=Cedar+Ave");
    expect(html).toContain('<html lang="es"');
    expect(html).toMatch(/<h1>Búsqueda de propiedades<\/h1>/);
    expect(headers(html).map((h) => h.text)).toEqual([
      "Parcela",
      "Dirección",
      "Dueño(s)",
      "Valor tasado ($)",
    ]);
    expect(html).toContain("Buscar por");
    expect(html).toContain("Nombre del dueño");
    expect(html).toMatch(/Se encontraron \d+ propiedades/);
    expect(headers(html)[0]?.href).toBe("/property-search?q=Cedar+Ave&by=street&sort=parcel&dir=asc&lang=es");
    expect(html).toContain('name="lang" value="es"');
    expect(html).toContain('href="/property/1000002?lang=es"');
    const none = (await page("/property-search?lang=es&by=owner&q=zzzzqqq")).html;
    expect(none).toContain("No se encontraron propiedades");
    expect(errorOf((await page("/property-search?lang=es&by=owner&q=%25")).html)).toContain(
      "Escriba letras o números",
    );
  });

  it("shows a parcel: 1000002 with its homestead deduction, taxes due and services", async () => {
    const { response, html } = await page("/property/1000002");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-page-cache")).toBeNull();
    expect(html).toMatch(/<h1>1418 N Cedar Ave<\/h1>/);
    expect(detail(html, "parcel")).toBe("1000002");
    expect(detail(html, "state-parcel")).toBe("49-01-07-000-002.000-101");
    expect([...doc(html).querySelectorAll('[data-row="owners"] li')].map(text)).toEqual([
      "James Okafor",
      "Grace Okafor",
    ]);
    expect(detail(html, "assessed-value")).toBe("$212,500.00");
    expect(detail(html, "mobile-home")).toBe("No");
    expect(detail(html, "township")).toBe("Center Township");
    expect(detail(html, "school-district")).toBe("Cedarport Public Schools");
    expect(detail(html, "deductions")).toBe("Homestead");
    // Taxes due: both 2026 installments, each linking to its invoice, and the way to pay.
    expect(cells(html, 1)).toEqual(["RP-2026-1-1000002", "RP-2026-2-1000002"]);
    expect(cells(html, 4)).toEqual(["05/11/2026", "11/10/2026"]);
    expect(cells(html, 5)).toEqual(["$362.50", "$1,062.50"]);
    expect(html).toContain('href="/payments/invoices/RP-2026-1-1000002"');
    expect(html).toContain('href="/workflow/pay-property-taxes"');
    // Services: appeal, mailing address, combine; every deduction but the homestead it has.
    // Each opens with the parcel filled in (the workflows' `prefill`).
    for (const name of ["property-appeal", "change-mailing-address", "combine-parcels"])
      expect(html).toContain(`href="/workflow/${name}?parcel=1000002"`);
    for (const kind of ["mortgage", "over-65", "blind-or-disabled", "disabled-veteran"])
      expect(html).toContain(`href="/workflow/${kind}-deduction-application?parcel=1000002"`);
    expect(html).not.toContain('href="/workflow/homestead-deduction-application"');
  });

  it("shows the owners' mailing address on record: the property's own, or where the owner has it", async () => {
    const lines = (html: string) =>
      [...doc(html).querySelectorAll('[data-row="mailing-address"] .cp-property__line')].map(text);
    expect(lines((await page("/property/1000002")).html)).toEqual([
      "1418 N Cedar Ave",
      "Cedarport, IN 46202",
    ]);
    // The rental company's letters go to its PO box downtown.
    const rental = (await page("/property/1000003?lang=es")).html;
    expect(text(doc(rental).querySelector('[data-row="mailing-address"] dt'))).toBe(
      "Dirección postal de los dueños",
    );
    expect(lines(rental)).toEqual(["PO Box 6120", "Cedarport, IN 46206"]);
  });

  it("shows a parcel in Spanish, deductions named in Spanish", async () => {
    const { html } = await page("/property/2000001?lang=es");
    expect(html).toContain('<html lang="es"');
    expect(detail(html, "deductions")).toBe("Vivienda principal (homestead), Veterano discapacitado");
    expect(detail(html, "mobile-home")).toBe("No");
    expect(html).toContain("No hay impuestos a la propiedad pendientes en esta parcela.");
    expect(html).not.toContain("/workflow/pay-property-taxes");
    expect(html).toContain('href="/workflow/mortgage-deduction-application?parcel=2000001&amp;lang=es"');
    expect(html).not.toContain("/workflow/homestead-deduction-application");
    expect(html).not.toContain("/workflow/disabled-veteran-deduction-application");
    expect(html).toContain('href="/workflow/property-appeal?parcel=2000001&amp;lang=es"');
    expect(html).toContain('href="/property-search?lang=es"');
  });

  it("accepts any common parcel format by sending it to the one address, and 404s an unknown parcel", async () => {
    for (const form of ["100-0002", "49-01-07-000-002.000-101", "1000002 "]) {
      const { response } = await page(`/property/${encodeURIComponent(form)}`);
      expect(response.status, form).toBe(301);
      expect(response.headers.get("location"), form).toBe("/property/1000002");
    }
    expect((await page("/property/100-0002?lang=es")).response.headers.get("location")).toBe(
      "/property/1000002?lang=es",
    );
    for (const unknown of ["9999999", "0123456", "abc", "%25", "' OR 1=1 --", "1".repeat(300)]) {
      const { response, html } = await page(`/property/${encodeURIComponent(unknown)}`);
      expect(response.status, unknown).toBe(404);
      expect(html, unknown).toContain("Property not found");
      expect(html).toContain('href="/property-search"');
    }
  });
});

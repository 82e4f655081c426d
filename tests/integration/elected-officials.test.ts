import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { demoDistrictOf } from "../../src/integrations/council-districts/embedded/embedded-council-districts";
import { generateParcels } from "../../src/integrations/property-records";
import { parseAddress } from "../../src/integrations/property-records/address";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The elected officials (/elected-officials), a person's page (/person/<id>), "Find your
 * representatives" (/find-my-representatives) and the council district on a parcel's page, over
 * HTTP on the production build with the demo content and parcels.
 */
const hasBuild = builtSite("the elected officials tests");

const doc = (html: string) => new JSDOM(html).window.document;
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const all = (html: string, selector: string) => [...doc(html).querySelectorAll(selector)];
const cardNames = (html: string, section: string) =>
  all(html, `section[aria-labelledby="${section}"] .cp-person-card__name`).map(text);
const errorOf = (html: string) => text(doc(html).querySelector(".usa-error-message"));

/** One h1, and no level skipped on the way down (h2 → h4 is a skip; h3 → h2 is not). */
function headingsInOrder(html: string): string[] {
  const levels = all(html, "main h1, main h2, main h3, main h4, main h5, main h6").map((h) =>
    Number(h.tagName.slice(1)),
  );
  const problems: string[] = [];
  if (levels.filter((l) => l === 1).length !== 1) problems.push(`h1 count: ${levels.join(",")}`);
  levels.forEach((level, i) => {
    if (i > 0 && level > (levels[i - 1] ?? 1) + 1) problems.push(`h${levels[i - 1]} then h${level}`);
  });
  return problems;
}

const parcels = generateParcels();
/** A downtown parcel on the north side from 1500: District 2 although it is in Center Township. */
const northDowntown = parcels.find(
  (p) =>
    p.township === "Center Township" &&
    / N /.test(p.address.line1) &&
    Number.parseInt(p.address.line1, 10) >= 1500,
);
/** A house number and street (no direction) that two to ten parcels share: an ambiguous address. */
const ambiguous = (() => {
  const groups = new Map<string, typeof parcels>();
  for (const p of parcels) {
    const key = parseAddress(p.address.line1);
    if (!key || key.unit) continue;
    const name = `${key.houseNumber} ${p.address.line1.replace(/^\d+ (?:[NSEW] )?/, "")}`;
    groups.set(name, [...(groups.get(name) ?? []), p]);
  }
  const [query, matches] = [...groups].find(([, list]) => list.length > 1 && list.length <= 10) ?? [];
  if (!query || !matches) throw new Error("the demo data has no ambiguous address");
  return { query, matches };
})();

const COUNTYWIDE = [
  "Elena Vásquez",
  "Samuel Okafor",
  "Dana Whitfield",
  "Priya Raman",
  "Robert Kline",
  "María Delgado",
  "Thomas Nguyen",
];
const COUNCIL = [
  "Denise Carter",
  "Luis Ortega",
  "Hannah Lindqvist",
  "Andre Coleman",
  "Kevin O'Brien",
  "Fatima Haddad",
  "Jerome Patterson",
  "Sofía Ramírez",
  "Marcus Hill",
];

describe.runIf(hasBuild)("elected officials", () => {
  const site = useInProcessApp({ prefix: "cedarport-officials-" });
  const page = async (path: string) => {
    const response = await fetch(`${site.base}${path}`, { redirect: "manual" });
    return { response, html: await response.text() };
  };

  describe("the list", () => {
    it("shows the countywide officials of the ElectedOfficials label, then the council by district", async () => {
      const { response, html } = await page("/elected-officials");
      expect(response.status).toBe(200);
      expect(text(doc(html).querySelector("h1"))).toBe("Elected officials");
      expect(cardNames(html, "countywide-officials")).toEqual(COUNTYWIDE);
      expect(cardNames(html, "council-members")).toEqual(COUNCIL);
      expect(headingsInOrder(html)).toEqual([]);
      // A card: office, portrait, name linking to the person's page, first paragraph, contact.
      const card = all(html, ".cp-person-card").find((c) => text(c.querySelector("h3")) === "Luis Ortega");
      expect(text(card?.querySelector(".cp-person-card__title"))).toBe("City-County Councilor, District 2");
      expect(card?.querySelector("h3 a")?.getAttribute("href")).toBe("/person/councilor-luis-ortega");
      expect(card?.querySelector("img")?.getAttribute("src")).toBe(
        "/images/people/councilor-luis-ortega.svg",
      );
      expect(text(card?.querySelector(".cp-person-card__bio p"))).toMatch(
        /^Luis Ortega represents District 2/,
      );
      expect(text(card?.querySelector(".cp-person-card__bio"))).not.toContain("waterfront trail");
      expect(card?.querySelector('a[href="tel:+15550102450"]')).not.toBeNull();
      expect(card?.querySelector('a[href="mailto:council@cedarport.gov"]')).not.toBeNull();
      expect(text(card?.querySelector("address"))).toContain("200 E. Market Street");
      const mayor = all(html, ".cp-person-card").find((c) => text(c.querySelector("h3")) === "Elena Vásquez");
      expect(text(mayor?.querySelector(".cp-person-card__title"))).toBe("Mayor");
      expect(mayor?.querySelector('a[href="mailto:mayor@cedarport.gov"]')).not.toBeNull();
      // The address form, a plain GET.
      const form = doc(html).querySelector("form[action='/find-my-representatives']");
      expect(form?.getAttribute("method")).toBe("get");
      expect(form?.querySelector("input[name=address]")).not.toBeNull();
    });

    it("is in Spanish, links keeping the language", async () => {
      const { html } = await page("/elected-officials?lang=es");
      expect(html).toContain('<html lang="es"');
      expect(text(doc(html).querySelector("h1"))).toBe("Funcionarios electos");
      expect(text(doc(html).querySelector("#council-members"))).toBe("Concejo de la Ciudad y el Condado");
      const titles = all(html, "section[aria-labelledby=council-members] .cp-person-card__title").map(text);
      expect(titles[0]).toBe("Concejala de la Ciudad y el Condado, Distrito 1");
      expect(titles[8]).toBe("Presidente del Concejo de la Ciudad y el Condado, Distrito 9");
      expect(html).toContain('href="/person/councilor-denise-carter?lang=es"');
      expect(html).toContain("Teléfono:");
      expect(text(doc(html).querySelector("label[for=officials-find-address]"))).toBe(
        "Dirección o número de parcela",
      );
      expect(doc(html).querySelector("input[name=lang]")?.getAttribute("value")).toBe("es");
      expect(headingsInOrder(html)).toEqual([]);
    });

    it("is linked from the home page, whose cards link to each person", async () => {
      const { html } = await page("/");
      const section = doc(html).querySelector("section[aria-labelledby=elected-officials]");
      expect(section?.querySelector('a[href="/elected-officials"]')).not.toBeNull();
      expect(section?.querySelector('a[href="/person/mayor-elena-vasquez"]')).not.toBeNull();
      const es = doc((await page("/?lang=es")).html);
      expect(
        text(es.querySelector('section[aria-labelledby=elected-officials] a[href="/elected-officials"]')),
      ).toBe("Todos los funcionarios electos");
    });
  });

  describe("a person's page", () => {
    it("shows the office, the whole biography and how to reach the office", async () => {
      const { response, html } = await page("/person/councilor-luis-ortega");
      expect(response.status).toBe(200);
      expect(text(doc(html).querySelector("h1"))).toBe("Luis Ortega");
      expect(text(doc(html).querySelector(".cp-page-header__subtitle"))).toBe(
        "City-County Councilor, District 2",
      );
      const biography = all(html, "section[aria-labelledby=person-biography] .cp-rich-text p").map(text);
      expect(biography).toHaveLength(2);
      expect(biography[1]).toContain("waterfront trail");
      const contact = doc(html).querySelector("aside[aria-labelledby=person-contact]");
      expect(text(contact?.querySelector("h3"))).toBe("City-County Council");
      expect(contact?.querySelector('a[href="tel:+15550102450"]')).not.toBeNull();
      expect(text(contact)).toContain("Monday to Friday, 8 a.m. to 5 p.m.");
      expect(contact?.querySelector('a[href="/agency/city-county-council"]')).not.toBeNull();
      const crumbs = doc(html).querySelector("nav.usa-breadcrumb");
      expect(crumbs?.querySelector('a[href="/elected-officials"]')).not.toBeNull();
      expect(html).toContain('href="/find-my-representatives"');
      expect(headingsInOrder(html)).toEqual([]);
    });

    it("is in Spanish", async () => {
      const { html } = await page("/person/mayor-elena-vasquez?lang=es");
      expect(text(doc(html).querySelector(".cp-page-header__subtitle"))).toBe("Alcaldesa");
      expect(text(doc(html).querySelector("#person-biography"))).toBe("Biografía");
      expect(text(doc(html).querySelector("#person-contact"))).toBe("Contacto");
      expect(html).toContain("es la Alcaldesa de la Ciudad y Condado Consolidado de Cedarport");
      expect(html).toContain('href="/elected-officials?lang=es"');
      expect(headingsInOrder(html)).toEqual([]);
    });

    it("leads an appointed official back to their office, and 404s an unknown person", async () => {
      const { html } = await page("/person/police-chief-angela-brooks");
      expect(text(doc(html).querySelector(".cp-page-header__subtitle"))).toBe("Chief of Police");
      expect(doc(html).querySelector('nav.usa-breadcrumb a[href="/agency/police"]')).not.toBeNull();
      expect(html).not.toContain('href="/find-my-representatives"');
      for (const unknown of ["no-such-person", "%25", "' OR 1=1 --", "x".repeat(500)]) {
        const { response } = await page(`/person/${encodeURIComponent(unknown)}`);
        expect(response.status, unknown).toBe(404);
      }
    });

    it("is the default link of the section: /persons/<id> and /people/<id> lead to it", async () => {
      for (const path of ["/persons/mayor-elena-vasquez", "/people/mayor-elena-vasquez"]) {
        const { response } = await page(path);
        expect(response.status, path).toBe(301);
        expect(response.headers.get("location")).toBe("/person/mayor-elena-vasquez");
      }
    });
  });

  describe("find your representatives", () => {
    const find = (query: string) => page(`/find-my-representatives?${query}`);
    const councilor = (html: string) => cardNames(html, "representatives-councilor");

    it("shows the form, and no answer before a search", async () => {
      const { response, html } = await find("");
      expect(response.status).toBe(200);
      expect(text(doc(html).querySelector("h1"))).toBe("Find your representatives");
      expect(doc(html).querySelector("form")?.getAttribute("method")).toBe("get");
      expect(doc(html).querySelector("#representatives-councilor")).toBeNull();
      // The page's text: the address combobox's strings travel in the islands' JSON (not shown).
      expect(text(doc(html).querySelector("main"))).not.toContain("No matching addresses found");
      expect(response.headers.get("x-robots-tag")).toBeNull();
    });

    it("gives an address's district, its councilor and the officials elected countywide", async () => {
      const { response, html } = await find("address=1418+n+cedar+avenue");
      expect(response.status).toBe(200);
      expect(text(doc(html).querySelector(".cp-representatives__intro"))).toContain(
        "1418 N Cedar Ave, Cedarport, IN 46202 is in City-County Council District 1.",
      );
      expect(councilor(html)).toEqual(["Denise Carter"]);
      expect(cardNames(html, "representatives-countywide")).toEqual(COUNTYWIDE);
      expect(html).toContain('href="/property/1000002"');
      expect(html).toContain('href="/person/councilor-denise-carter"');
      expect(doc(html).querySelector("input[name=address]")?.getAttribute("value")).toBe(
        "1418 n cedar avenue",
      );
      expect(response.headers.get("x-robots-tag")).toBe("noindex");
      expect(headingsInOrder(html)).toEqual([]);
    });

    it("agrees with the district map, downtown's outer blocks included", async () => {
      if (!northDowntown) throw new Error("no downtown parcel north of 1500");
      expect(demoDistrictOf(northDowntown)).toBe(2);
      const { html } = await find(`address=${encodeURIComponent(northDowntown.address.line1)}`);
      expect(text(doc(html).querySelector(".cp-representatives__intro"))).toContain("District 2.");
      expect(councilor(html)).toEqual(["Luis Ortega"]);
      // The Council President is District 9's councilor.
      const sugarCreek = parcels.find((p) => p.township === "Sugar Creek Township");
      const north = (await find(`address=${sugarCreek?.parcelNumber}`)).html;
      expect(councilor(north)).toEqual(["Marcus Hill"]);
    });

    it("takes a parcel number in any format the county writes", async () => {
      for (const parcel of ["1000002", "100-0002", "49-01-07-000-002.000-101"]) {
        const { html } = await find(`address=${encodeURIComponent(parcel)}`);
        expect(councilor(html), parcel).toEqual(["Denise Carter"]);
      }
    });

    it("offers the addresses that match an ambiguous one, each a link to its answer", async () => {
      const { html } = await find(`address=${encodeURIComponent(ambiguous.query)}`);
      expect(text(doc(html).querySelector("#representatives-choose"))).toBe("Choose your address");
      expect(html).toContain(`${ambiguous.matches.length} addresses match “${ambiguous.query}”.`);
      const links = all(html, ".cp-representatives__choices a");
      expect(links.map(text).sort()).toEqual(
        ambiguous.matches.map((p) => `${p.address.line1}, Cedarport, IN ${p.address.zip}`).sort(),
      );
      expect(doc(html).querySelector("#representatives-councilor")).toBeNull();
      const [first] = ambiguous.matches;
      const link = links.find((a) => text(a).startsWith(`${first?.address.line1},`));
      expect(link?.getAttribute("href")).toBe(`/find-my-representatives?parcel=${first?.parcelNumber}`);
      const chosen = (await page(link?.getAttribute("href") ?? "")).html;
      expect(text(doc(chosen).querySelector(".cp-representatives__intro"))).toContain(
        `District ${first ? demoDistrictOf(first) : "?"}.`,
      );
      expect(doc(chosen).querySelector("input[name=address]")?.getAttribute("value")).toContain(
        first?.address.line1 ?? "?",
      );
      // A street alone lists its first ten addresses and says there are more.
      const street = (await find("address=Cedar+Ave")).html;
      expect(all(street, ".cp-representatives__choices a")).toHaveLength(10);
      expect(street).toContain("More addresses match.");
    });

    it("says “No matching addresses found” when nothing matches", async () => {
      for (const query of ["address=9999+Nowhere+St", "address=9999999", "parcel=abc"]) {
        const { html } = await find(query);
        expect(text(doc(html).querySelector("#representatives-none")), query).toBe(
          "No matching addresses found",
        );
        expect(errorOf(html), query).toBe("");
      }
      expect((await find("address=9999999")).html).toContain("No property has the parcel number 9999999.");
    });

    it("answers bad input with a clear message in both languages, never a server error", async () => {
      const cases: Array<[string, string, string]> = [
        ["address=", "Enter a street address", "Escriba una dirección"],
        ["address=+++", "Enter a street address", "Escriba una dirección"],
        [`address=${"a".repeat(500)}`, "Enter 100 characters or fewer.", "Escriba 100 caracteres o menos."],
        ["address=%25", "Enter letters or numbers.", "Escriba letras o números."],
        ["address=_", "Enter letters or numbers.", "Escriba letras o números."],
        ["address=%25%25__", "Enter letters or numbers.", "Escriba letras o números."],
        [`address=${encodeURIComponent("🏠🔑")}`, "Enter letters or numbers.", "Escriba letras o números."],
        ["address=1418", "Enter the street name", "Escriba el nombre de la calle"],
      ];
      for (const [query, en, es] of cases) {
        for (const [lang, message] of [
          ["", en],
          ["&lang=es", es],
        ] as const) {
          const { response, html } = await find(`${query}${lang}`);
          expect(response.status, query + lang).toBe(200);
          expect(errorOf(html), query + lang).toContain(message);
          const input = doc(html).querySelector("input[name=address]");
          expect(input?.getAttribute("aria-invalid"), query).toBe("true");
          expect(input?.getAttribute("aria-describedby"), query).toContain("representatives-address-error");
          expect(doc(html).querySelector("#representatives-councilor"), query).toBeNull();
        }
      }
      // SQL-looking text is searched as text: it matches nothing, and the parcels are all still there.
      for (const sql of ["' OR 1=1 --", "'; DROP TABLE parcels; --", "1418 N Cedar Ave' OR '1'='1"]) {
        for (const lang of ["", "&lang=es"]) {
          const { response, html } = await find(`address=${encodeURIComponent(sql)}${lang}`);
          expect(response.status, sql).toBe(200);
          expect(text(doc(html).querySelector("#representatives-none")), sql + lang).toBe(
            lang ? "No se encontraron direcciones que coincidan" : "No matching addresses found",
          );
        }
      }
      expect(councilor((await find("address=1418+N+Cedar+Ave")).html)).toEqual(["Denise Carter"]);
      // Malformed and repeated parameters.
      for (const query of ["address=%E0%A4%A", "address=a&address=b", "parcel=&address=1418+N+Cedar+Ave"]) {
        const { response } = await find(query);
        expect(response.status, query).toBeLessThan(500);
      }
    });

    it("is in Spanish, links keeping the language", async () => {
      const { html } = await find("address=5412+Fox+Run+Ct&lang=es");
      expect(html).toContain('<html lang="es"');
      expect(text(doc(html).querySelector("h1"))).toBe("Encuentre a sus representantes");
      expect(text(doc(html).querySelector(".cp-representatives__intro"))).toContain(
        "5412 Fox Run Ct, Cedarport, IN 46220 está en el Distrito 2 del Concejo de la Ciudad y el Condado.",
      );
      expect(text(doc(html).querySelector("#representatives-councilor"))).toBe("Su concejal");
      expect(councilor(html)).toEqual(["Luis Ortega"]);
      expect(html).toContain('href="/person/councilor-luis-ortega?lang=es"');
      expect(html).toContain('href="/property/2000001?lang=es"');
      expect(headingsInOrder(html)).toEqual([]);
      const choices = (await find(`address=${encodeURIComponent(ambiguous.query)}&lang=es`)).html;
      expect(text(doc(choices).querySelector("#representatives-choose"))).toBe("Elija su dirección");
      expect(all(choices, ".cp-representatives__choices a")[0]?.getAttribute("href")).toMatch(/&lang=es$/);
    });
  });

  describe("a parcel's page", () => {
    it("shows its council district and councilor, linked to their page", async () => {
      const row = (html: string) => doc(html).querySelector('[data-row="council-district"]');
      const en = (await page("/property/1000002")).html;
      expect(text(row(en)?.querySelector("dt"))).toBe("City-County Council district");
      expect(text(row(en)?.querySelector("dd"))).toBe("District 1: Denise Carter");
      expect(row(en)?.querySelector("a")?.getAttribute("href")).toBe("/person/councilor-denise-carter");
      const es = (await page("/property/2000001?lang=es")).html;
      expect(text(row(es)?.querySelector("dd"))).toBe("Distrito 2: Luis Ortega");
      expect(row(es)?.querySelector("a")?.getAttribute("href")).toBe("/person/councilor-luis-ortega?lang=es");
    });
  });

  describe("the activity page and site search", () => {
    it("link the tool that exists", async () => {
      const { html } = await page("/activity/find-your-elected-officials");
      expect(html).toContain('href="/find-my-representatives"');
      expect(html).toContain('href="/elected-officials"');
      expect(html).not.toContain("21 councilors");
      const es = (await page("/activity/find-your-elected-officials?lang=es")).html;
      expect(es).toContain('href="/find-my-representatives"');
      const found = (await page("/search?term=find+your+representatives")).html;
      expect(found).toContain('href="/activity/find-your-elected-officials"');
      const encontrado = (await page("/search?term=concejal&lang=es")).html;
      expect(encontrado).toContain('href="/activity/find-your-elected-officials"');
    });
  });
});

import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { generateParcels, oneLineMailingAddress } from "../../src/integrations/property-records";
import { HttpResident, type Page, postForm } from "./http-resident";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The change of mailing address shows, before the resident gives the new address, where each
 * property's tax bills go now: the mailing address on the county's record, from the lookup of the
 * properties (property-records.find-each), over HTTP without JavaScript on the production build.
 */
const hasBuild = builtSite("the mailing-address test");

const SERVICE = "/workflow/change-mailing-address";
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, " ").trim() ?? "";

/** The rows of the table of properties found, as header → cell. */
function foundRows(page: Page): Record<string, string>[] {
  const { document } = new JSDOM(page.html).window;
  const table = document.querySelector("table");
  const headers = [...(table?.querySelectorAll("thead th") ?? [])].map(text);
  return [...(table?.querySelectorAll("tbody tr") ?? [])].map((tr) =>
    Object.fromEntries(
      [...tr.querySelectorAll("th, td")].map((cell, i) => [headers[i] ?? String(i), text(cell)]),
    ),
  );
}

describe.runIf(hasBuild)("the mailing address on record, in the change of mailing address", () => {
  const site = useInProcessApp({ prefix: "cedarport-mailing-on-record-" });

  async function answer(resident: HttpResident, page: Page, fields: [string, string][]) {
    const form = postForm(page, SERVICE, (name, value) => name === "_intent" && value === "continue");
    const response = await resident.post(site.base, form, [...fields, ["_intent", "continue"]]);
    return resident.follow(site.base, response, form.action);
  }

  // A property whose owner lives abroad, as the demo data has a few (generated, so found here).
  const abroad = generateParcels({ count: 1000 }).find((p) => p.mailingAddress.country === "MX");

  it("lists each property found with where its bills go now, in English and in Spanish", async () => {
    if (!abroad) throw new Error("the demo data has no owner in Mexico among its first 1,000 parcels");
    for (const [lang, header] of [
      ["", "Mailing address on record"],
      ["?lang=es", "Dirección postal registrada"],
    ] as const) {
      const resident = new HttpResident();
      let page = await resident.get(site.base, `${SERVICE}/role${lang}`);
      page = await answer(resident, page, [["root_role", "owner"]]);
      expect(page.url).toBe(`${SERVICE}/find-properties`);
      page = await answer(resident, page, [
        ["root_0_query", "1418 N Cedar Ave"],
        ["root_1_query", "1000003"],
        ["root_2_query", abroad.parcelNumber],
      ]);
      expect(page.url).toBe(`${SERVICE}/address-location`);
      const rows = foundRows(page);
      expect(rows.map((row) => row[header])).toEqual([
        // The Okafors get their letters at home; the rental company at its PO box; the third owner abroad.
        "1418 N Cedar Ave, Cedarport, IN 46202",
        "PO Box 6120, Cedarport, IN 46206",
        oneLineMailingAddress(abroad.mailingAddress),
      ]);
      expect(rows[2]?.[header]).toMatch(/, MEXICO$/);
    }
  });
});

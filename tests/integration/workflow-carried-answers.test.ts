import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { CITY_TIME_ZONE } from "../../src/domain/dates";
import { HttpResident, mainText, type Page, type PageForm, postForm } from "./http-resident";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * Answers that travel over HTTP, without JavaScript, on the production build and the embedded
 * property records (docs/workflows.md, "When an answer a call read changes, the call is made
 * again" and "Starting a service with an answer: `prefill`"):
 *
 * - combine-parcels: changing the surviving parcel from check-answers makes the owner check of the
 *   parcels to combine stale, so the resident is sent back to that screen and refused there;
 * - a property page's `?parcel=` links open a deduction application and the appeal with the
 *   parcel filled in when the resident reaches the parcel search.
 */
const hasBuild = builtSite("the carried-answers tests");

const COMBINE = "/workflow/combine-parcels";

/** A date in the city, as residents type it (MM/DD/YYYY). */
const usDate = (at: Date) =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: CITY_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);

const doc = (page: Page) => new JSDOM(page.html).window.document;
/** The value a text field of the page's form is filled with. */
const fieldValue = (page: Page, name: string) =>
  doc(page).querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value;

/** The "Change" form of check-answers for one screen (a small form per row). */
function changeForm(page: Page, screen: string): PageForm {
  for (const form of doc(page).querySelectorAll("form")) {
    const hidden = [...form.querySelectorAll<HTMLInputElement>("input[type=hidden]")].map(
      (input): [string, string] => [input.name, input.value],
    );
    if (!hidden.some(([name, value]) => name === "_screen" && value === screen)) continue;
    return { action: form.getAttribute("action") ?? page.url, hidden, buttons: [["_intent", "change"]] };
  }
  throw new Error(`no Change button for ${screen} on ${page.url}`);
}

describe.runIf(hasBuild)("answers carried between screens and pages, over HTTP", () => {
  const site = useInProcessApp({ prefix: "cedarport-carried-" });

  /** Posts the page's service form with `fields` and Continue; the page it lands on. */
  async function answer(resident: HttpResident, page: Page, service: string, fields: [string, string][]) {
    const form = postForm(page, service, (name, value) => name === "_intent" && value === "continue");
    const response = await resident.post(site.base, form, [...fields, ["_intent", "continue"]]);
    return resident.follow(site.base, response, form.action);
  }

  /** Answers screen after screen, each expected where the journey is. */
  async function answerAll(
    resident: HttpResident,
    start: Page,
    service: string,
    screens: [screen: string, fields: [string, string][]][],
  ): Promise<Page> {
    let page = start;
    for (const [screen, fields] of screens) {
      expect(page.url, `before answering ${screen}`).toBe(`${service}/${screen}`);
      page = await answer(resident, page, service, fields);
    }
    return page;
  }

  const THEIR_PARCELS: [string, string][] = [
    ["root_0_query", "5901 Timber Ridge Ct"],
    ["root_1_query", "3000643"],
  ];

  it("sends a resident who changes the surviving parcel to other owners back to the parcels, and refuses them there", async () => {
    const resident = new HttpResident();
    // Aisha Kaur's three parcels (workflows/recordings/combine-parcels/changed-surviving-other-owners.json).
    let page = await resident.get(site.base, COMBINE);
    page = await answerAll(resident, page, COMBINE, [
      ["role", [["root_role", "owner"]]],
      ["find-surviving", [["root_query", "6705 Hawthorn Trl"]]],
      ["confirm-surviving", [["root_parcelNumber", "3000368"]]],
      ["parcels-to-combine", THEIR_PARCELS],
      ["contiguity", [["root_touch", "yes"]]],
      ["instrument", [["root_instrumentNumber", "2016-0048213"]]],
      ["mobile-home", [["root_mobileHome", "false"]]],
      [
        "reason",
        [
          ["root_reasons", "one-bill"],
          ["root_reasons", "used-together"],
          ["root_explanation", "The two lots beside the house are our yard and garden."],
        ],
      ],
      [
        "contact",
        [
          ["root_name", "Aisha Kaur"],
          ["root_phone", "(317) 555-0163"],
          ["root_email", "aisha.kaur@example.com"],
        ],
      ],
    ]);
    expect(page.url).toBe(`${COMBINE}/check-answers`);
    expect(mainText(page)).toContain("(parcel 3000368), owned by Aisha Kaur");

    // Change the surviving parcel to Maria Delgado's.
    const change = changeForm(page, "find-surviving");
    page = await resident.follow(
      site.base,
      await resident.post(site.base, change, change.buttons),
      change.action,
    );
    expect(page.url).toBe(`${COMBINE}/find-surviving`);
    page = await answer(resident, page, COMBINE, [["root_query", "200 E Market St"]]);
    expect(page.url).toBe(`${COMBINE}/confirm-surviving`);
    page = await answer(resident, page, COMBINE, [["root_parcelNumber", "1000001"]]);

    // Not check answers: the parcels checked against the old owners, with what was typed kept.
    expect(page.status).toBe(200);
    expect(page.url).toBe(`${COMBINE}/parcels-to-combine`);
    expect(fieldValue(page, "root_0_query")).toBe("5901 Timber Ridge Ct");
    expect(fieldValue(page, "root_1_query")).toBe("3000643");
    // Check answers (or a screen after it) cannot be opened meanwhile.
    for (const screen of ["check-answers", "contact"]) {
      const direct = await resident.get(site.base, `${COMBINE}/${screen}`);
      expect(direct.url, screen).toBe(`${COMBINE}/parcels-to-combine`);
    }

    // Sent again as it stands, the owner check is made again and refuses both parcels.
    page = await answer(resident, page, COMBINE, THEIR_PARCELS);
    expect(page.url).toBe(`${COMBINE}/parcels-to-combine`);
    const refused = mainText(page);
    expect(refused).toContain("There is a problem");
    expect(refused).toContain(
      "Parcel 3000423 (5901 Timber Ridge Ct, Cedarport, IN 46226) is owned by Aisha Kaur. Only parcels with the same owners as parcel 1000001 (Maria Delgado) can be combined.",
    );
    expect(refused).toContain(
      "Parcel 3000643 (4035 E 46th St, Cedarport, IN 46235) is owned by Aisha Kaur. Only parcels with the same owners as parcel 1000001 (Maria Delgado) can be combined.",
    );
    expect(fieldValue(page, "root_0_query")).toBe("5901 Timber Ridge Ct");
    expect((await resident.get(site.base, `${COMBINE}/check-answers`)).url).toBe(
      `${COMBINE}/parcels-to-combine`,
    );

    // Back to her own parcel: the parcels pass, and check answers has every later answer kept.
    page = await resident.get(site.base, `${COMBINE}/find-surviving`);
    page = await answerAll(resident, page, COMBINE, [
      ["find-surviving", [["root_query", "6705 Hawthorn Trl"]]],
      ["confirm-surviving", [["root_parcelNumber", "3000368"]]],
    ]);
    expect(page.url).toBe(`${COMBINE}/parcels-to-combine`);
    page = await answer(resident, page, COMBINE, THEIR_PARCELS);
    expect(page.url).toBe(`${COMBINE}/check-answers`);
    const summary = mainText(page);
    for (const kept of [
      "(parcel 3000368), owned by Aisha Kaur",
      "5901 Timber Ridge Ct, Cedarport, IN 46226",
      "4035 E 46th St, Cedarport, IN 46235",
      "2016-0048213",
      "The two lots beside the house are our yard and garden.",
      "aisha.kaur@example.com",
    ])
      expect(summary).toContain(kept);
  });

  /** The href of the property page's link to `service` (the first such link). */
  function linkTo(page: Page, service: string): string {
    const href = doc(page).querySelector(`a[href^="/workflow/${service}?"]`)?.getAttribute("href");
    if (!href) throw new Error(`no link to ${service} on ${page.url}`);
    return href;
  }

  it("follows a parcel page's link to a deduction application, up to the parcel search filled in", async () => {
    const resident = new HttpResident();
    const property = await resident.get(site.base, "/property/1000002");
    const href = linkTo(property, "mortgage-deduction-application");
    expect(href).toBe("/workflow/mortgage-deduction-application?parcel=1000002");
    const service = "/workflow/mortgage-deduction-application";
    let page = await resident.get(site.base, href);
    expect(page.status).toBe(200);
    // The first screen asks who is applying; the parcel waits for its own screen.
    expect(page.url).toBe(`${service}/role`);
    expect(fieldValue(page, "root_query")).toBeUndefined();
    const bought = usDate(new Date(Date.now() - 365 * 86_400_000));
    page = await answerAll(resident, page, service, [
      ["role", [["root_role", "owner"]]],
      [
        "eligibility",
        [
          ["root_hasMortgage", "true"],
          ["root_purchaseOrAppraisalDate", bought],
        ],
      ],
    ]);
    expect(page.url).toBe(`${service}/find-property`);
    expect(fieldValue(page, "root_query")).toBe("1000002");
    // The resident still sends it: the search runs then and finds the Okafors' house.
    page = await answer(resident, page, service, [["root_query", fieldValue(page, "root_query") ?? ""]]);
    expect(page.url).toBe(`${service}/confirm-property`);
    expect(mainText(page)).toContain("1418 N Cedar Ave");
  });

  it("carries a link's parcel on to the first screen's post only when the parcel search takes it", async () => {
    const service = "/workflow/mortgage-deduction-application";
    const resident = new HttpResident();
    const taken = await resident.get(site.base, `${service}?parcel=1000002`);
    expect(postForm(taken, service).action).toBe(`${service}/role?parcel=1000002`);
    // Longer than the search field takes (200 characters): filled in nowhere, so repeated nowhere,
    // neither in the address the service opens at nor in the first screen's form.
    const long = "9".repeat(201);
    const refused = await new HttpResident().get(site.base, `${service}?parcel=${long}`);
    expect(refused.url).toBe(`${service}/role`);
    expect(postForm(refused, service).action).toBe(`${service}/role`);
    const direct = await new HttpResident().get(site.base, `${service}/role?parcel=${long}&lang=es`);
    expect(postForm(direct, service).action).toBe(`${service}/role?lang=es`);
  });

  it("follows a parcel page's link to the appeal, in Spanish, up to the parcel search filled in", async () => {
    const resident = new HttpResident();
    const property = await resident.get(site.base, "/property/1000001?lang=es");
    const href = linkTo(property, "property-appeal");
    expect(href).toBe("/workflow/property-appeal?parcel=1000001&lang=es");
    const service = "/workflow/property-appeal";
    let page = await resident.get(site.base, href);
    expect(page.url).toBe(`${service}/role`);
    expect(page.html).toContain('<html lang="es"');
    page = await answer(resident, page, service, [["root_role", "owner"]]);
    expect(page.url).toBe(`${service}/find-property`);
    expect(page.html).toContain('<html lang="es"');
    expect(fieldValue(page, "root_query")).toBe("1000001");
    page = await answer(resident, page, service, [["root_query", fieldValue(page, "root_query") ?? ""]]);
    expect(page.url).toBe(`${service}/confirm-property`);
    expect(mainText(page)).toContain("200 E Market St");
  });
});

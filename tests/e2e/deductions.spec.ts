import { type Browser, expect, type Page, test } from "@playwright/test";
import { expectAccessible as checkAxe } from "./axe";
import { onOneCityDay } from "./city-day";
import { fill } from "./fill";

/**
 * The property tax deductions (workflows/*-deduction-application.json) applied for as a resident
 * would, and the status tool finding what was just sent. Every screen and error state is checked
 * with axe. The demo parcels (src/integrations/property-records/embedded/demo-parcels.ts) are in
 * the database the server seeds at start.
 */

type Lang = "en" | "es";
type Role = "owner" | "representative" | "surviving-spouse";
type Check = (page: Page, label: string) => Promise<void>;

/** A day in Cedarport as mm/dd/yyyy, `years` from today. */
function cedarportDay(years = 0): string {
  const now = new Date(new Date().toLocaleString("en-US", { timeZone: "America/Indiana/Indianapolis" }));
  now.setFullYear(now.getFullYear() + years);
  return `${String(now.getMonth() + 1).padStart(2, "0")}/${String(now.getDate()).padStart(2, "0")}/${now.getFullYear()}`;
}

async function next(page: Page) {
  await page.locator('button[name="_intent"][value="continue"]').click();
}

async function choose(page: Page, ...ids: string[]) {
  for (const id of ids) await page.locator(`#${id}`).check();
}

/**
 * The journey reached `screen`. Each screen as first shown is audited with axe by
 * workflow-screens.spec.ts (every service, both languages, phone and desktop); this spec audits
 * what that one cannot reach: screens showing errors, and the status tool's results.
 */
async function onScreen(page: Page, screen: string) {
  await expect(page).toHaveURL(new RegExp(`/${screen}(\\?|$)`));
}

interface Service {
  name: string;
  parcel: { query: string; number: string };
  roles: Role[];
  /** The service's own questions between the role (and representative) screens and the property. */
  eligibility: (page: Page, role: Role) => Promise<void>;
  /** Questions between the property and the applicant. */
  afterProperty?: (page: Page) => Promise<void>;
  applicantHasBirthDate: boolean;
}

const yes = (field: string) => `root_${field}-0`;
const no = (field: string) => `root_${field}-1`;

const SERVICES: Record<string, Service> = {
  homestead: {
    name: "homestead-deduction-application",
    parcel: { query: "200 E Market St", number: "1000001" },
    roles: ["owner", "representative"],
    applicantHasBirthDate: true,
    async eligibility(page) {
      await onScreen(page, "eligibility");
      await choose(page, yes("principalResidence"), no("otherHomestead"));
      await next(page);
    },
  },
  mortgage: {
    name: "mortgage-deduction-application",
    parcel: { query: "200 E Market St", number: "1000001" },
    roles: ["owner", "representative"],
    applicantHasBirthDate: true,
    async eligibility(page) {
      await onScreen(page, "eligibility");
      await choose(page, yes("hasMortgage"));
      await fill(page, { root_purchaseOrAppraisalDate: cedarportDay(-1) });
      await next(page);
    },
    async afterProperty(page) {
      await onScreen(page, "mortgage");
      await fill(page, { root_originalAmount: "185,000.00", root_originalLender: "Cedarport Savings Bank" });
      await next(page);
    },
  },
  over65: {
    name: "over-65-deduction-application",
    parcel: { query: "3517 E Michigan St", number: "4000001" },
    roles: ["owner", "representative", "surviving-spouse"],
    applicantHasBirthDate: false,
    async eligibility(page, role) {
      await onScreen(page, "age");
      await fill(page, { root_dateOfBirth: "04/15/1950" });
      await next(page);
      if (role === "surviving-spouse") {
        await onScreen(page, "late-spouse");
        await fill(page, { root_lateSpouseName: "Harold Whitfield", root_dateOfDeath: "08/30/2024" });
        await choose(page, yes("spouseWas65"), no("remarried"));
        await next(page);
      }
      await onScreen(page, "income");
      await choose(page, yes("incomeAtMost17000"));
      await next(page);
      await onScreen(page, "ownership");
      await fill(page, { root_ownedSince: "06/01/1998" });
      await next(page);
    },
  },
  blindOrDisabled: {
    name: "blind-or-disabled-deduction-application",
    parcel: { query: "6000001", number: "6000001" },
    roles: ["owner", "representative"],
    applicantHasBirthDate: true,
    async eligibility(page) {
      await onScreen(page, "condition");
      await choose(page, "root_condition-1");
      await next(page);
      await onScreen(page, "evidence");
      await choose(page, "root_evidence-1", "root_evidenceBy-1");
      await next(page);
      await onScreen(page, "income");
      await choose(page, yes("incomeAtMost17000"));
      await next(page);
    },
  },
  disabledVeteran: {
    name: "disabled-veteran-deduction-application",
    parcel: { query: "49-02-21-000-001.000-201", number: "2000001" },
    roles: ["owner", "representative", "surviving-spouse"],
    applicantHasBirthDate: true,
    async eligibility(page, role) {
      await onScreen(page, "service");
      await choose(page, yes("served90Days"), yes("honorableDischarge"));
      await next(page);
      await onScreen(page, "disability");
      await fill(page, { root_veteranDateOfBirth: "11/02/1958", root_disabilityRating: "30" });
      await choose(page, "root_evidenceBy-1");
      await next(page);
      if (role === "surviving-spouse") {
        await onScreen(page, "late-spouse");
        await fill(page, { root_lateSpouseName: "Marcus Bell", root_dateOfDeath: "01/15/2026" });
        await choose(page, no("remarried"));
        await next(page);
      }
    },
  },
};

interface Sent {
  reference: string;
  parcelNumber: string;
}

/** One application from the role question to the confirmation; returns what the confirmation shows. */
async function apply(
  page: Page,
  service: Service,
  opts: { lang?: Lang; role?: Role; axe?: boolean; errors?: boolean } = {},
): Promise<Sent> {
  const { lang = "en", role = "owner", axe = true, errors = false } = opts;
  // axe runs inside the page, so it needs JavaScript; the no-JavaScript runs see the same markup.
  const check: Check = axe ? (p, label) => checkAxe(p, `${service.name}: ${label}`) : async () => undefined;
  await page.goto(`/workflow/${service.name}${lang === "es" ? "?lang=es" : ""}`);
  await onScreen(page, "role");
  const roleIndex = ["owner", "representative", "surviving-spouse"].indexOf(role);
  await choose(page, `root_role-${roleIndex}`);
  await next(page);

  if (role === "representative") {
    await onScreen(page, "representative");
    await choose(page, "root_authority-0");
    await fill(page, {
      root_name: "Alex Rivera",
      root_phone: "(317) 555-0190",
      root_email: "alex.rivera@example.com",
    });
    if (errors) {
      // Without the promise to send the documents within 48 hours, the page says what is missing.
      await next(page);
      await expect(page.locator(".usa-alert--error").first()).toBeVisible();
      await check(page, "representative with errors");
    }
    await choose(page, "root_documentsAgree");
    await next(page);
  }

  await service.eligibility(page, role);

  await onScreen(page, "find-property");
  if (errors) {
    await fill(page, { root_query: "99999 Nowhere Rd" });
    await next(page);
    await expect(
      page
        .getByText(
          lang === "es" ? "No se encontraron direcciones que coincidan" : "No matching addresses found",
        )
        .first(),
    ).toBeVisible();
    await check(page, "find-property with no match");
    await fill(page, { root_query: "12-345" });
    await next(page);
    await expect(page.getByText(/valid parcel number|número de parcela válido/).first()).toBeVisible();
  }
  await fill(page, { root_query: service.parcel.query });
  await next(page);

  await onScreen(page, "confirm-property");
  await expect(
    page.getByText(`(${lang === "es" ? "parcela" : "parcel"} ${service.parcel.number})`),
  ).toBeVisible();
  await choose(page, "root_parcelNumber-0");
  await next(page);

  await onScreen(page, "property-details");
  await choose(page, no("isMobileHome"), no("jointTenants"));
  await next(page);

  await service.afterProperty?.(page);

  await onScreen(page, "applicant");
  const applicant: Record<string, string> = {
    root_firstName: "Maria",
    root_lastName: "Delgado",
    root_address1: "200 E Market St",
    root_city: "Cedarport",
    root_zip: "46204",
    root_phone: "(317) 555-0142",
    root_email: "maria.delgado@example.com",
    root_idLastFive: "12345",
  };
  if (service.applicantHasBirthDate) applicant.root_dateOfBirth = "04/15/1950";
  if (errors && service.applicantHasBirthDate) {
    // A date of birth in the future and an ID that is not five digits: the catalogue's messages.
    await fill(page, { ...applicant, root_dateOfBirth: cedarportDay(1), root_idLastFive: "1234" });
    await choose(page, no("married"));
    await next(page);
    await expect(
      page.getByText(lang === "es" ? /últimos cinco dígitos/ : "Please enter the last five digits.").first(),
    ).toBeVisible();
    await check(page, "applicant with errors");
  }
  await fill(page, applicant);
  await page.locator("#root_state").fill("IN");
  await choose(page, yes("married"));
  await next(page);

  await onScreen(page, "spouse");
  await fill(page, { root_spouseName: "Sam Delgado", root_spouseIdLastFive: "67890" });
  await next(page);

  await onScreen(page, "declaration");
  await choose(page, "root_agree");
  await fill(page, { root_signedBy: role === "representative" ? "Alex Rivera" : "Maria Delgado" });
  await next(page);

  await onScreen(page, "check-answers");
  await expect(
    page.getByText(`(${lang === "es" ? "parcela" : "parcel"} ${service.parcel.number})`),
  ).toBeVisible();
  await page.locator('button[name="_intent"][value="submit"]').click();

  await onScreen(page, "confirmation");
  const reference = (await page.locator(".cp-workflow__reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^[ACEFHJKMNPRTWXY2-9]{8}$/);
  await expect(page.getByText(/REQ-\d{8}-[A-Z0-9]{6}/)).toBeVisible();
  await expect(page.locator(".cp-workflow__panel")).toContainText(service.parcel.number);
  // The confirmation leads on to the status tool, and offers a new application.
  await expect(
    page.getByRole("link", {
      name: lang === "es" ? "Consulte el estado de su solicitud" : "Check the status of your application",
    }),
  ).toHaveAttribute("href", `/workflow/mortgage-deduction-search${lang === "es" ? "?lang=es" : ""}`);
  await expect(
    page.getByRole("button", {
      name: lang === "es" ? "Comenzar una nueva solicitud" : "Start a new application",
    }),
  ).toBeVisible();
  await expect(
    page
      .getByText(lang === "es" ? "tarda hasta 48 horas en aparecer" : "takes up to 48 hours to show")
      .first(),
  ).toBeVisible();
  return { reference, parcelNumber: service.parcel.number };
}

async function withoutJavaScript<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/** The status tool's table rows as text, one string per row. */
async function statusRows(page: Page, query: string, lang: Lang = "en"): Promise<string[]> {
  const suffix = lang === "es" ? "?lang=es" : "";
  // Opening the tool again starts a new search, never the old results; a tool is not an
  // application: no step counter, no "Save and come back later".
  await page.goto(`/workflow/mortgage-deduction-search${suffix}`);
  await expect(page).toHaveURL(/\/search(\?|$)/);
  await expect(page.locator(".cp-workflow__progress")).toHaveCount(0);
  await expect(page.locator('button[name="_intent"][value="save"]')).toHaveCount(0);
  await page.locator("#root_query").fill(query);
  await next(page);
  await expect(page).toHaveURL(/\/results(\?|$)/);
  return page.locator("tbody tr").allInnerTexts();
}

test.describe("property tax deductions", () => {
  test.setTimeout(120_000);

  test("homestead: an owner applies, and the status tool finds the application by reference and parcel", async ({
    page,
  }) => {
    // The server dates the application when it is sent, compared below with the city's today as
    // the test reads it after.
    await onOneCityDay();
    const sent = await apply(page, SERVICES.homestead as Service, { errors: true });
    const today = cedarportDay();

    const byReference = await statusRows(page, sent.reference.toLowerCase());
    expect(byReference).toHaveLength(1);
    expect(byReference[0]).toMatch(/Homestead\s+Received\s+M\. D\.\s+/);
    expect(byReference[0]).toContain(today);
    await expect(page.locator("th[scope=col]")).toHaveText([
      "Deduction",
      "Status",
      "Applicant",
      "Date Applied",
    ]);
    // Names are never shown in full.
    await expect(page.getByText("Maria Delgado")).toHaveCount(0);
    await checkAxe(page, "status results");

    const byParcel = await statusRows(page, "100-0001");
    expect(byParcel.some((row) => row.includes("Received") && row.includes(today))).toBe(true);

    // A search that finds nothing says so clearly.
    expect(await statusRows(page, "99999 Nowhere Rd")).toEqual([]);
    await expect(page.getByText(/can't find any deduction application/)).toBeVisible();
    await checkAxe(page, "status empty");
    // A new search from the results page.
    await page.getByRole("button", { name: "Start a new search" }).click();
    await expect(page).toHaveURL(/\/search(\?|$)/);
    await expect(page.locator("#root_query")).toBeVisible();
  });

  test("mortgage: an authorized representative applies, with the errors shown on the way", async ({
    page,
  }) => {
    await apply(page, SERVICES.mortgage as Service, { role: "representative", errors: true });
    await expect(page.getByText(/Send the representative's documents within 48 hours/)).toBeVisible();
  });

  test("over-65: a surviving spouse applies", async ({ page }) => {
    const sent = await apply(page, SERVICES.over65 as Service, { role: "surviving-spouse" });
    const rows = await statusRows(page, sent.reference);
    expect(rows[0]).toMatch(/Over 65\s+Received\s+M\. D\./);
  });

  test("blind or disabled: an owner applies and is told to send the evidence within 48 hours", async ({
    page,
  }) => {
    await apply(page, SERVICES.blindOrDisabled as Service, { errors: true });
    await expect(page.getByText("Send the disability evidence within 48 hours")).toBeVisible();
  });

  test("disabled veteran: an owner applies, finding the parcel by its state number", async ({ page }) => {
    const sent = await apply(page, SERVICES.disabledVeteran as Service);
    const rows = await statusRows(page, sent.parcelNumber);
    expect(rows.some((row) => /Disabled veteran\s+Received/.test(row))).toBe(true);
    // The demo application on this parcel, approved last year, is listed too.
    expect(rows.some((row) => /Disabled veteran\s+Approved\s+M\. B\./.test(row))).toBe(true);
  });

  test("in Spanish: a homestead application and its status", async ({ page }) => {
    const sent = await apply(page, SERVICES.homestead as Service, { lang: "es", errors: true });
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const rows = await statusRows(page, sent.reference, "es");
    expect(rows[0]).toMatch(/Vivienda principal \(homestead\)\s+Recibida\s+M\. D\./);
    await expect(page.locator("th[scope=col]")).toHaveText([
      "Deducción",
      "Estado",
      "Solicitante",
      "Fecha de solicitud",
    ]);
    await checkAxe(page, "status results in Spanish");
  });

  test("in Spanish: a disabled veteran's surviving spouse applies", async ({ page }) => {
    await apply(page, SERVICES.disabledVeteran as Service, { lang: "es", role: "surviving-spouse" });
  });

  test("without JavaScript: an over-65 application through a representative, then its status", async ({
    browser,
  }) => {
    await withoutJavaScript(browser, async (page) => {
      const sent = await apply(page, SERVICES.over65 as Service, {
        role: "representative",
        axe: false,
        errors: true,
      });
      const rows = await statusRows(page, sent.reference);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatch(/Over 65\s+Received\s+M\. D\./);
    });
  });

  test("ineligible residents reach an exit page that says why and what to do instead", async ({ page }) => {
    const exits: Array<{
      service: string;
      answer: (page: Page) => Promise<void>;
      exit: string;
      text: RegExp;
    }> = [
      {
        service: "homestead-deduction-application",
        answer: async (p) => choose(p, no("principalResidence"), no("otherHomestead")),
        exit: "not-eligible-residence",
        text: /principal residence/,
      },
      {
        service: "mortgage-deduction-application",
        answer: async (p) => {
          await choose(p, yes("hasMortgage"));
          await fill(p, { root_purchaseOrAppraisalDate: cedarportDay(-4) });
        },
        exit: "not-eligible-purchase-date",
        text: /last 3 years/,
      },
      {
        service: "over-65-deduction-application",
        answer: async (p) => fill(p, { root_dateOfBirth: "04/15/1990" }),
        exit: "not-eligible-age",
        text: /65 or older on December 31 of last year/,
      },
      {
        service: "blind-or-disabled-deduction-application",
        answer: async (p) => choose(p, "root_condition-2"),
        exit: "not-eligible-condition",
        text: /legally blind/,
      },
      {
        service: "disabled-veteran-deduction-application",
        answer: async (p) => choose(p, no("served90Days"), yes("honorableDischarge")),
        exit: "not-eligible-service",
        text: /at least 90 days/,
      },
    ];
    for (const { service, answer, exit, text } of exits) {
      await page.goto(`/workflow/${service}`);
      await choose(page, "root_role-0");
      await next(page);
      await answer(page);
      await next(page);
      await expect(page).toHaveURL(new RegExp(`/${exit}(\\?|$)`));
      await expect(page.getByText(text).first()).toBeVisible();
      await expect(page.getByText("What you can do instead")).toBeVisible();
      await checkAxe(page, `${service}: ${exit}`);
      // Back still works from an exit page.
      await page.locator(".cp-back-link").click();
      await expect(page).not.toHaveURL(new RegExp(`/${exit}(\\?|$)`));
    }
  });

  test("an exit page links to the service to use instead, and the link keeps Spanish", async ({
    page,
    browser,
  }) => {
    const toExit = async (p: Page) => {
      await p.goto("/workflow/blind-or-disabled-deduction-application?lang=es");
      await choose(p, "root_role-0");
      await next(p);
      await choose(p, "root_condition-2");
      await next(p);
      await expect(p).toHaveURL(/\/not-eligible-condition\?lang=es$/);
      const link = p.getByRole("link", { name: "solicite la deducción por vivienda principal" });
      await expect(link).toHaveAttribute("href", "/workflow/homestead-deduction-application?lang=es");
      return link;
    };
    // The browser shows this screen itself; the server's page has the same link.
    const link = await toExit(page);
    await checkAxe(page, "an exit page with links, in Spanish");
    await link.click();
    await expect(page).toHaveURL(/\/workflow\/homestead-deduction-application\/role\?lang=es$/);
    await expect(page.locator("h1")).toHaveText("¿Quién presenta la solicitud?");
    await withoutJavaScript(browser, toExit);
  });

  test("the status tool rejects a malformed parcel number and reference clearly", async ({ page }) => {
    await page.goto("/workflow/mortgage-deduction-search");
    await page.locator("#root_query").fill("12-34");
    await next(page);
    await expect(page.getByText(/Please enter a valid parcel number/).first()).toBeVisible();
    await checkAxe(page, "status search with errors");
    await page.locator("#root_query").fill("ABCD1234");
    await next(page);
    await expect(page.getByText(/Please enter a valid reference number/).first()).toBeVisible();
  });
});

import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WorkflowServices } from "../app/services";
import { type Database, openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { EMAIL, type EmailMessage, emailHandler } from "../integrations/email";
import { createPropertyRecords, DEMO_PARCELS, seedPropertyRecords } from "../integrations/property-records";
import { countSubmissions } from "../integrations/submissions/submissions";
import { createOutbox, type Outbox } from "../outbox";
import { IntegrationRefusal, type Integrations } from "../workflow/integrations";
import { answerAndCall, type Journey, startJourney, submitJourney, visitScreen } from "../workflow/journey";
import type { Workflow } from "../workflow/types";
import { backOfficeIntegrations, propertyRecordsCall } from "./back-office";
import { createWorkflowServices } from "./workflows";

const WORKFLOWS = fileURLToPath(new URL("../../workflows", import.meta.url));
const context = (locale: "en" | "es" = "en") => ({ workflow: "test", screen: "test", locale });
// 10:00 in Cedarport.
const now = new Date("2026-11-22T15:00:00.000Z");

let db: Database;
let calls: Record<string, Integrations["call"]>;

beforeAll(async () => {
  db = await openDatabase({ file: ":memory:" });
  await migrate(db);
  calls = await backOfficeIntegrations(db, { now: () => now });
}, 60_000);
afterAll(() => db.close());

const call = (name: string, operation: string, params: Record<string, unknown>, locale: "en" | "es" = "en") =>
  (calls[name] as Integrations["call"])(name, operation, params, {}, context(locale));

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IntegrationRefusal);
  return (error as IntegrationRefusal).errors;
}

describe("property-records.find", () => {
  const { firstTimeHomeowner: delgado } = DEMO_PARCELS;

  it("finds a parcel by address, in the resident's spelling", async () => {
    const result = (await call("property-records", "find", { query: "200 east market street" })) as {
      parcels: Array<{ parcelNumber: string; address: string }>;
    };
    expect(result.parcels[0]).toMatchObject({
      parcelNumber: delgado.parcelNumber,
      address: "200 E Market St, Cedarport, IN 46204",
      assessedValue: delgado.assessedValueCents,
    });
  });

  it("finds a parcel by its number in any common format", async () => {
    for (const query of [
      "1000001",
      "100-0001",
      " 1 000 001 ",
      "49-01-12-000-001.000-101",
      "490112000001000101",
    ]) {
      const result = (await call("property-records", "find", { query })) as { parcels: unknown[] };
      expect(result.parcels, query).toEqual([expect.objectContaining({ parcelNumber: "1000001" })]);
    }
  });

  it("gives each parcel found with its owners' mailing address on record, on one line", async () => {
    const found = (await call("property-records", "find-each", {
      items: [{ query: "1000003" }, { query: "1418 N Cedar Ave" }],
    })) as { parcels: { parcelNumber: string; mailingAddress: string }[] };
    expect(found.parcels.map((p) => [p.parcelNumber, p.mailingAddress])).toEqual([
      ["1000003", "PO Box 6120, Cedarport, IN 46206"],
      ["1000002", "1418 N Cedar Ave, Cedarport, IN 46202"],
    ]);
  });

  it("rejects a malformed parcel number with a clear message, on the query field", async () => {
    expect(await refusal(call("property-records", "find", { query: "12345" }))).toEqual([
      {
        path: "/query",
        message: expect.stringContaining("Please enter a valid parcel number"),
        keyword: "format",
      },
    ]);
    const [spanish] = await refusal(call("property-records", "find", { query: "0123456" }, "es"));
    expect(spanish?.message).toMatch(/^Por favor, ingrese un número de parcela válido/);
  });

  it('says "No matching addresses found" when nothing matches, in English and Spanish', async () => {
    expect(await refusal(call("property-records", "find", { query: "99999 Nowhere Rd" }))).toEqual([
      { path: "/query", message: "No matching addresses found", keyword: "lookup" },
    ]);
    const [spanish] = await refusal(call("property-records", "find", { query: "99999 Nowhere Rd" }, "es"));
    expect(spanish?.message).toBe("No se encontraron direcciones que coincidan");
  });

  it("finds an owner's parcels by name only when the workflow asks for owners too", async () => {
    const owned = await call("property-records", "find", { query: "okafor", owners: true });
    expect(owned).toMatchObject({
      parcels: expect.arrayContaining([expect.objectContaining({ parcelNumber: "1000002" })]),
    });
    // A deduction's search is for addresses: a name is not one.
    expect(await refusal(call("property-records", "find", { query: "okafor" }))).toMatchObject([
      { path: "/query", message: "No matching addresses found" },
    ]);
    // A name that owns nothing is tried as a street, and the message speaks of both.
    const street = await call("property-records", "find", { query: "Fox Run Ct", owners: true });
    expect(street).toMatchObject({
      parcels: expect.arrayContaining([expect.objectContaining({ parcelNumber: "2000001" })]),
    });
    const [none] = await refusal(
      call("property-records", "find", { query: "Zzyzx Nobody", owners: true }, "es"),
    );
    expect(none?.message).toContain("nombre de propietario");
  });

  it("says which parcel number it could not find", async () => {
    const [error] = await refusal(call("property-records", "find", { query: "9999999" }));
    expect(error?.message).toContain("9999999");
  });
});

describe("property-records.find with cityLimits", () => {
  const within = (params: Record<string, unknown>, locale: "en" | "es" = "en") =>
    call("property-records", "find", { ...params, cityLimits: true }, locale);

  it("finds the city's parcels as find does", async () => {
    expect(await within({ query: "1418 N Cedar Ave" })).toEqual(
      await call("property-records", "find", { query: "1418 N Cedar Ave" }),
    );
    expect(await within({ query: "1000002" })).toMatchObject({ parcels: [{ parcelNumber: "1000002" }] });
  });

  it("says the address is not within the city limits when nothing matches, in English and Spanish", async () => {
    expect(await refusal(within({ query: "99999 Nowhere Rd" }))).toEqual([
      {
        path: "/query",
        message:
          "No matching address found within the city limits. Check the house number and the street name.",
        keyword: "cityLimits",
      },
    ]);
    const [spanish] = await refusal(within({ query: "99999 Nowhere Rd" }, "es"));
    expect(spanish?.message).toMatch(
      /^No se encontró ninguna dirección que coincida dentro de los límites de la ciudad/,
    );
    // A malformed parcel number is still about the number.
    const [format] = await refusal(within({ query: "12345" }));
    expect(format?.keyword).toBe("format");
  });

  it("leaves out the county's parcels outside the city limits, and refuses when none is left", async () => {
    const db2 = await openDatabase({ file: ":memory:" });
    await migrate(db2);
    await seedPropertyRecords(db2, { count: 1500 });
    const records = createPropertyRecords({ kind: "embedded", db: db2 });
    // As if the county's records held 1418 N Cedar Ave in a town of its own ("Beech Grove").
    const outside = new Set(["1000002"]);
    const find = propertyRecordsCall({
      ...records,
      withinCityLimits: async (parcel) => !outside.has(parcel.parcelNumber),
    });
    const run = (params: Record<string, unknown>) => find("property-records", "find", params, {}, context());
    try {
      // Without cityLimits, the county's parcel is found as before.
      expect(await run({ query: "1418 N Cedar Ave" })).toMatchObject({
        parcels: [{ parcelNumber: "1000002" }],
      });
      for (const query of ["1418 N Cedar Ave", "1000002", "100-0002"]) {
        expect(await refusal(run({ query, cityLimits: true })), query).toMatchObject([
          { path: "/query", keyword: "cityLimits" },
        ]);
      }
      // A street keeps its other, in-city, parcels.
      const county = (await run({ query: "N Cedar Ave" })) as { parcels: { parcelNumber: string }[] };
      expect(county.parcels.map((p) => p.parcelNumber)).toContain("1000002");
      const cedar = (await run({ query: "N Cedar Ave", cityLimits: true })) as {
        parcels: { parcelNumber: string }[];
      };
      expect(cedar.parcels.length).toBeGreaterThan(0);
      expect(cedar.parcels.map((p) => p.parcelNumber)).not.toContain("1000002");
    } finally {
      db2.close();
    }
  });

  it("knows the demo parcels as the city's: their address is in Cedarport", async () => {
    const records = createPropertyRecords({ kind: "embedded", db });
    const [parcel] = await records.searchByAddress("1418 N Cedar Ave");
    expect(parcel && (await records.withinCityLimits(parcel))).toBe(true);
    if (parcel)
      expect(
        await records.withinCityLimits({ ...parcel, address: { ...parcel.address, city: "Beech Grove" } }),
      ).toBe(false);
  });
});

describe("property-records.find-each", () => {
  const items = (...queries: string[]) => queries.map((query) => ({ query }));

  it("finds one parcel per item, in order, by number or address", async () => {
    const result = (await call("property-records", "find-each", {
      items: items("1418 N Cedar Ave", "100-0001"),
    })) as { parcels: { parcelNumber: string; owners: string }[]; count: number; parcelNumbers: string };
    expect(result.parcels.map((p) => p.parcelNumber)).toEqual(["1000002", "1000001"]);
    expect(result.parcels[0]?.owners).toBe("James Okafor; Grace Okafor");
    expect(result.count).toBe(2);
    expect(result.parcelNumbers).toBe("1000002, 1000001");
  });

  it("refuses every item it cannot use at once, each on its own field", async () => {
    const errors = await refusal(
      call("property-records", "find-each", {
        items: items("200 E Market St", "12345", "99999 Nowhere Rd", "1000001", "9999999"),
      }),
    );
    expect(errors.map((e) => [e.path, e.keyword])).toEqual([
      ["/1/query", "format"],
      ["/2/query", "lookup"],
      ["/3/query", "unique"],
      ["/4/query", "lookup"],
    ]);
    expect(errors[2]?.message).toBe("You have already entered parcel 1000001 above. Enter each parcel once.");
  });

  it("asks for a precise address when one matches several parcels", async () => {
    const [error] = await refusal(
      call("property-records", "find-each", { items: items("Fox Run Ct") }, "es"),
    );
    expect(error).toMatchObject({ path: "/0/query", keyword: "lookup" });
    expect(error?.message).toContain("Más de una propiedad coincide con “Fox Run Ct”");
  });

  it("with ownersOf, takes only other parcels of the same owners, and names the one that differs", async () => {
    const same = (await call("property-records", "find-each", {
      items: items("3000423", "3000643"),
      ownersOf: "3000368",
    })) as { count: number };
    expect(same.count).toBe(2);
    const errors = await refusal(
      call("property-records", "find-each", {
        items: items("3000423", "3000368", "200 E Market St"),
        ownersOf: "3000368",
      }),
    );
    expect(errors.map((e) => [e.path, e.keyword])).toEqual([
      ["/1/query", "unique"],
      ["/2/query", "owners"],
    ]);
    expect(errors[1]?.message).toBe(
      "Parcel 1000001 (200 E Market St, Cedarport, IN 46204) is owned by Maria Delgado. Only parcels with the same owners as parcel 3000368 (Aisha Kaur) can be combined.",
    );
  });
});

describe("property-records.school-district", () => {
  const { firstTimeHomeowner: delgado, disabledVeteran: bell } = DEMO_PARCELS;
  type Matches = {
    query: string;
    more: boolean;
    matches: Array<{
      address: string;
      parcelNumber: string;
      district: string;
      districtPhone: string;
      districtWebsite: string;
      districtAddress: string;
      taxingDistrict: string;
      township: string;
    }>;
  };
  const find = async (query: string) =>
    (await call("property-records", "school-district", { query })) as Matches;

  it("gives one address its district, contact details and taxing district", async () => {
    expect(await find("5412 fox run court")).toEqual({
      query: "5412 fox run court",
      more: false,
      matches: [
        {
          address: "5412 Fox Run Ct, Cedarport, IN 46220",
          parcelNumber: bell.parcelNumber,
          district: "Metropolitan School District of Harbor Township",
          districtPhone: "(555) 010-5110",
          districtWebsite: "www.msdharbor.example",
          districtAddress: "4210 N College Ave, Cedarport, IN 46205",
          taxingDistrict: "201",
          township: "Harbor Township",
        },
      ],
    });
  });

  it("finds a parcel by its number in any common format", async () => {
    for (const query of ["1000001", "100-0001", "49-01-12-000-001.000-101"]) {
      const { matches } = await find(query);
      expect(matches, query).toEqual([
        expect.objectContaining({
          parcelNumber: delgado.parcelNumber,
          district: "Cedarport Public Schools",
          taxingDistrict: "101",
          township: "Center Township",
        }),
      ]);
    }
  });

  it("offers up to 10 addresses of a street, each with its own district, and says when there are more", async () => {
    const { matches, more } = await find("Market St");
    expect(matches).toHaveLength(10);
    expect(more).toBe(true);
    expect(new Set(matches.map((m) => m.parcelNumber)).size).toBe(10);
    for (const match of matches) {
      expect(match.address).toMatch(/ Market St, Cedarport, IN \d{5}$/);
      expect(match.districtPhone).toMatch(/^\(555\) 010-\d{4}$/);
      expect(match.taxingDistrict).toMatch(/^\d{3}$/);
    }
  });

  it("has contact details for every district the parcels are in", async () => {
    const { SCHOOL_DISTRICTS } = await import(
      "../integrations/property-records/embedded/cedarport-geography"
    );
    const { SCHOOL_DISTRICT_CONTACTS } = await import("../integrations/property-records");
    expect(Object.keys(SCHOOL_DISTRICT_CONTACTS).sort()).toEqual([...SCHOOL_DISTRICTS].sort());
    const phones = Object.values(SCHOOL_DISTRICT_CONTACTS).map((c) => c.phone);
    expect(new Set(phones).size).toBe(phones.length);
  });

  it('says "No matching addresses found" on the query field when nothing matches, in both languages', async () => {
    expect(await refusal(call("property-records", "school-district", { query: "99999 Nowhere Rd" }))).toEqual(
      [{ path: "/query", message: "No matching addresses found", keyword: "lookup" }],
    );
    const [spanish] = await refusal(call("property-records", "school-district", { query: "zzz" }, "es"));
    expect(spanish).toMatchObject({ path: "/query", keyword: "lookup" });
    expect(spanish?.message).not.toBe("No matching addresses found");
  });

  it("refuses a malformed or unknown parcel number as find does", async () => {
    expect(await refusal(call("property-records", "school-district", { query: "12345" }))).toEqual([
      {
        path: "/query",
        message: expect.stringContaining("Please enter a valid parcel number"),
        keyword: "format",
      },
    ]);
    const [unknown] = await refusal(call("property-records", "school-district", { query: "9999999" }));
    expect(unknown).toMatchObject({ path: "/query", keyword: "lookup" });
    expect(unknown?.message).toContain("9999999");
  });
});

describe("deduction-applications", () => {
  it("searches by parcel, address and reference, masking applicants' names", async () => {
    const byParcel = (await call("deduction-applications", "search", { query: "1000002" })) as {
      applications: Array<Record<string, string>>;
    };
    expect(byParcel.applications).toEqual([
      { deduction: "mortgage", status: "In review", applicant: "G. O.", dateApplied: "2026-10-27" },
      { deduction: "homestead", status: "Approved", applicant: "J. O.", dateApplied: "2026-03-02" },
    ]);
    const byAddress = (await call("deduction-applications", "search", {
      query: "1418 North Cedar Avenue",
    })) as {
      applications: unknown[];
    };
    expect(byAddress.applications).toHaveLength(2);
    const byReference = (await call("deduction-applications", "search", { query: "hmtr-4kca" })) as {
      applications: unknown[];
    };
    expect(byReference.applications).toEqual([expect.objectContaining({ applicant: "J. O." })]);
  });

  it("finds nothing without refusing: the status page shows its empty state", async () => {
    expect(await call("deduction-applications", "search", { query: "99999 Nowhere Rd" })).toEqual({
      query: "99999 Nowhere Rd",
      applications: [],
    });
    expect(await call("deduction-applications", "search", { query: "7777777" })).toMatchObject({
      applications: [],
    });
  });

  it("rejects malformed parcel numbers and references", async () => {
    expect((await refusal(call("deduction-applications", "search", { query: "12-34" })))[0]?.keyword).toBe(
      "format",
    );
    const [reference] = await refusal(call("deduction-applications", "search", { query: "ABCD1234" }));
    expect(reference?.message).toContain("reference number");
  });

  it("creates an application with status Received, once per reference", async () => {
    const params = {
      reference: "WXYK7C3M",
      requestId: "REQ-20261122-AAAAAA",
      deduction: "homestead",
      parcelNumber: "1000001",
      firstName: "Maria",
      lastName: "Delgado",
    };
    expect(await call("deduction-applications", "create", params)).toEqual({
      reference: "WXYK7C3M",
      status: "Received",
    });
    await call("deduction-applications", "create", { ...params, firstName: "Someone" });
    const found = (await call("deduction-applications", "search", { query: "WXYK7C3M" })) as {
      applications: unknown[];
    };
    expect(found.applications).toEqual([
      { deduction: "homestead", status: "Received", applicant: "M. D.", dateApplied: "2026-11-22" },
    ]);
  });
});

describe("a homestead application through the server's services", () => {
  let services: WorkflowServices;
  const sent: EmailMessage[] = [];
  let outbox: Outbox;

  beforeAll(async () => {
    outbox = createOutbox({
      db,
      handlers: { [EMAIL]: emailHandler({ send: async (message) => void sent.push(message) }) },
    });
    services = await createWorkflowServices({
      dir: WORKFLOWS,
      db,
      secrets: ["test-secret"],
      outbox,
      integrations: calls,
      dataKey: "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=",
      now: () => now,
    });
  });

  async function answer(workflow: Workflow, journey: Journey, screen: string, data: unknown, id: string) {
    const result = await answerAndCall(workflow, journey, screen, data, {
      validate: services.validate,
      now,
      locale: "en",
      integrations: services.integrationsFor(id, "en"),
    });
    if (!result.ok) throw new Error(`${screen}: ${JSON.stringify(result.errors)}`);
    return result.journey;
  }

  it("finds the parcel, offers it as a choice, sends once and opens one case", async () => {
    const workflow = services.get("homestead-deduction-application") as Workflow;
    const open = await services.start(workflow.name, startJourney(workflow), "en");
    let journey = open.journey;
    journey = await answer(workflow, journey, "role", { role: "owner" }, open.id);
    journey = await answer(
      workflow,
      journey,
      "eligibility",
      { principalResidence: true, otherHomestead: false },
      open.id,
    );
    journey = await answer(workflow, journey, "find-property", { query: "200 E Market St" }, open.id);
    expect(journey.screen).toBe("confirm-property");

    const forged = await answerAndCall(
      workflow,
      journey,
      "confirm-property",
      { parcelNumber: "1000002" },
      {
        validate: services.validate,
        now,
        locale: "en",
        integrations: services.integrationsFor(open.id, "en"),
      },
    );
    expect(forged.ok).toBe(false);
    if (!forged.ok) expect(forged.errors).toEqual([expect.objectContaining({ path: "/parcelNumber" })]);

    journey = await answer(workflow, journey, "confirm-property", { parcelNumber: "1000001" }, open.id);
    journey = await answer(
      workflow,
      journey,
      "property-details",
      { isMobileHome: false, jointTenants: false },
      open.id,
    );
    journey = await answer(
      workflow,
      journey,
      "applicant",
      {
        firstName: "Maria",
        lastName: "Delgado",
        dateOfBirth: "04/15/1980",
        address1: "200 E Market St",
        city: "Cedarport",
        state: "IN",
        zip: "46204",
        phone: "(317) 555-0142",
        email: "maria.delgado@example.com",
        idLastFive: "12345",
        married: false,
      },
      open.id,
    );
    journey = await answer(
      workflow,
      journey,
      "declaration",
      { agree: true, signedBy: "Maria Delgado" },
      open.id,
    );
    expect(journey.screen).toBe("check-answers");

    const before = await countSubmissions(db, workflow.name);
    const options = {
      validate: services.validate,
      now,
      locale: "en" as const,
      integrations: services.integrationsFor(open.id, "en"),
    };
    const first = await submitJourney(workflow, journey, options);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.journey.screen).toBe("confirmation");
    expect(first.result).toMatchObject({
      parcelNumber: "1000001",
      requestId: expect.stringMatching(/^REQ-/),
    });

    // The response was lost: the resident sends the same journey again. Nothing is stored twice,
    // and the reference stays the first one.
    const again = await submitJourney(
      workflow,
      visitScreen(workflow, journey, "check-answers").journey,
      options,
    );
    expect(again.ok && again.reference).toBe(first.reference);
    expect(await countSubmissions(db, workflow.name)).toBe(before + 1);
    const found = (await call("deduction-applications", "search", { query: first.reference })) as {
      applications: unknown[];
    };
    expect(found.applications).toEqual([
      { deduction: "homestead", status: "Received", applicant: "M. D.", dateApplied: "2026-11-22" },
    ]);
    await outbox.drain();
    // One receipt to the resident and one copy to the Auditor's inbox (delivery.email), however
    // many times it was sent.
    const about = sent.filter((m) => m.subject.includes(first.reference));
    expect(about.map((m) => m.to).sort()).toEqual(["auditor@cedarport.gov", "maria.delgado@example.com"]);
    expect(about.find((m) => m.to === "auditor@cedarport.gov")?.attachments?.[0]?.filename).toBe(
      `${first.reference}.json`,
    );
  });
});

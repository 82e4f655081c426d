import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Application,
  createDeductionApplications,
  DEMO_APPLICATIONS,
  type DeductionApplications,
  deductionStatusSync,
  maskApplicantName,
  type NewApplication,
  SUBMISSION_STATUS,
  seedDeductionApplications,
  UnknownApplicationError,
} from "../../src/integrations/deduction-applications";
import { DEMO_PARCELS } from "../../src/integrations/property-records";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";

const references = (apps: Application[]) => apps.map((a) => a.reference);
const { firstTimeHomeowner: delgado, withHomestead: okafor, over65 } = DEMO_PARCELS;

const newApplication = (reference: string, overrides: Partial<NewApplication> = {}): NewApplication => ({
  reference,
  requestId: `req-${reference}`,
  deduction: "homestead",
  parcelNumber: delgado.parcelNumber,
  address: { ...delgado.address },
  applicantName: "Maria Delgado",
  ...overrides,
});

describe.each(DATABASES)("deduction applications on %s", (kind) => {
  let t: TestDatabase;
  let applications: DeductionApplications;
  // 10:00 in Cedarport (UTC-5 in November).
  let now = new Date("2026-11-22T15:00:00.000Z");

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    applications = createDeductionApplications({ kind: "embedded", db: t.db, now: () => now });
  });
  afterAll(() => t.drop());

  const rowsFor = async (reference: string) =>
    Number(
      (
        await t.db.all<{ n: number | string }>(
          "SELECT COUNT(*) AS n FROM deduction_applications WHERE reference = ?",
          [reference],
        )
      )[0]?.n,
    );

  describe("demo applications", () => {
    it("are seeded once", async () => {
      expect(await seedDeductionApplications(t.db)).toBe(DEMO_APPLICATIONS.length);
      expect(await seedDeductionApplications(t.db)).toBe(0);
      const total = await t.db.all<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM deduction_applications",
      );
      expect(Number(total[0]?.n)).toBe(DEMO_APPLICATIONS.length);
    });

    it("keep their documented status and history", async () => {
      for (const { application, history } of DEMO_APPLICATIONS) {
        const stored = await applications.findByReference(application.reference);
        expect(stored).toEqual({
          ...application,
          status: history[history.length - 1]?.status,
          statusHistory: history,
        });
      }
      expect((await applications.findByReference("AXF69KEW"))?.statusHistory?.at(-1)).toEqual({
        status: "Needs information",
        note: "Send a copy of a document that shows your date of birth.",
        changedAt: "2026-11-06T19:45:00.000Z",
      });
    });
  });

  describe("create", () => {
    it("stores a new application as Received, dated today in Cedarport", async () => {
      const created = await applications.create(newApplication("CPFN3KTA"));
      expect(created).toEqual({
        ...newApplication("CPFN3KTA"),
        status: "Received",
        dateApplied: "2026-11-22",
        statusHistory: [{ status: "Received", changedAt: "2026-11-22T15:00:00.000Z" }],
      });
      expect(await applications.findByReference("CPFN3KTA")).toEqual(created);
    });

    it("uses the city's calendar day, not UTC's", async () => {
      now = new Date("2026-11-23T03:30:00.000Z"); // 22:30 on the 22nd in Cedarport
      expect((await applications.create(newApplication("CPFN4KTA"))).dateApplied).toBe("2026-11-22");
      now = new Date("2026-11-22T15:00:00.000Z");
    });

    it("is idempotent on the reference: the first application stays, stored once", async () => {
      const first = await applications.create(newApplication("CPFN6KTA"));
      const second = await applications.create(
        newApplication("cpfn-6kta", { applicantName: "Someone Else" }),
      );
      expect(second).toEqual(first);
      expect(await rowsFor("CPFN6KTA")).toBe(1);
      expect(first.statusHistory).toHaveLength(1);
    });

    it("stores one row when the same application is sent twice at once", async () => {
      const [a, b] = await Promise.all([
        applications.create(newApplication("CPFN7KTA")),
        applications.create(newApplication("CPFN7KTA")),
      ]);
      expect(a).toEqual(b);
      expect(await rowsFor("CPFN7KTA")).toBe(1);
    });

    it("stores the canonical parcel number and reference, and an explicit date", async () => {
      const created = await applications.create(
        newApplication("cpfn 9kta", { parcelNumber: "49-01-12-000-001.000-101", dateApplied: "2026-11-01" }),
      );
      expect(created).toMatchObject({
        reference: "CPFN9KTA",
        parcelNumber: "1000001",
        dateApplied: "2026-11-01",
      });
    });

    it("refuses an application it could not show back", async () => {
      await expect(applications.create(newApplication("CPFNAKTA", { parcelNumber: "12" }))).rejects.toThrow(
        /parcelNumber/,
      );
      await expect(
        applications.create(
          newApplication("CPFNAKTA", { deduction: "castle" as NewApplication["deduction"] }),
        ),
      ).rejects.toThrow(/deduction/);
      await expect(applications.create(newApplication("CPFNAKTA", { applicantName: "  " }))).rejects.toThrow(
        /applicantName/,
      );
      await expect(
        applications.create(newApplication("CPFNAKTA", { dateApplied: "11/01/2026" })),
      ).rejects.toThrow(/dateApplied/);
      await expect(
        applications.create(newApplication("CPFNAKTA", { dateApplied: "2026-02-30" })),
      ).rejects.toThrow(/dateApplied/);
      await expect(applications.create(newApplication(""))).rejects.toThrow(/reference/);
      expect(await applications.findByReference("CPFNAKTA")).toBeNull();
    });
  });

  describe("findByReference", () => {
    it("ignores case, spaces and dashes", async () => {
      expect((await applications.findByReference(" hmtr-4kca "))?.reference).toBe("HMTR4KCA");
    });

    it("returns null for an unknown or malformed reference", async () => {
      expect(await applications.findByReference("XXXXXXXX")).toBeNull();
      expect(await applications.findByReference("")).toBeNull();
      expect(await applications.findByReference("' OR 1=1 --")).toBeNull();
    });
  });

  describe("findByParcel", () => {
    it("lists a parcel's applications, newest first, without their history", async () => {
      const found = await applications.findByParcel(okafor.parcelNumber);
      expect(references(found)).toEqual(["MRTC7NPX", "HMTR4KCA"]);
      expect(found[0]).toMatchObject({
        deduction: "mortgage",
        status: "In review",
        dateApplied: "2026-10-27",
      });
      expect(found[0]?.statusHistory).toBeUndefined();
    });

    it("accepts any parcel number format", async () => {
      expect(references(await applications.findByParcel("100-0002"))).toEqual(["MRTC7NPX", "HMTR4KCA"]);
      expect(references(await applications.findByParcel(okafor.stateParcelNumber))).toEqual([
        "MRTC7NPX",
        "HMTR4KCA",
      ]);
    });

    it("returns [] for a parcel with none, or a malformed number", async () => {
      expect(await applications.findByParcel("9999999")).toEqual([]);
      expect(await applications.findByParcel("not a parcel")).toEqual([]);
    });
  });

  describe("findByAddress", () => {
    it("matches addresses as the property search does", async () => {
      for (const query of [
        "1418 N Cedar Ave",
        "1418 north cedar avenue",
        "1418 Cedar",
        "1418 N Cedar Ave, Cedarport, IN 46202",
      ]) {
        expect(references(await applications.findByAddress(query))).toEqual(["MRTC7NPX", "HMTR4KCA"]);
      }
      expect(references(await applications.findByAddress("3517 East Michigan Street"))).toEqual(["AXF69KEW"]);
      expect(references(await applications.findByAddress("6100 W Washington St Lot 14"))).toEqual([
        "JWNY3PHA",
      ]);
    });

    it("returns [] when nothing matches", async () => {
      expect(await applications.findByAddress("12345 Nowhere Blvd")).toEqual([]);
      expect(await applications.findByAddress("")).toEqual([]);
    });
  });

  describe("setStatus", () => {
    it("moves an application on and keeps its history, with notes", async () => {
      await applications.create(
        newApplication("MTHK4EAX", { parcelNumber: over65.parcelNumber, address: over65.address }),
      );
      now = new Date("2026-11-23T14:00:00.000Z");
      await applications.setStatus("MTHK4EAX", "In review");
      now = new Date("2026-11-24T14:00:00.000Z");
      await applications.setStatus("mthk-4eax", "Needs information", "  Send your title.  ");
      now = new Date("2026-11-25T14:00:00.000Z");
      await applications.setStatus("MTHK4EAX", "Approved");
      now = new Date("2026-11-22T15:00:00.000Z");
      const stored = await applications.findByReference("MTHK4EAX");
      expect(stored?.status).toBe("Approved");
      expect(stored?.statusHistory).toEqual([
        { status: "Received", changedAt: "2026-11-22T15:00:00.000Z" },
        { status: "In review", changedAt: "2026-11-23T14:00:00.000Z" },
        { status: "Needs information", note: "Send your title.", changedAt: "2026-11-24T14:00:00.000Z" },
        { status: "Approved", changedAt: "2026-11-25T14:00:00.000Z" },
      ]);
      expect(references(await applications.findByParcel(over65.parcelNumber))).toContain("MTHK4EAX");
    });

    it("records nothing when nothing changes, but records a note", async () => {
      await applications.create(newApplication("MTHK6EAX"));
      await applications.setStatus("MTHK6EAX", "Received");
      expect((await applications.findByReference("MTHK6EAX"))?.statusHistory).toHaveLength(1);
      await applications.setStatus("MTHK6EAX", "Received", "Your documents arrived.");
      expect((await applications.findByReference("MTHK6EAX"))?.statusHistory?.at(-1)).toMatchObject({
        status: "Received",
        note: "Your documents arrived.",
      });
    });

    it("numbers concurrent changes one after another", async () => {
      await applications.create(newApplication("MTHK7EAX"));
      const statuses = ["In review", "Needs information", "In review", "Approved", "Denied"] as const;
      await Promise.all(
        statuses.map((status, i) => applications.setStatus("MTHK7EAX", status, `change ${i}`)),
      );
      const history = (await applications.findByReference("MTHK7EAX"))?.statusHistory ?? [];
      expect(history).toHaveLength(statuses.length + 1);
      expect(new Set(history.map((h) => h.note)).size).toBe(statuses.length + 1);
    });

    it("refuses an unknown reference or status", async () => {
      await expect(applications.setStatus("XXXXXXXX", "Approved")).rejects.toBeInstanceOf(
        UnknownApplicationError,
      );
      await expect(applications.setStatus("", "Approved")).rejects.toBeInstanceOf(UnknownApplicationError);
      await expect(
        applications.setStatus("MTHK6EAX", "Lost" as Parameters<DeductionApplications["setStatus"]>[1]),
      ).rejects.toThrow(/status/);
    });
  });

  it("gives the status table masked applicant names", async () => {
    const rows = (await applications.findByParcel(okafor.parcelNumber)).map((a) => ({
      deduction: a.deduction,
      status: a.status,
      applicant: maskApplicantName(a.applicantName),
      dateApplied: a.dateApplied,
    }));
    expect(rows).toEqual([
      { deduction: "mortgage", status: "In review", applicant: "G. O.", dateApplied: "2026-10-27" },
      { deduction: "homestead", status: "Approved", applicant: "J. O.", dateApplied: "2026-03-02" },
    ]);
  });
  describe("following the staff console's status changes", () => {
    const sync = () => deductionStatusSync(applications);
    const item = (reference: string, status: string, note: string | null = null) => ({
      id: `item-${reference}-${status}`,
      kind: SUBMISSION_STATUS,
      payload: { reference, workflow: "homestead-deduction-application", status, note },
      attempt: 1,
      createdAt: now.toISOString(),
    });

    it("moves the case record to the console's status, with the note", async () => {
      await applications.create(newApplication("CPFN9KTA"));
      await sync()(item("CPFN9KTA", "in-review"));
      await sync()(item("CPFN9KTA", "approved", "On your next bill."));
      const found = await applications.findByReference("CPFN9KTA");
      expect(found?.status).toBe("Approved");
      expect(found?.statusHistory?.map((h) => [h.status, h.note])).toEqual([
        ["Received", undefined],
        ["In review", undefined],
        ["Approved", "On your next bill."],
      ]);
    });

    it("leaves other services' submissions and statuses it has no name for alone", async () => {
      await sync()(item("HXR47KPT", "approved"));
      await applications.create(newApplication("CPFNAKTA"));
      await sync()(item("CPFNAKTA", "closed"));
      expect((await applications.findByReference("CPFNAKTA"))?.status).toBe("Received");
    });
  });
});

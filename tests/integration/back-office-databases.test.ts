import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveAccount } from "../../src/back-office/accounts";
import { type BackOffice, createBackOffice } from "../../src/back-office/back-office";
import { dashboard } from "../../src/back-office/metrics";
import type { StaffSession } from "../../src/back-office/sessions";
import { type Database, openDatabase, type Params } from "../../src/db/database";
import {
  createDeductionApplications,
  deductionStatusSync,
  SUBMISSION_STATUS,
} from "../../src/integrations/deduction-applications";
import { EMAIL } from "../../src/integrations/email";
import { DEMO_PARCELS } from "../../src/integrations/property-records";
import { storeSubmission } from "../../src/integrations/submissions/submissions";
import { createOutbox, type OutboxMessage } from "../../src/outbox";
import { createFieldCipher } from "../../src/server/field-crypto";
import { editedPets, node, petsWorkflow } from "../../src/workflow/fixtures";
import { parseWorkflow } from "../../src/workflow/parse";
import { hasPostgres, openTestDatabase, type TestDatabase } from "./databases";

/**
 * The back office's SQL on both databases: sign-in and sessions, the inbox's tabs and search, a
 * status change (and the resident's e-mail it enqueues), the resident's lookup, the dashboard.
 */
const PASSWORD = "twelve chars at least";
const pets = parseWorkflow(petsWorkflow(), "pets.json");
/** Pets as a deduction application: its check-answers screen also files the auditor's case. */
const petsDeduction = parseWorkflow(
  editedPets((file) => {
    file.name = "pets-deduction";
    if (file.data.config) file.data.config.title = { en: "Pet deduction", es: "Deducción por mascota" };
    const check = node(file, "check").data.config;
    if (check)
      check.followUp = [
        { integration: "deduction-applications", operation: "create", params: { deduction: "homestead" } },
      ];
  }),
  "pets-deduction.json",
);
const services = new Map([
  ["pets", pets],
  ["pets-deduction", petsDeduction],
]);

/** The database, with every statement that reads submissions noted (a read per row shows). */
function counting(db: Database): { db: Database; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    db: {
      ...db,
      all<T>(sql: string, params?: Params) {
        if (/FROM submissions\b/.test(sql)) reads.push(sql);
        return db.all<T>(sql, params);
      },
    },
  };
}

describe.each([
  ["sqlite", true],
  ["postgres", hasPostgres],
] as const)("the back office on %s", (kind, available) => {
  let test: TestDatabase;
  let office: BackOffice;
  const sent: OutboxMessage[] = [];
  let clock = new Date("2026-11-26T15:00:00Z");
  const cipher = createFieldCipher(randomBytes(32).toString("base64"));

  const submission = (reference: string, email: string, at: Date, workflow = "pets") => ({
    reference,
    journeyId: `journey-${reference}`,
    workflow,
    requestId: `REQ-${reference}`,
    answers: { start: { hasPet: true }, details: { name: `Rex ${reference}`, age: 3, email } },
    result: { reference },
    locale: "es",
    createdAt: at.toISOString(),
  });
  const submit = (reference: string, email: string, at: Date, workflow = "pets") =>
    test.db.transaction((tx) => storeSubmission(tx, submission(reference, email, at, workflow), cipher));

  /** A back office over `db`, as each web process has its own. */
  const backOffice = (
    db: Database,
    outbox: Parameters<typeof createBackOffice>[0]["outbox"] = {
      enqueue: async (_tx, message) => {
        sent.push(message);
        return "id";
      },
      wake: () => undefined,
    },
  ) =>
    createBackOffice({
      db,
      sealer: cipher,
      secrets: ["s".repeat(32)],
      secureCookies: false,
      workflows: { get: (name) => services.get(name), names: () => [...services.keys()] },
      outbox,
      uploads: { read: async () => undefined },
      origin: "https://www.cedarport.gov",
      phone: async () => "311",
      now: () => clock,
      // Written when a test says so (or at close), never by the timer in the middle of a test.
      metricsEveryMs: 3_600_000,
    });

  async function signedIn(on: BackOffice = office): Promise<StaffSession> {
    const signed = await on.signIn({ email: "clerk@cedarport.gov", password: PASSWORD });
    const session = await on.session(signed.cookie?.split(";")[0] ?? "");
    if (!session) throw new Error("no session");
    return session;
  }

  beforeEach(async (context) => {
    if (!available) context.skip();
    test = await openTestDatabase(kind);
    sent.length = 0;
    clock = new Date("2026-11-26T15:00:00Z");
    office = backOffice(test.db);
    await saveAccount(
      test.db,
      { email: "clerk@cedarport.gov", password: PASSWORD, role: "staff", services: [...services.keys()] },
      clock,
    );
  });
  afterEach(async () => {
    await office?.close();
    await test?.drop();
  });

  it("signs in, lists, searches, changes a status and shows it to the resident", async () => {
    await submit("AAAA2222", "ana@example.com", new Date("2026-11-20T15:00:00Z"));
    await submit("CCCC3333", "luis@example.com", new Date("2026-11-25T15:00:00Z"));

    const signed = await office.signIn({ email: "Clerk@cedarport.gov", password: PASSWORD });
    expect(signed.ok).toBe(true);
    const token = /staff_session=([^;]+)/.exec(signed.cookie ?? "")?.[1];
    const session = await office.session(`staff_session=${token}`);
    if (!session) throw new Error("no session");

    expect((await office.services(session, "en")).find((s) => s.name === "pets")).toMatchObject({
      name: "pets",
      counts: { new: 2, "in-progress": 0, done: 0 },
    });
    const inbox = await office.inbox(session, "pets", { bucket: "new", page: 1 }, "en");
    expect(inbox.rows.map((r) => r.reference)).toEqual(["CCCC3333", "AAAA2222"]);
    expect(
      (await office.inbox(session, "pets", { bucket: "all", q: "rex aaaa2222", page: 1 }, "en")).total,
    ).toBe(1);
    expect(
      (await office.inbox(session, "pets", { bucket: "all", q: "cccc-3333", page: 1 }, "en")).rows[0]
        ?.reference,
    ).toBe("CCCC3333");
    // The city's days: the 25th only.
    const days = await office.inbox(
      session,
      "pets",
      { bucket: "all", from: "2026-11-25", to: "2026-11-25", page: 1 },
      "en",
    );
    expect(days.rows.map((r) => r.reference)).toEqual(["CCCC3333"]);

    clock = new Date("2026-11-26T16:00:00Z");
    await office.changeStatus(session, "AAAA2222", { status: "in-review", note: "", shown: "received" });
    await office.changeStatus(session, "AAAA2222", {
      status: "approved",
      note: "Todo en orden.",
      shown: "in-review",
    });
    await expect(
      office.changeStatus(session, "AAAA2222", { status: "denied", note: "", shown: "in-review" }),
    ).rejects.toThrow("changed meanwhile");
    await office.assign(session, "AAAA2222", "clerk@cedarport.gov");
    await office.addNote(session, "AAAA2222", "internal only");
    expect((await office.inbox(session, "pets", { bucket: "done", page: 1 }, "es")).rows).toMatchObject([
      { reference: "AAAA2222", statusLabel: "Aprobada", assignee: "clerk@cedarport.gov" },
    ]);
    const emails = sent.filter((m) => m.kind === "email");
    expect(emails).toHaveLength(2);
    // Pets keep no case record elsewhere: nothing to tell another system.
    expect(sent.filter((m) => m.kind === SUBMISSION_STATUS)).toEqual([]);
    expect(emails[1]?.payload).toMatchObject({
      to: "ana@example.com",
      subject: "Actualización de su solicitud: Mascotas (AAAA2222)",
    });

    expect(await office.residentStatus("AAAA2222", "someone@example.com", "es")).toBeUndefined();
    const seen = await office.residentStatus("aaaa 2222", "ANA@example.com", "es");
    expect(seen).toMatchObject({ status: "Aprobada", final: true, service: "Mascotas" });
    expect(seen?.history.map((h) => [h.status, h.note])).toEqual([
      ["Recibida", null],
      ["En revisión", null],
      ["Aprobada", "Todo en orden."],
    ]);

    const view = await office.view(session, "AAAA2222", "en");
    expect(view?.events.map((e) => e.kind)).toEqual(["status", "status", "assign", "note"]);
    expect(view?.answers.map((a) => a.value)).toContain("Rex AAAA2222");
    const csv = await office.exportCsv(session, "pets", { bucket: "all", page: 1 }, "en");
    expect(csv.split("\r\n")).toHaveLength(4);
    const audit = await office.auditLog({ ...session, account: { ...session.account, role: "admin" } }, 1);
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(["sign-in", "search", "status", "assign", "note", "view", "export"]),
    );
  });

  it("counts the dashboard's figures", async () => {
    const context = { workflow: "pets", locale: "en", js: false };
    await office.track("start", context);
    await office.track("start", context);
    await office.track("error", context, { screen: "details", field: "/name" });
    await office.completed("no-such-journey", context);
    const signed = await office.signIn({ email: "clerk@cedarport.gov", password: PASSWORD });
    const session = await office.session(signed.cookie?.split(";")[0] ?? "");
    if (!session) throw new Error("no session");
    const found = await office.performance(session, "pets", 7, "en");
    expect(found).toMatchObject({ starts: 2, completions: 1, completionRate: 0.5 });
    expect(found.errors).toEqual([{ screen: "details", field: "/name", label: "Name", count: 1 }]);
    expect(found.screens.map((s) => s.name)).toEqual(["start", "details", "senior"]);
  });

  it("searches and exports hundreds of submissions in a few reads, and opens one in one read", async () => {
    const many = 450;
    // Valid references (REFERENCE_ALPHABET): "MAAAA" then the number's digits in that alphabet.
    const ref = (i: number) =>
      `MAAAA${[529, 23, 1].map((d) => "ACEFHJKMNPRTWXY23456789"[Math.floor(i / d) % 23]).join("")}`;
    const references = Array.from({ length: many }, (_, i) => ref(i));
    // Three moments only: rows received at the same moment straddle the pages read.
    const at = (i: number) => new Date(Date.UTC(2026, 10, 20 + (i % 3), 15));
    await test.db.transaction(async (tx) => {
      for (const [i, reference] of references.entries())
        await storeSubmission(tx, submission(reference, `owner${i}@example.com`, at(i)), cipher);
    });
    const watched = counting(test.db);
    const office = backOffice(watched.db);
    const session = await signedIn(office);

    watched.reads.length = 0;
    const found = await office.inbox(
      session,
      "pets",
      { bucket: "all", q: `rex ${ref(321).toLowerCase()}`, page: 1 },
      "en",
    );
    expect(found.rows.map((r) => r.reference)).toEqual([ref(321)]);
    expect(
      (await office.inbox(session, "pets", { bucket: "all", q: "owner17@example.com", page: 1 }, "en")).total,
    ).toBe(1);
    // Per search: the submissions a page of 200 at a time, then the inbox's page and count.
    expect(watched.reads.length).toBeLessThanOrEqual(10);

    watched.reads.length = 0;
    const csv = await office.exportCsv(session, "pets", { bucket: "all", page: 1 }, "en");
    expect(watched.reads.length).toBeLessThanOrEqual(3);
    const exported = csv
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.split(",")[0]?.replace(/"/g, ""));
    // Every one once, newest first, in the inbox's order.
    expect(exported).toHaveLength(many);
    expect(new Set(exported).size).toBe(many);
    const inbox = await office.inbox(session, "pets", { bucket: "all", page: 1 }, "en");
    expect(exported.slice(0, 25)).toEqual(inbox.rows.map((r) => r.reference));
    // Only the tab asked for: the export follows the inbox's filter.
    await office.changeStatus(session, ref(5), { status: "approved", note: "" });
    const done = await office.exportCsv(session, "pets", { bucket: "done", page: 1 }, "en");
    expect(done.split("\r\n").slice(1, -1)).toHaveLength(1);

    watched.reads.length = 0;
    expect(await office.residentStatus(ref(7), "owner7@example.com", "en")).toMatchObject({
      reference: ref(7),
    });
    expect(watched.reads).toHaveLength(1);
    await office.close();
  });

  it("tells the auditor's case record of a deduction application's status, and no one of another service's", async () => {
    const applications = createDeductionApplications({ kind: "embedded", db: test.db, now: () => clock });
    const parcel = DEMO_PARCELS.firstTimeHomeowner;
    await applications.create({
      reference: "DDDD4444",
      requestId: "REQ-DDDD4444",
      deduction: "homestead",
      parcelNumber: parcel.parcelNumber,
      address: { ...parcel.address },
      applicantName: "Ana Ruiz",
    });
    await submit("DDDD4444", "ana@example.com", clock, "pets-deduction");
    await submit("EEEE5555", "luis@example.com", clock);
    const mailed: unknown[] = [];
    const outbox = createOutbox({
      db: test.db,
      handlers: {
        [SUBMISSION_STATUS]: deductionStatusSync(applications),
        [EMAIL]: async (item) => {
          mailed.push(item.payload);
        },
      },
    });
    const office = backOffice(test.db, outbox);
    const session = await signedIn(office);

    await office.changeStatus(session, "EEEE5555", { status: "in-review", note: "" });
    await office.changeStatus(session, "DDDD4444", {
      status: "approved",
      note: "Applied to your next bill.",
    });
    const kinds = await test.db.all<{ kind: string }>("SELECT kind FROM outbox ORDER BY created_at");
    expect(kinds.filter((k) => k.kind === SUBMISSION_STATUS)).toHaveLength(1);
    await outbox.drain();
    await outbox.stop();
    const record = await applications.findByReference("DDDD4444");
    expect(record?.status).toBe("Approved");
    expect(record?.statusHistory?.at(-1)?.note).toBe("Applied to your next bill.");
    expect(mailed).toHaveLength(2);
    await office.close();
  });

  it("counts in memory, and writes the counts when told, every few seconds and when it closes", async () => {
    const en = { workflow: "pets", locale: "en", js: true };
    const starts = async () => (await dashboard(test.db, "pets", 7, clock)).starts;
    office.track("start", en);
    office.track("start", en);
    office.track("answer", en, { screen: "details" });
    // Two field names that are one once cut to the column's 200 characters: one counter.
    office.track("error", en, { screen: "details", field: `/${"x".repeat(250)}a` });
    office.track("error", en, { screen: "details", field: `/${"x".repeat(250)}b` });
    expect(await starts()).toBe(0);
    await office.flushMetrics();
    const found = await dashboard(test.db, "pets", 7, clock);
    expect(found).toMatchObject({ starts: 2 });
    expect(found.answered.get("details")).toBe(1);
    expect(found.errors).toEqual([{ screen: "details", field: `/${"x".repeat(199)}`, count: 2 }]);

    office.track("start", en);
    await office.close();
    expect(await starts()).toBe(3);

    const timed = createBackOffice({
      db: test.db,
      sealer: cipher,
      secrets: ["s".repeat(32)],
      secureCookies: false,
      workflows: { get: (name) => services.get(name), names: () => [...services.keys()] },
      outbox: { enqueue: async () => "id", wake: () => undefined },
      uploads: { read: async () => undefined },
      origin: "https://www.cedarport.gov",
      phone: async () => "311",
      now: () => clock,
      metricsEveryMs: 50,
    });
    timed.track("start", en);
    await expect.poll(starts, { timeout: 5_000 }).toBe(4);
    await timed.close();
  });

  it.runIf(kind === "postgres")("adds up the counts of two web processes sharing the database", async () => {
    if (!test.url) throw new Error("no database address");
    const second = await openDatabase({ url: test.url, file: "" });
    try {
      const [a, b] = [backOffice(test.db), backOffice(second)];
      const es = { workflow: "pets", locale: "es", js: false };
      for (let i = 0; i < 3; i++) a.track("start", es);
      for (let i = 0; i < 2; i++) b.track("start", es);
      a.track("error", es, { screen: "details", field: "/name" });
      b.track("error", es, { screen: "details", field: "/name" });
      // Both write the same counters at once, then again: each adds its own.
      await Promise.all([a.flushMetrics(), b.flushMetrics()]);
      a.track("start", es);
      b.track("start", es);
      await Promise.all([a.close(), b.close()]);
      const found = await dashboard(test.db, "pets", 7, clock);
      expect(found.starts).toBe(7);
      expect(found.errors).toEqual([{ screen: "details", field: "/name", count: 2 }]);
    } finally {
      await second.close();
    }
  });
});

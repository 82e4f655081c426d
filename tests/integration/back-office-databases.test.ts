import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { saveAccount } from "../../src/back-office/accounts";
import { type BackOffice, createBackOffice } from "../../src/back-office/back-office";
import { storeSubmission } from "../../src/integrations/submissions/submissions";
import type { OutboxMessage } from "../../src/outbox";
import { createFieldCipher } from "../../src/server/field-crypto";
import { petsWorkflow } from "../../src/workflow/fixtures";
import { parseWorkflow } from "../../src/workflow/parse";
import { hasPostgres, openTestDatabase, type TestDatabase } from "./databases";

/**
 * The back office's SQL on both databases: sign-in and sessions, the inbox's tabs and search, a
 * status change (and the resident's e-mail it enqueues), the resident's lookup, the dashboard.
 */
const PASSWORD = "twelve chars at least";
const pets = parseWorkflow(petsWorkflow(), "pets.json");

describe.each([
  ["sqlite", true],
  ["postgres", hasPostgres],
] as const)("the back office on %s", (kind, available) => {
  let test: TestDatabase;
  let office: BackOffice;
  const sent: OutboxMessage[] = [];
  let clock = new Date("2026-11-26T15:00:00Z");
  const cipher = createFieldCipher(randomBytes(32).toString("base64"));

  const submit = (reference: string, email: string, at: Date) =>
    test.db.transaction((tx) =>
      storeSubmission(
        tx,
        {
          reference,
          journeyId: `journey-${reference}`,
          workflow: "pets",
          requestId: `REQ-${reference}`,
          answers: { start: { hasPet: true }, details: { name: `Rex ${reference}`, age: 3, email } },
          result: { reference },
          locale: "es",
          createdAt: at.toISOString(),
        },
        cipher,
      ),
    );

  beforeEach(async (context) => {
    if (!available) context.skip();
    test = await openTestDatabase(kind);
    sent.length = 0;
    office = createBackOffice({
      db: test.db,
      sealer: cipher,
      secret: "s".repeat(32),
      secureCookies: false,
      workflows: { get: (name) => (name === "pets" ? pets : undefined), names: () => ["pets"] },
      outbox: {
        enqueue: async (_tx, message) => {
          sent.push(message);
          return "id";
        },
        wake: () => undefined,
      },
      origin: "https://www.cedarport.gov",
      phone: async () => "311",
      now: () => clock,
    });
    await saveAccount(
      test.db,
      { email: "clerk@cedarport.gov", password: PASSWORD, role: "staff", services: ["pets"] },
      clock,
    );
  });
  afterEach(async () => test?.drop());

  it("signs in, lists, searches, changes a status and shows it to the resident", async () => {
    await submit("AAAA2222", "ana@example.com", new Date("2026-11-20T15:00:00Z"));
    await submit("CCCC3333", "luis@example.com", new Date("2026-11-25T15:00:00Z"));

    const signed = await office.signIn({ email: "Clerk@cedarport.gov", password: PASSWORD });
    expect(signed.ok).toBe(true);
    const token = /staff_session=([^;]+)/.exec(signed.cookie ?? "")?.[1];
    const session = await office.session(`staff_session=${token}`);
    if (!session) throw new Error("no session");

    expect((await office.services(session, "en"))[0]).toMatchObject({
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
    expect(
      sent.filter((m) => m.kind === "submission-status").map((m) => (m.payload as { status: string }).status),
    ).toEqual(["in-review", "approved"]);
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
});

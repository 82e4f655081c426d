import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import {
  type DeliveredSubmission,
  verifyWebhookSignature,
  WEBHOOK,
  type WebhookItem,
  webhookHandler,
  webhookOrderKey,
} from "../../src/integrations/delivery";
import { EMAIL, type EmailMessage, emailHandler } from "../../src/integrations/email";
import { outboxSender } from "../../src/integrations/email/outbox";
import { createOutbox, listDead, listItems, type OutboxItem, replayDead } from "../../src/outbox";
import { createFieldCipher } from "../../src/server/field-crypto";
import { createWorkflowServices } from "../../src/server/workflows";
import { editedParcels, editedPets } from "../../src/workflow/fixtures";
import { newReference } from "../../src/workflow/reference";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";

/**
 * Delivery of submissions to departments (issue 16): a service's submissions reach its webhook
 * once each and in order, also after the receiver was down for a minute; an item that never gets
 * through ends dead and can be replayed; two workers on one database deliver each item once; the
 * department's e-mail goes out with the answers attached. Time is the outbox's clock, moved by
 * hand: a minute of downtime takes no minute.
 */
const quiet = () => undefined;
const SECRET = "whsec_delivery_test";
const cipher = createFieldCipher(Buffer.alloc(32, 9).toString("base64"));

function clock(start = Date.parse("2026-06-01T13:00:00.000Z")) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

interface Request {
  id: string;
  service: string;
  reference: string;
  status: number;
  signed: boolean;
}

/**
 * A department's system on this machine: records every request (its delivery id, its service and
 * reference, whether its signature verifies) and answers what `answer` says. Tracks how many
 * requests of one service are in progress at once.
 */
async function receiver(now: () => Date) {
  const requests: Request[] = [];
  let answer: (body: { reference: string }) => number = () => 200;
  let delayMs = 0;
  const inFlight = new Map<string, number>();
  let maxInFlight = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(text) as { id: string; service: string; reference: string };
      const busy = (inFlight.get(body.service) ?? 0) + 1;
      inFlight.set(body.service, busy);
      maxInFlight = Math.max(maxInFlight, busy);
      const status = answer(body);
      requests.push({
        id: String(req.headers["x-cedarport-delivery"]),
        service: body.service,
        reference: body.reference,
        status,
        signed:
          body.id === req.headers["x-cedarport-delivery"] &&
          verifyWebhookSignature(text, String(req.headers["x-cedarport-signature"]), SECRET, 300, now()),
      });
      setTimeout(() => {
        inFlight.set(body.service, (inFlight.get(body.service) ?? 1) - 1);
        res.statusCode = status;
        res.end();
      }, delayMs * Math.random());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/intake`,
    requests,
    accepted: () => requests.filter((r) => r.status >= 200 && r.status < 300),
    answer(next: typeof answer) {
      answer = next;
    },
    slow(ms: number) {
      delayMs = ms;
    },
    maxInFlight: () => maxInFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof receiver>>;

/** The pets fixture as a real service with both deliveries. */
function writeService(dir: string): void {
  const file = editedPets((f) => {
    f.data.config = {
      ...f.data.config!,
      delivery: {
        email: { to: "animal-care@cedarport.gov", language: "es" },
        webhook: { urlEnv: "PETS_WEBHOOK_URL", secretEnv: "PETS_WEBHOOK_SECRET" },
      },
    };
  });
  writeFileSync(join(dir, "pets.json"), JSON.stringify(file));
  // A lookup, then a choice among what it found: e-mailed to the department only.
  const parcels = editedParcels((f) => {
    f.data.config = { ...f.data.config!, delivery: { email: { to: "assessor@cedarport.gov" } } };
  });
  writeFileSync(join(dir, "parcels.json"), JSON.stringify(parcels));
}

describe.each(DATABASES)("delivery on %s", (kind) => {
  let test: TestDatabase;
  let db: Database;
  let dir: string;
  let target: Receiver;
  const time = clock();

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    db = test.db;
    dir = mkdtempSync(join(tmpdir(), "cedarport-delivery-"));
    mkdirSync(join(dir, "workflows"));
    writeService(join(dir, "workflows"));
    target = await receiver(time.now);
  });
  afterAll(async () => {
    await target.close();
    await test.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const settings = () => ({ PETS_WEBHOOK_URL: target.url, PETS_WEBHOOK_SECRET: SECRET });

  async function services(
    outbox: ReturnType<typeof createOutbox>,
    setting: (name: string) => string | undefined = (name) => settings()[name as never],
  ) {
    return createWorkflowServices({
      dir: join(dir, "workflows"),
      contentDir: "content",
      db,
      secrets: ["secret"],
      outbox,
      dataKey: randomBytes(32).toString("base64"),
      delivery: { setting },
      now: time.now,
    });
  }

  function outboxWith(opts: { maxAttempts?: number } = {}) {
    return createOutbox({
      db,
      handlers: {
        [EMAIL]: emailHandler(outboxSender(join(dir, "mail"))),
        [WEBHOOK]: webhookHandler({ setting: (name) => settings()[name as never], now: time.now }),
      },
      cipher,
      now: time.now,
      backoff: { baseMs: 2_000, capMs: 16_000 },
      maxAttempts: opts.maxAttempts ?? 30,
      log: quiet,
    });
  }

  /** A resident's journey on the check-answers screen, sent: returns its reference. */
  async function submit(svc: Awaited<ReturnType<typeof services>>, name: string, locale: "en" | "es" = "en") {
    const answers = { start: { hasPet: true }, details: { name, age: 3 } };
    const journey = { workflow: "pets", screen: "check", answers, results: {}, history: [], drafts: {} };
    const { id } = await svc.start("pets", journey, locale);
    const reference = newReference();
    const result = (await svc.integrationsFor(id, locale).call("submit", "pets", { name }, answers, {
      workflow: "pets",
      screen: "check",
      locale,
      reference,
    })) as {
      reference: string;
    };
    return { id, reference: result.reference, answers, locale };
  }

  it("a receiver down for a minute gets every submission once, in order, after it returns", {
    timeout: 60_000,
  }, async () => {
    const outbox = outboxWith();
    const svc = await services(outbox);
    const back = time.now().getTime() + 60_000;
    target.answer(() => (time.now().getTime() < back ? 503 : 200));
    const sent = [];
    for (const name of ["Rex", "Luna", "Max", "Coco", "Toby"]) {
      sent.push(await submit(svc, name, name === "Luna" ? "es" : "en"));
      time.advance(1_000);
    }
    // A submit sent twice (a double click) is stored and delivered once.
    const first = sent[0]!;
    await svc.integrationsFor(first.id, "en").call("submit", "pets", { name: "Rex" }, first.answers, {
      workflow: "pets",
      screen: "check",
      locale: "en",
      reference: newReference(),
    });

    for (let i = 0; i < 200 && target.accepted().length < sent.length; i++) {
      await outbox.drain();
      time.advance(1_000);
    }
    svc.close();

    const accepted = target.accepted();
    expect(accepted.map((r) => r.reference)).toEqual(sent.map((s) => s.reference));
    expect(new Set(accepted.map((r) => r.id)).size).toBe(sent.length);
    expect(target.requests.every((r) => r.signed)).toBe(true);
    // While it was down only the first was tried, again and again; the others waited their turn.
    const refused = target.requests.filter((r) => r.status === 503);
    expect(refused.length).toBeGreaterThan(2);
    expect(new Set(refused.map((r) => r.reference))).toEqual(new Set([sent[0]?.reference]));
    expect(target.maxInFlight()).toBe(1);
    const items = await listItems(db, WEBHOOK);
    expect(items.map((r) => [r.status, r.order_key])).toEqual(
      sent.map(() => ["sent", webhookOrderKey("pets")]),
    );
    expect(items.slice(1).every((r) => r.attempts === 1)).toBe(true);

    // The department's e-mails: one per submission, in Spanish, the answers attached.
    const emails = await listItems(db, EMAIL);
    expect(emails.filter((r) => r.status === "sent")).toHaveLength(sent.length);
    const eml = readdirSync(join(dir, "mail")).map((f) => readFileSync(join(dir, "mail", f), "utf8"));
    expect(eml).toHaveLength(sent.length);
    for (const { reference } of sent) {
      const mail = eml.find((m) => m.includes(`filename=${reference}.json`));
      expect(mail, reference).toBeDefined();
      expect(mail).toMatch(/^To: animal-care@cedarport\.gov\r$/m);
      expect(mail).toContain(`N=C3=BAmero de referencia: ${reference}`);
    }
  });

  it("an item that never gets through is dead after the last attempt, stops blocking, and is replayed", async () => {
    target.requests.length = 0;
    const outbox = outboxWith({ maxAttempts: 3 });
    const svc = await services(outbox);
    const doomed = await submit(svc, "Bella");
    const next = await submit(svc, "Milo");
    svc.close();
    target.answer((body) => (body.reference === doomed.reference ? 500 : 200));

    for (let i = 0; i < 20 && target.accepted().length < 1; i++) {
      await outbox.drain();
      time.advance(20_000);
    }
    expect(target.requests.map((r) => [r.reference, r.status])).toEqual([
      [doomed.reference, 500],
      [doomed.reference, 500],
      [doomed.reference, 500],
      [next.reference, 200],
    ]);
    const dead = await listDead(db, { kind: WEBHOOK, cipher });
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({
      status: "dead",
      attempts: 3,
      last_error: "Error: the receiver answered 500",
      order_key: "webhook:pets",
    });
    const payload = dead[0]?.payload as WebhookItem;
    expect(payload.submission.reference).toBe(doomed.reference);
    // Listed without the cipher: the record, never the sealed payload.
    expect((await listDead(db, { kind: WEBHOOK }))[0]).not.toHaveProperty("payload");

    // The receiver is fixed; someone replays it from the console.
    target.answer(() => 200);
    const id = dead[0]?.id ?? "";
    expect(await replayDead(db, id, time.now())).toBe(true);
    expect(await replayDead(db, id, time.now())).toBe(false);
    await outbox.drain();
    expect(target.accepted().map((r) => r.reference)).toEqual([next.reference, doomed.reference]);
    expect(await listDead(db, { kind: WEBHOOK })).toEqual([]);
    expect((await listItems(db, WEBHOOK)).find((r) => r.id === id)).toMatchObject({
      status: "sent",
      attempts: 1,
    });
    expect(await replayDead(db, "no-such-item", time.now())).toBe(false);
  });
  it("a webhook whose settings are not set is skipped, said once at start-up; the e-mail still goes", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const outbox = outboxWith();
      const svc = await services(outbox, (name) => (name === "PETS_WEBHOOK_URL" ? target.url : undefined));
      expect(warn.mock.calls.map((call) => String(call[0])).filter((m) => m.startsWith("delivery:"))).toEqual(
        [
          "delivery: pets: PETS_WEBHOOK_SECRET not set, so its submissions are not sent to its webhook (they still reach the staff console)",
        ],
      );
      const webhooksBefore = (await listItems(db, WEBHOOK)).length;
      const emailsBefore = (await listItems(db, EMAIL)).length;
      await submit(svc, "Nala");
      await submit(svc, "Simba");
      svc.close();
      expect((await listItems(db, WEBHOOK)).length).toBe(webhooksBefore);
      expect((await listItems(db, EMAIL)).length).toBe(emailsBefore + 2);
      expect(warn.mock.calls.filter((call) => String(call[0]).startsWith("delivery:"))).toHaveLength(1);
      await outbox.drain();
    } finally {
      warn.mockRestore();
    }
  });

  it("the department's e-mail words a choice made from a lookup as the resident saw it", async () => {
    const mails: EmailMessage[] = [];
    const outbox = createOutbox({
      db,
      handlers: { [EMAIL]: emailHandler({ send: async (message) => void mails.push(message) }) },
      now: time.now,
      log: quiet,
    });
    const svc = await services(outbox);
    const answers = { find: { query: "12 Elm" }, pick: { parcel: "49-01-01" } };
    const results = { find: { parcels: [{ number: "49-01-01", address: "12 Elm St" }] } };
    const journey = { workflow: "parcels", screen: "check", answers, results, history: [], drafts: {} };
    const { id } = await svc.start("parcels", journey, "en");
    const reference = newReference();
    await svc.integrationsFor(id, "en").call("submit", "parcels", {}, answers, {
      workflow: "parcels",
      screen: "check",
      locale: "en",
      reference,
    });
    svc.close();
    await outbox.drain();
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["assessor@cedarport.gov", `New submission: Parcels (${reference})`],
    ]);
    expect(mails[0]?.text).toContain("Address\n  12 Elm\n\nParcel\n  12 Elm St (parcel 49-01-01)\n");
  });
});

describe.each(DATABASES)("ordered outbox items on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(() => test.drop());

  it("one key goes one at a time in the order enqueued; other keys and unkeyed items go alongside", async () => {
    const db = test.db;
    const done: string[] = [];
    const running = new Map<string, number>();
    let maxPerKey = 0;
    let maxTotal = 0;
    let total = 0;
    const handler = async (item: OutboxItem) => {
      const { key, n } = item.payload as { key: string; n: number };
      running.set(key, (running.get(key) ?? 0) + 1);
      total++;
      maxPerKey = Math.max(maxPerKey, key === "none" ? 0 : (running.get(key) ?? 0));
      maxTotal = Math.max(maxTotal, total);
      await new Promise((r) => setTimeout(r, 5));
      running.set(key, (running.get(key) ?? 1) - 1);
      total--;
      done.push(`${key}${n}`);
    };
    const time = clock();
    const outbox = createOutbox({ db, handlers: { ordered: handler }, now: time.now, log: quiet });
    // Enqueued in one millisecond: the order is the enqueue order, not the clock's.
    for (let n = 1; n <= 6; n++) {
      await db.transaction(async (tx) => {
        await outbox.enqueue(tx, { kind: "ordered", payload: { key: "a", n }, orderKey: "a" });
        if (n <= 3) await outbox.enqueue(tx, { kind: "ordered", payload: { key: "b", n }, orderKey: "b" });
        if (n <= 2) await outbox.enqueue(tx, { kind: "ordered", payload: { key: "none", n } });
      });
    }
    await outbox.drain();
    expect(done.filter((d) => d.startsWith("a"))).toEqual(["a1", "a2", "a3", "a4", "a5", "a6"]);
    expect(done.filter((d) => d.startsWith("b"))).toEqual(["b1", "b2", "b3"]);
    expect(done.filter((d) => d.startsWith("none")).sort()).toEqual(["none1", "none2"]);
    expect(maxPerKey).toBe(1);
    expect(maxTotal).toBeGreaterThanOrEqual(2);
  });

  it("an earlier item waiting out its backoff holds the later ones back until it is sent", async () => {
    const db = test.db;
    const time = clock();
    const done: number[] = [];
    let failFirst = true;
    const outbox = createOutbox({
      db,
      handlers: {
        held: async (item) => {
          const { n } = item.payload as { n: number };
          if (n === 1 && failFirst) throw new Error("not yet");
          done.push(n);
        },
      },
      backoff: { baseMs: 10_000, capMs: 10_000 },
      now: time.now,
      log: quiet,
    });
    for (const n of [1, 2, 3])
      await db.transaction((tx) => outbox.enqueue(tx, { kind: "held", payload: { n }, orderKey: "held" }));
    await outbox.drain();
    time.advance(5_000);
    await outbox.drain();
    expect(done).toEqual([]);
    failFirst = false;
    time.advance(10_000);
    await outbox.drain();
    expect(done).toEqual([1, 2, 3]);
  });
});

/** Two connections to one database, as two web processes would have. */
async function twoConnections(kind: "sqlite" | "postgres") {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "cedarport-delivery-db-"));
    const file = join(dir, "db.sqlite");
    const a = await openDatabase({ file });
    await migrate(a);
    const b = await openDatabase({ file });
    return {
      a,
      b,
      async done() {
        await a.close();
        await b.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const test = await openTestDatabase("postgres");
  const [row] = await test.db.all<{ schema: string }>("SELECT current_schema() AS schema");
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  url.searchParams.set("options", `-c search_path=${row?.schema}`);
  const b = await openDatabase({ url: url.toString(), file: "" });
  return {
    a: test.db,
    b,
    async done() {
      await b.close();
      await test.drop();
    },
  };
}

describe.each(DATABASES)("two workers on one %s database", (kind) => {
  it("deliver each webhook item exactly once, each service's in order", { timeout: 60_000 }, async () => {
    const { a, b, done } = await twoConnections(kind);
    const target = await receiver(() => new Date());
    target.slow(8);
    const values: Record<string, string> = { HOOK_URL: target.url, HOOK_SECRET: SECRET };
    const worker = (db: Database) =>
      createOutbox({
        db,
        handlers: { [WEBHOOK]: webhookHandler({ setting: (name) => values[name] }) },
        cipher,
        pollMs: 10,
        batchSize: 4,
        log: quiet,
      });
    const one = worker(a);
    const two = worker(b);
    try {
      const expected = new Map<string, string[]>();
      for (let i = 0; i < 60; i++) {
        const service = `service-${i % 3}`;
        const submission: DeliveredSubmission = {
          service,
          reference: `REF${String(i).padStart(5, "0")}`,
          requestId: `REQ-${i}`,
          submittedAt: new Date().toISOString(),
          locale: "en",
          answers: { i },
          result: {},
        };
        const payload: WebhookItem = { urlEnv: "HOOK_URL", secretEnv: "HOOK_SECRET", submission };
        // Enqueued from both connections, as two web processes would.
        await (i % 2 ? b : a).transaction((tx) =>
          (i % 2 ? two : one).enqueue(tx, { kind: WEBHOOK, payload, orderKey: webhookOrderKey(service) }),
        );
        expected.set(service, [...(expected.get(service) ?? []), submission.reference]);
      }
      one.start();
      two.start();
      for (let i = 0; i < 400 && target.requests.length < 60; i++)
        await new Promise((r) => setTimeout(r, 25));
      await Promise.all([one.stop(), two.stop()]);

      expect(target.requests).toHaveLength(60);
      expect(new Set(target.requests.map((r) => r.id)).size).toBe(60);
      expect(target.requests.every((r) => r.status === 200 && r.signed)).toBe(true);
      for (const [service, references] of expected) {
        expect(target.requests.filter((r) => r.service === service).map((r) => r.reference)).toEqual(
          references,
        );
      }
      expect(target.maxInFlight()).toBe(1);
      const items = await listItems(a, WEBHOOK);
      expect(items.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
      await target.close();
      await done();
    }
  });
});

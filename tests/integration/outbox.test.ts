import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { createOutbox, listItems, type OutboxItem } from "../../src/outbox";
import { claimDue } from "../../src/outbox/store";
import { createFieldCipher } from "../../src/server/field-crypto";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";

/**
 * The outbox on SQLite and PostgreSQL: only committed items are sent, failures are retried with
 * growing delays and end dead, a claim that outlives its worker is taken over, and two workers on
 * one database never both send an item.
 */
const quiet = () => undefined;

/** A clock the test moves by hand. */
function clock(start = Date.parse("2026-06-01T12:00:00.000Z")) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}

async function rawPayload(db: Database, id: string): Promise<string> {
  const [row] = await db.all<{ payload: string }>("SELECT payload FROM outbox WHERE id = ?", [id]);
  return row?.payload ?? "";
}

describe.each(DATABASES)("the outbox on %s", (kind) => {
  let test: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    test = await openTestDatabase(kind);
    db = test.db;
  });
  afterAll(() => test.drop());

  it("sends what a committed transaction enqueued, once, and nothing a rolled-back one did", async () => {
    const sent: OutboxItem[] = [];
    const outbox = createOutbox({
      db,
      handlers: { note: async (item) => void sent.push(item) },
      cipher: createFieldCipher(Buffer.alloc(32, 7).toString("base64")),
      log: quiet,
    });
    await expect(
      db.transaction(async (tx) => {
        await outbox.enqueue(tx, { kind: "note", payload: { text: "rolled back" } });
        throw new Error("the submission failed");
      }),
    ).rejects.toThrow("the submission failed");
    const id = await db.transaction((tx) =>
      outbox.enqueue(tx, { kind: "note", payload: { text: "Maria, 04/15/1980" } }),
    );
    // Personal data is sealed at rest while the item waits.
    expect(await rawPayload(db, id)).toMatch(/^enc:v1:/);
    expect(await rawPayload(db, id)).not.toContain("Maria");

    await outbox.drain();
    await outbox.drain();
    expect(sent).toEqual([
      { id, kind: "note", payload: { text: "Maria, 04/15/1980" }, attempt: 1, createdAt: expect.any(String) },
    ]);
    const rows = (await listItems(db, "note")).filter((r) => r.id === id);
    expect(rows).toEqual([expect.objectContaining({ status: "sent", attempts: 1, last_error: null })]);
    // Once sent, only the record is kept: the payload is gone.
    expect(await rawPayload(db, id)).toBe("");
    expect((await listItems(db, "note")).length).toBe(1);
  });

  it("retries a failing handler with growing delays and keeps it as dead after the last attempt", async () => {
    const time = clock();
    const attempts: number[] = [];
    const outbox = createOutbox({
      db,
      handlers: {
        flaky: async (item) => {
          attempts.push(item.attempt);
          throw new Error(`relay refused attempt ${item.attempt}`);
        },
      },
      maxAttempts: 3,
      backoff: { baseMs: 10_000, capMs: 600_000 },
      now: time.now,
      log: quiet,
    });
    const id = await db.transaction((tx) => outbox.enqueue(tx, { kind: "flaky", payload: { n: 1 } }));
    const row = async () => (await listItems(db, "flaky")).find((r) => r.id === id);

    await outbox.drain();
    expect(attempts).toEqual([1]);
    const first = await row();
    expect(first).toMatchObject({
      status: "pending",
      attempts: 1,
      last_error: "Error: relay refused attempt 1",
    });
    const firstDelay = Date.parse(first?.available_at ?? "") - time.now().getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(8_000);
    expect(firstDelay).toBeLessThanOrEqual(12_000);

    // Not before its time.
    time.advance(firstDelay - 1);
    await outbox.drain();
    expect(attempts).toEqual([1]);

    time.advance(1);
    await outbox.drain();
    expect(attempts).toEqual([1, 2]);
    const second = await row();
    const secondDelay = Date.parse(second?.available_at ?? "") - time.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(16_000);
    expect(secondDelay).toBeLessThanOrEqual(24_000);

    time.advance(secondDelay);
    await outbox.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(await row()).toMatchObject({
      status: "dead",
      attempts: 3,
      last_error: "Error: relay refused attempt 3",
    });
    // Dead items stay (with their payload) for someone to look at, and are never tried again.
    expect(await rawPayload(db, id)).toBe('{"n":1}');
    time.advance(86_400_000);
    await outbox.drain();
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("an item of a kind nobody handles is not lost: it waits, failing, until it is dead", async () => {
    const time = clock();
    const outbox = createOutbox({ db, handlers: {}, maxAttempts: 2, now: time.now, log: quiet });
    const id = await db.transaction((tx) => outbox.enqueue(tx, { kind: "webhook", payload: {} }));
    await outbox.drain();
    time.advance(3_600_000);
    await outbox.drain();
    expect((await listItems(db, "webhook")).find((r) => r.id === id)).toMatchObject({
      status: "dead",
      last_error: expect.stringContaining('no handler for outbox items of kind "webhook"'),
    });
  });

  it("takes over a claim whose worker died mid-send once its lease has run out, with the same id", async () => {
    const time = clock();
    const sent: OutboxItem[] = [];
    const options = {
      db,
      handlers: { lease: async (item: OutboxItem) => void sent.push(item) },
      leaseMs: 30_000,
      now: time.now,
      log: quiet,
    };
    const outbox = createOutbox(options);
    const id = await db.transaction((tx) => outbox.enqueue(tx, { kind: "lease", payload: { to: "x" } }));
    // A worker claims it and dies before it finishes (it never reports back).
    const [claimed] = await claimDue(db, {
      now: time.now().toISOString(),
      leaseUntil: new Date(time.now().getTime() + 30_000).toISOString(),
      token: "dead-worker",
      limit: 100,
      maxAttempts: 12,
    }).then((items) => items.filter((i) => i.id === id));
    expect(claimed).toMatchObject({ id, attempts: 1 });

    time.advance(29_000);
    await outbox.drain();
    expect(sent).toEqual([]);

    time.advance(1_000);
    await outbox.drain();
    expect(sent).toEqual([expect.objectContaining({ id, attempt: 2, payload: { to: "x" } })]);
    expect((await listItems(db, "lease")).find((r) => r.id === id)).toMatchObject({ status: "sent" });
  });

  it("purges the records of sent items after a while", async () => {
    const time = clock(Date.parse("2026-07-01T00:00:00.000Z"));
    const outbox = createOutbox({
      db,
      handlers: { purge: async () => undefined },
      keepSentMs: 86_400_000,
      now: time.now,
      log: quiet,
    });
    const id = await db.transaction((tx) => outbox.enqueue(tx, { kind: "purge", payload: {} }));
    await outbox.drain();
    expect((await listItems(db, "purge")).map((r) => r.id)).toEqual([id]);
    time.advance(2 * 86_400_000);
    const later = createOutbox({ db, handlers: {}, keepSentMs: 86_400_000, now: time.now, log: quiet });
    await later.drain();
    expect(await listItems(db, "purge")).toEqual([]);
  });
});

/** Two connections to one database, as two web processes would have. */
async function twoConnections(
  kind: "sqlite" | "postgres",
): Promise<{ a: Database; b: Database; done(): Promise<void> }> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "cedarport-outbox-"));
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
  const [{ schema }] = (await test.db.all<{ schema: string }>("SELECT current_schema() AS schema")) as [
    { schema: string },
  ];
  const url = new URL(process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test");
  url.searchParams.set("options", `-c search_path=${schema}`);
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
  it("never both send one item", { timeout: 30_000 }, async () => {
    const { a, b, done } = await twoConnections(kind);
    try {
      const sends: string[] = [];
      const handler = async (item: OutboxItem) => {
        sends.push(item.id);
        // A send takes a little while, so the two workers' rounds overlap.
        await new Promise((r) => setTimeout(r, Math.random() * 5));
      };
      const one = createOutbox({ db: a, handlers: { race: handler }, batchSize: 7, log: quiet });
      const two = createOutbox({ db: b, handlers: { race: handler }, batchSize: 7, log: quiet });
      const ids: string[] = [];
      for (let i = 0; i < 150; i++)
        ids.push(await a.transaction((tx) => one.enqueue(tx, { kind: "race", payload: { i } })));
      await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
      expect(sends.length).toBe(ids.length);
      expect(new Set(sends)).toEqual(new Set(ids));
      expect((await listItems(a, "race")).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
    } finally {
      await done();
    }
  });
});

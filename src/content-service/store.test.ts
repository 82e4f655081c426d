import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, DatabaseUnavailableError, type Params, type Queryable } from "../db/database";
import { migrate } from "../db/migrate";
import { openSqlite } from "../db/sqlite";
import { ContentStore } from "./store";

/** A database whose reads can be made to fail or to take a while. */
function controllable(db: Database) {
  const state = { down: false, delayMs: 0, reads: 0 };
  const all = async <T>(sql: string, params?: Params): Promise<T[]> => {
    state.reads++;
    if (state.delayMs) await sleep(state.delayMs);
    if (state.down) throw new DatabaseUnavailableError("connect ECONNREFUSED 127.0.0.1:5432");
    return db.all<T>(sql, params);
  };
  const faulty: Database = {
    ...db,
    all,
    transaction: (work: (tx: Queryable) => Promise<unknown>) => db.transaction(work),
  } as Database;
  return { db: faulty, state };
}

async function publish(db: Database, version: string, title: string) {
  await db.transaction(async (tx) => {
    await tx.run("DELETE FROM content_items");
    await tx.run("INSERT INTO content_items (type, id, slug, position, data) VALUES (?, ?, ?, ?, ?)", [
      "topic",
      "t1",
      "taxes",
      0,
      JSON.stringify({ id: "t1", slug: "taxes", position: 0, title }),
    ]);
    await tx.run(
      "INSERT INTO content_state (key, value) VALUES ('version', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      [version],
    );
  });
}

const titleOf = (s: Awaited<ReturnType<ContentStore["snapshot"]>>) =>
  (s.bySlug.topic.get("taxes") as unknown as { title: string } | undefined)?.title;

describe("ContentStore when the database fails", () => {
  let real: Database;
  let db: ReturnType<typeof controllable>;
  let logs: string[];

  beforeEach(async () => {
    real = openSqlite(":memory:");
    await migrate(real);
    await publish(real, "v1", "Taxes");
    db = controllable(real);
    logs = [];
  });
  afterEach(() => real.close());

  it("fails the first load: there is nothing to fall back on", async () => {
    db.state.down = true;
    const store = new ContentStore(db.db, 0, { log: (m) => logs.push(m) });
    await expect(store.snapshot()).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it("serves the last good snapshot during an outage, logs it once, and picks up new content after", async () => {
    const store = new ContentStore(db.db, 50, { log: (m) => logs.push(m) });
    expect(titleOf(await store.snapshot())).toBe("Taxes");

    db.state.down = true;
    await sleep(60);
    for (let i = 0; i < 5; i++) {
      expect((await store.snapshot()).version).toBe("v1");
      await sleep(30);
    }
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(
      /database does not answer \(connect ECONNREFUSED.*\); serving the last good content \(version v1\)/,
    );
    // It keeps asking at the normal interval (not on every request, not never).
    const reads = db.state.reads;
    expect(reads).toBeGreaterThan(1);
    expect(reads).toBeLessThan(8);

    await publish(real, "v2", "Property taxes");
    db.state.down = false;
    await sleep(60);
    await store.snapshot(); // starts the re-check; answers the old content at once
    await sleep(10);
    const after = await store.snapshot();
    expect(after.version).toBe("v2");
    expect(titleOf(after)).toBe("Property taxes");
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatch(/database answers again after \d+ s \(content version v2\)/);
  });

  it("never makes a reader wait for an outage's re-check", async () => {
    const store = new ContentStore(db.db, 0, { log: (m) => logs.push(m) });
    await store.snapshot();
    db.state.down = true;
    await store.snapshot(); // the outage starts: noticed by this one re-check
    db.state.delayMs = 2_000; // each further re-check hangs, as a black-holed database does
    const started = performance.now();
    for (let i = 0; i < 3; i++) expect((await store.snapshot()).version).toBe("v1");
    expect(performance.now() - started).toBeLessThan(500);
  });

  it("a slow database delays a reader by waitMs at most", async () => {
    const store = new ContentStore(db.db, 0, { waitMs: 500, log: (m) => logs.push(m) });
    await store.snapshot();
    db.state.delayMs = 4_000;
    const started = performance.now();
    expect((await store.snapshot()).version).toBe("v1");
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(495);
    expect(waited).toBeLessThan(2_000);
    // Later readers during the same re-check (a page asks several times) do not wait again.
    const again = performance.now();
    expect((await store.snapshot()).version).toBe("v1");
    expect(performance.now() - again).toBeLessThan(100);
  });

  it("after this process stored content, the next reader waits for it", async () => {
    const store = new ContentStore(db.db, 60_000, { waitMs: 10, log: (m) => logs.push(m) });
    await store.snapshot();
    await publish(real, "v2", "Property taxes");
    db.state.delayMs = 100;
    store.invalidate();
    expect((await store.snapshot()).version).toBe("v2");
  });
});

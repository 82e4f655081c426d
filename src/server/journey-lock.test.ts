import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, openTestDatabase, type TestDatabase } from "../../tests/integration/databases";
import { type Database, openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { JourneyBusyError, JourneyLocks } from "./journey-lock";

/**
 * The journey lock as two web processes see it: each `JourneyLocks` below stands for one process
 * (its own in-process queue), sharing one database. On SQLite each "process" also has its own
 * connection to one file, as two real processes would.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `n` pieces of work on `journey`, spread over `lockers`; returns the most that ran at once. */
async function maxOverlap(lockers: JourneyLocks[], journey: string, n: number, workMs = 5) {
  let running = 0;
  let most = 0;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      lockers[i % lockers.length]!.run(journey, async () => {
        running++;
        most = Math.max(most, running);
        await sleep(workMs);
        running--;
      }),
    ),
  );
  return most;
}

describe.each(DATABASES)("journey lock on %s", (kind) => {
  let test: TestDatabase;
  let second: Database;
  let dir: string | undefined;

  beforeAll(async () => {
    if (kind === "sqlite") {
      dir = mkdtempSync(join(tmpdir(), "journey-lock-"));
      const file = join(dir, "db.sqlite");
      const db = await openDatabase({ file });
      await migrate(db);
      test = { db, drop: () => db.close() };
      second = await openDatabase({ file });
    } else {
      test = await openTestDatabase(kind);
      second = test.db;
    }
  });
  afterAll(async () => {
    if (second !== test.db) await second.close();
    await test.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("lets one request at a time work on a journey, whichever process it reaches", async () => {
    const lockers = [new JourneyLocks(test.db), new JourneyLocks(second)];
    expect(await maxOverlap(lockers, "j-one-at-a-time", 12)).toBe(1);
    const [row] = await test.db.all<{ n: number | string }>("SELECT COUNT(*) AS n FROM journey_locks");
    expect(Number(row?.n)).toBe(0);
  });

  it("lets different journeys work side by side", async () => {
    const locks = new JourneyLocks(test.db);
    // Each piece of work waits until all three hold their journey at once (or gives up after 5 s).
    let entered = 0;
    let allIn = () => {};
    const together = new Promise<void>((resolve) => (allIn = resolve));
    const results = await Promise.all(
      ["a", "b", "c"].map((id) =>
        locks.run(`j-side-${id}`, async () => {
          if (++entered === 3) allIn();
          return Promise.race([together.then(() => "together"), sleep(5_000).then(() => "alone")]);
        }),
      ),
    );
    expect(results).toEqual(["together", "together", "together"]);
  });

  it("hands the result and the error of the work back, and frees the journey after an error", async () => {
    const locks = new JourneyLocks(second);
    await expect(
      locks.run("j-error", async () => {
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    expect(await new JourneyLocks(test.db, { waitMs: 50 }).run("j-error", async () => 42)).toBe(42);
  });

  it("takes over the lease of a process that died", async () => {
    await test.db.run("INSERT INTO journey_locks (journey_id, holder, expires_at) VALUES (?, ?, ?)", [
      "j-dead",
      "a dead process",
      Date.now() - 1,
    ]);
    expect(await new JourneyLocks(second, { waitMs: 200 }).run("j-dead", async () => "mine")).toBe("mine");
  });

  it("renews the lease while working, and gives up waiting with JourneyBusyError", async () => {
    // Renewed every third of the lease (333 ms): a stall of the event loop shorter than two thirds
    // of it (667 ms, a busy machine's GC pause and more) does not let the waiter in.
    const holder = new JourneyLocks(test.db, { leaseMs: 1_000 });
    const started = Date.now();
    let release = () => {};
    const held = holder.run("j-busy", () => new Promise<void>((resolve) => (release = resolve)));
    await sleep(20);
    // The work outlasts the lease three times over: only renewal keeps the waiter out.
    const waiter = new JourneyLocks(second, { waitMs: 3_000 });
    await expect(waiter.run("j-busy", async () => "too early")).rejects.toBeInstanceOf(JourneyBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_000);
    release();
    await held;
    expect(await waiter.run("j-busy", async () => "now")).toBe("now");
  });

  it("does not starve the connection pool while many requests wait for one journey", async () => {
    // 30 "processes" wait on one journey; the work itself needs connections of the same pool
    // (PostgreSQL: 10). A lock that pinned a connection per waiter would deadlock here.
    const lockers = Array.from({ length: 30 }, () => new JourneyLocks(test.db, { waitMs: 15_000 }));
    let done = 0;
    await Promise.all(
      lockers.map((locks) =>
        locks.run("j-pool", async () => {
          await test.db.transaction(async (tx) => {
            await tx.all("SELECT COUNT(*) AS n FROM journey_locks");
          });
          done++;
        }),
      ),
    );
    expect(done).toBe(30);
  });

  it("purges leases that ran out long ago", async () => {
    await test.db.run("INSERT INTO journey_locks (journey_id, holder, expires_at) VALUES (?, ?, ?)", [
      "j-stale",
      "gone",
      Date.now() - 3_600_000,
    ]);
    expect(await new JourneyLocks(test.db).purgeExpired()).toBeGreaterThanOrEqual(1);
    const rows = await test.db.all("SELECT * FROM journey_locks WHERE journey_id = ?", ["j-stale"]);
    expect(rows).toEqual([]);
  });
});

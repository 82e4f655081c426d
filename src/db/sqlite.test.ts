import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Database, DatabaseUnavailableError } from "./database";
import { openSqlite, retryWhileBusy, sqliteBinding } from "./sqlite";

/**
 * A second connection to the same file stands in for another process holding the lock (a backup,
 * an operator's `sqlite3` shell). Its locks are real file locks, and it releases them on a timer:
 * with SQLite's own busy wait that timer could never fire, because the wait blocked the event loop.
 */
describe("SQLite while another connection holds the lock", () => {
  let dir: string;
  let file: string;
  let db: Database;
  let other: BetterSqlite3.Database;

  const open = (options = {}) => {
    db = openSqlite(file, options);
    return db;
  };
  /** Holds an exclusive lock for `ms`; resolves when it is released. */
  const holdLock = (ms: number) => {
    other.exec("BEGIN EXCLUSIVE");
    return sleep(ms).then(() => other.exec("COMMIT"));
  };
  /** The longest gap between 10 ms ticks while `work` runs: how long the event loop was blocked. */
  const worstGap = async (work: Promise<unknown>) => {
    let last = performance.now();
    let worst = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 10);
    await work.catch(() => undefined);
    clearInterval(tick);
    return Math.max(worst, performance.now() - last);
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "cedarport-sqlite-"));
    file = join(dir, "test.sqlite");
    const setup = openSqlite(file);
    await setup.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)");
    await setup.close();
    other = new BetterSqlite3(file, sqliteBinding());
  });
  afterEach(async () => {
    await db?.close();
    other.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a write waits for the lock without blocking the event loop, then succeeds", async () => {
    open();
    const released = holdLock(600);
    const started = performance.now();
    const write = db.run("INSERT INTO notes (body) VALUES (?)", ["after the lock"]);
    expect(await worstGap(write)).toBeLessThan(200);
    expect(await write).toEqual({ changes: 1 });
    expect(performance.now() - started).toBeGreaterThanOrEqual(580);
    await released;
    expect(await db.all("SELECT body FROM notes")).toEqual([{ body: "after the lock" }]);
  });

  it("reads and ping answer at once while the lock is held (WAL)", async () => {
    open();
    const released = holdLock(1_000);
    const started = performance.now();
    expect(await db.all("SELECT count(*) AS n FROM notes")).toEqual([{ n: 0 }]);
    expect(await db.ping()).toBe(true);
    expect(performance.now() - started).toBeLessThan(250);
    await released;
  });

  it("gives up at the deadline with a clear error, and the event loop stays free", async () => {
    open({ lockWaitMs: 500 });
    const released = holdLock(1_500);
    const started = performance.now();
    const write = db.run("INSERT INTO notes (body) VALUES ('x')");
    const gap = await worstGap(write);
    const error = await write.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as Error).message).toMatch(/locked by another process \(waited \d+ ms\)/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
    expect(performance.now() - started).toBeLessThan(1_200);
    expect(gap).toBeLessThan(200);
    await released;
  });

  it("transactions wait for BEGIN IMMEDIATE and still never interleave", async () => {
    open();
    const released = holdLock(200);
    const steps: string[] = [];
    const tx = (name: string) =>
      db.transaction(async (t) => {
        steps.push(`${name} begins`);
        await t.run("INSERT INTO notes (body) VALUES (?)", [name]);
        await sleep(20);
        steps.push(`${name} ends`);
      });
    await Promise.all([tx("first"), tx("second"), released]);
    expect(steps).toEqual(["first begins", "first ends", "second begins", "second ends"]);
    expect(await db.all("SELECT body FROM notes ORDER BY id")).toEqual([
      { body: "first" },
      { body: "second" },
    ]);
  });

  it("transactions queued behind a lock fail together at the deadline, not one after another", async () => {
    open({ lockWaitMs: 250 });
    const released = holdLock(1_500);
    const started = performance.now();
    const results = await Promise.allSettled(
      [1, 2, 3].map((n) => db.transaction((t) => t.run("INSERT INTO notes (body) VALUES (?)", [String(n)]))),
    );
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(performance.now() - started).toBeLessThan(600);
    await released;
    // The connection is usable again, outside any transaction.
    await db.transaction((t) => t.run("INSERT INTO notes (body) VALUES ('later')"));
    expect(await db.all("SELECT body FROM notes")).toEqual([{ body: "later" }]);
  });

  it("rolls back a transaction whose work fails", async () => {
    open();
    await expect(
      db.transaction(async (t) => {
        await t.run("INSERT INTO notes (body) VALUES ('lost')");
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(await db.all("SELECT body FROM notes")).toEqual([]);
  });

  it("ping is false once the database is closed", async () => {
    open();
    await db.close();
    expect(await db.ping()).toBe(false);
  });
});

describe("retryWhileBusy", () => {
  it("passes other errors through at once", async () => {
    let attempts = 0;
    const failing = () => {
      attempts++;
      throw Object.assign(new Error("no such table: x"), { code: "SQLITE_ERROR" });
    };
    await expect(retryWhileBusy(failing, Date.now() + 1_000)).rejects.toThrow("no such table");
    expect(attempts).toBe(1);
  });

  it("retries extended busy codes until the attempt succeeds", async () => {
    let attempts = 0;
    const value = await retryWhileBusy(() => {
      if (++attempts < 4) throw Object.assign(new Error("busy"), { code: "SQLITE_BUSY_SNAPSHOT" });
      return "done";
    }, Date.now() + 1_000);
    expect(value).toBe("done");
    expect(attempts).toBe(4);
  });
});

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import BetterSqlite3 from "better-sqlite3";
import { type Database, DatabaseUnavailableError, type Params, type Queryable } from "./database";

export interface SqliteOptions {
  /** How long a statement or transaction waits for another process's lock before it fails. */
  lockWaitMs?: number;
  /** How long `ping()` waits (it keeps /healthz fast). */
  pingWaitMs?: number;
}

const toSqlite = (params: Params = []) => params.map((p) => (typeof p === "boolean" ? Number(p) : p));

/**
 * SQLITE_BUSY (and its extended codes): another connection, usually another process, holds the
 * lock. SQLITE_LOCKED is not retried: it is a conflict inside this connection, which waiting
 * cannot resolve.
 */
const isBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
};

const BACKOFF_MS = [1, 2, 5, 10, 20, 50, 100];

/**
 * Runs the synchronous `attempt` until it is no longer busy, waiting between attempts with timers
 * so the event loop keeps serving everything else; gives up at `deadline` (epoch ms).
 *
 * This replaces SQLite's own busy_timeout, which sleeps inside the call: better-sqlite3 is
 * synchronous, so a lock held by another process froze the whole process (cached pages and
 * /healthz included) for up to the timeout on every write.
 */
export async function retryWhileBusy<T>(attempt: () => T, deadline: number): Promise<T> {
  const started = Date.now();
  for (let i = 0; ; i++) {
    try {
      return attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      const wait = Math.min(BACKOFF_MS[Math.min(i, BACKOFF_MS.length - 1)]!, deadline - Date.now());
      if (wait <= 0)
        throw new DatabaseUnavailableError(
          `The SQLite database is locked by another process (waited ${Date.now() - started} ms).`,
          { cause: error },
        );
      await sleep(wait);
    }
  }
}

/**
 * Where to load better-sqlite3's compiled addon from: SQLITE_NATIVE_BINDING when set (CI builds one
 * for Node 24 to run the suites there too, scripts/test-node24.sh), else the one `npm install`
 * built for the Node it ran under. The addon is tied to a Node version; the rest is not.
 */
export function sqliteBinding(): { nativeBinding?: string } {
  const path = process.env.SQLITE_NATIVE_BINDING;
  return path ? { nativeBinding: path } : {};
}

export function openSqlite(file: string, options: SqliteOptions = {}): Database {
  const lockWaitMs = options.lockWaitMs ?? 5_000;
  const pingWaitMs = options.pingWaitMs ?? 1_000;
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file, sqliteBinding());
  // No busy wait inside SQLite: retryWhileBusy waits with timers instead (see there).
  db.pragma("busy_timeout = 0");
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");

  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };
  const within = () => Date.now() + lockWaitMs;

  const q: Queryable = {
    dialect: "sqlite",
    async all<T>(sql: string, params?: Params) {
      return retryWhileBusy(() => prepare(sql).all(...toSqlite(params)) as T[], within());
    },
    async run(sql: string, params?: Params) {
      return retryWhileBusy(() => ({ changes: prepare(sql).run(...toSqlite(params)).changes }), within());
    },
    async exec(sql: string) {
      // Retried whole: outside a transaction only idempotent migration SQL comes here
      // (`CREATE TABLE IF NOT EXISTS`); migrations themselves run in a transaction.
      await retryWhileBusy(() => db.exec(sql), within());
    },
  };

  // better-sqlite3 is synchronous, but a transaction's work is async (it awaits our own calls);
  // a queue keeps two transactions (or a transaction and a stray statement of another request)
  // from interleaving on the one connection.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...q,
    transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      // The wait for another process's lock counts from the call, so transactions queued behind a
      // locked one fail together instead of each waiting the whole time in turn.
      const deadline = within();
      const next = queue.then(async () => {
        await retryWhileBusy(() => db.exec("BEGIN IMMEDIATE"), deadline);
        try {
          const result = await work(q);
          await retryWhileBusy(() => db.exec("COMMIT"), within());
          return result;
        } catch (error) {
          // SQLite has already rolled back after some errors (a full disk, an I/O error).
          if (db.inTransaction) db.exec("ROLLBACK");
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async ping() {
      try {
        // Reads the schema page, so the file itself must answer (SELECT 1 would not touch it).
        await retryWhileBusy(
          () => prepare("SELECT count(*) FROM sqlite_schema").get(),
          Date.now() + pingWaitMs,
        );
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      db.close();
    },
  };
}

import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import type { Database, Params, Queryable } from "./database";

const toSqlite = (params: Params = []) => params.map((p) => (typeof p === "boolean" ? Number(p) : p));

export function openSqlite(file: string): Database {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");

  const statements = new Map<string, BetterSqlite3.Statement>();
  const prepare = (sql: string) => {
    let stmt = statements.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      statements.set(sql, stmt);
    }
    return stmt;
  };

  const q: Queryable = {
    dialect: "sqlite",
    async all<T>(sql: string, params?: Params) {
      return prepare(sql).all(...toSqlite(params)) as T[];
    },
    async run(sql: string, params?: Params) {
      return { changes: prepare(sql).run(...toSqlite(params)).changes };
    },
    async exec(sql: string) {
      db.exec(sql);
    },
  };

  // better-sqlite3 is synchronous, but a transaction's work is async (it awaits our own calls);
  // a queue keeps two transactions (or a transaction and a stray statement of another request)
  // from interleaving on the one connection.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    ...q,
    transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        db.exec("BEGIN IMMEDIATE");
        try {
          const result = await work(q);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          db.exec("ROLLBACK");
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async ping() {
      try {
        db.prepare("SELECT 1").get();
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

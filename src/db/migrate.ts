import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database, Queryable } from "./database";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
/** PostgreSQL advisory-lock key of migrations (any constant; "cedarport" in ASCII, truncated). */
const MIGRATION_LOCK = 6_365_646_172;

/**
 * Applies migrations/NNN-name.sql in order, once each. A migration is written in the SQL both
 * dialects share; where they differ, `NNN-name.sqlite.sql` and `NNN-name.postgres.sql` sit side by side.
 * One difference is translated instead: the byte-by-byte collation, written `COLLATE "C"` as
 * PostgreSQL names it, is BINARY in SQLite.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Several web processes may start at once on one database: each step runs under a lock, and a
  // migration another process applied meanwhile is skipped (SQLite's BEGIN IMMEDIATE is the lock
  // there; PostgreSQL takes a transaction-scoped advisory lock).
  const exclusively = <T>(work: (tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx) => {
      if (db.dialect === "postgres") await tx.all("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK]);
      return work(tx);
    });
  await exclusively((tx) =>
    tx.exec("CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"),
  );
  const applied = new Set(
    (await db.all<{ id: string }>("SELECT id FROM schema_migrations")).map((row) => row.id),
  );
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .filter((f) => {
      const m = /\.(sqlite|postgres)\.sql$/.exec(f);
      return !m || m[1] === db.dialect;
    })
    .sort();
  const done: string[] = [];
  for (const file of files) {
    const id = file.replace(/(\.(sqlite|postgres))?\.sql$/, "");
    if (applied.has(id)) continue;
    const written = readFileSync(dir + file, "utf8");
    const sql = db.dialect === "sqlite" ? written.replaceAll('COLLATE "C"', "COLLATE BINARY") : written;
    const ran = await exclusively(async (tx) => {
      const [done] = await tx.all("SELECT id FROM schema_migrations WHERE id = ?", [id]);
      if (done) return false;
      await tx.exec(sql);
      await tx.run("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)", [
        id,
        new Date().toISOString(),
      ]);
      return true;
    });
    if (ran) done.push(id);
  }
  return done;
}

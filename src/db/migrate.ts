import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "./database";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/**
 * Applies migrations/NNN-name.sql in order, once each. A migration is written in the SQL both
 * dialects share; where they differ, `NNN-name.sqlite.sql` and `NNN-name.postgres.sql` sit side by side.
 * One difference is translated instead: the byte-by-byte collation, written `COLLATE "C"` as
 * PostgreSQL names it, is BINARY in SQLite.
 */
export async function migrate(db: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await db.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (id TEXT PRIMARY KEY, applied_at TEXT NOT NULL)",
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
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.run("INSERT INTO schema_migrations (id, applied_at) VALUES (?, ?)", [
        id,
        new Date().toISOString(),
      ]);
    });
    done.push(id);
  }
  return done;
}

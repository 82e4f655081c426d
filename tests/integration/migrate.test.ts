import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { hasPostgres } from "./databases";

/** Several web processes starting at once on one fresh PostgreSQL database migrate it once. */
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

describe.runIf(hasPostgres)("migrations started by several processes at once", () => {
  const schema = `m_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_URL });

  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it("applies each migration exactly once, and every process ends with the whole schema", async () => {
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const dbs = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url: url.toString(), file: "" })));
    try {
      const applied = await Promise.all(dbs.map((db) => migrate(db)));
      const all = applied.flat();
      expect(all.length).toBeGreaterThan(0);
      expect(new Set(all).size).toBe(all.length);
      const rows = await dbs[0]!.all<{ id: string }>("SELECT id FROM schema_migrations ORDER BY id");
      expect(rows.map((r) => r.id).sort()).toEqual([...new Set(all)].sort());
      for (const db of dbs) expect(await migrate(db)).toEqual([]);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
  });
});

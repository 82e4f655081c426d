import pg from "pg";
import { type Database, openDatabase } from "../../src/db/database";
import { migrate } from "../../src/db/migrate";
import { required } from "./requirements";

/**
 * The databases every integration test runs against: SQLite always, PostgreSQL when one answers
 * at TEST_DATABASE_URL (default: the local test database; in CI it must answer, requirements.ts).
 * Each PostgreSQL run gets a schema of its own, dropped afterwards, so runs never see each other's rows.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export const hasPostgres = required(
  await postgresAvailable(),
  `PostgreSQL is not reachable at ${PG_URL}`,
  "the PostgreSQL half of the integration tests (SQLite still runs)",
);

export interface TestDatabase {
  db: Database;
  /** PostgreSQL's address with this run's schema: for a second connection, as another web process has. */
  url?: string;
  drop(): Promise<void>;
}

export async function openTestDatabase(kind: "sqlite" | "postgres"): Promise<TestDatabase> {
  if (kind === "sqlite") {
    const db = await openDatabase({ file: ":memory:" });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(PG_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  const db = await openDatabase({ url: url.toString(), file: "" });
  await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

export const DATABASES = hasPostgres ? (["sqlite", "postgres"] as const) : (["sqlite"] as const);

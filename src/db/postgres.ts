import pg from "pg";
import type { Database, Params, Queryable } from "./database";

/** `?` placeholders become `$1, $2…` (none of our SQL has a literal question mark). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

type Client = pg.Pool | pg.PoolClient;

function queryable(client: Client): Queryable {
  return {
    dialect: "postgres",
    async all<T>(sql: string, params: Params = []) {
      const result = await client.query(numbered(sql), params as unknown[]);
      return result.rows as T[];
    },
    async run(sql: string, params: Params = []) {
      const result = await client.query(numbered(sql), params as unknown[]);
      return { changes: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2000 });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error("postgres: idle client error:", error.message));
  return {
    ...queryable(pool),
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(queryable(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      try {
        await pool.query("SELECT 1");
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await pool.end();
    },
  };
}

import pg from "pg";
import type { Database, Params, Queryable } from "./database";

/**
 * Every wait on PostgreSQL is bounded, so a slow, black-holed or vanished server delays or fails
 * the requests that need it by a few seconds at most, and never holds the rest of the site.
 */
export interface PostgresTimeouts {
  /** Opening a connection (TCP, start-up, authentication), and waiting for a free pooled one. */
  connectMs: number;
  /** The server cancels a statement that runs longer (a slow query or a lock wait). */
  statementMs: number;
  /** The client gives up on a statement the server has not answered (a black-holed network). */
  queryMs: number;
  /** The server ends a session left idle inside a transaction, releasing its locks. */
  idleInTransactionMs: number;
  /** `ping()` (behind /healthz) answers false after this long. */
  pingMs: number;
  /** `exec` in a transaction (migrations, at start-up) may run this long instead. */
  migrationMs: number;
}

export const DEFAULT_TIMEOUTS: PostgresTimeouts = {
  connectMs: 2_000,
  statementMs: 4_000,
  queryMs: 5_000,
  idleInTransactionMs: 10_000,
  pingMs: 1_000,
  migrationMs: 10 * 60_000,
};

/** `?` placeholders become `$1, $2…` (none of our SQL has a literal question mark). */
const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};

type Client = pg.Pool | pg.PoolClient;

/**
 * An error the server did not send (a timeout, a closed connection) leaves the connection in an
 * unknown state; `onClientFailure` hears of it so a transaction's connection is discarded.
 * With `migrationMs`, `exec` runs under that longer bound (see there).
 */
function queryable(
  client: Client,
  options: { onClientFailure?: () => void; migrationMs?: number } = {},
): Queryable {
  const query = async (sql: string, params?: unknown[], queryTimeoutMs?: number) => {
    try {
      if (queryTimeoutMs === undefined) return await client.query(sql, params);
      // `query_timeout` per query is supported by pg, though missing from its QueryConfig type.
      const config: pg.QueryConfig & { query_timeout: number } = { text: sql, query_timeout: queryTimeoutMs };
      return await client.query(config);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) options.onClientFailure?.();
      throw error;
    }
  };
  return {
    dialect: "postgres",
    async all<T>(sql: string, params: Params = []) {
      const result = await query(numbered(sql), params as unknown[]);
      return result.rows as T[];
    },
    async run(sql: string, params: Params = []) {
      const result = await query(numbered(sql), params as unknown[]);
      return { changes: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      // Only migrations use exec: in their transaction, an index on a large table may take
      // minutes, which the request-sized timeouts would cut short.
      if (options.migrationMs === undefined) {
        await query(sql);
        return;
      }
      await query(`SET LOCAL statement_timeout = ${options.migrationMs}`);
      await query(sql, undefined, options.migrationMs + 1_000);
    },
  };
}

/** Resolves to `fallback` if `promise` has not settled within `ms`. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

export function openPostgres(url: string, timeouts: Partial<PostgresTimeouts> = {}): Database {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    query_timeout: t.queryMs,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    // A peer that vanished without closing the connection is noticed by TCP, not only by a query.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error("postgres: idle client error:", error.message));

  // Concurrent health checks share one probe, so a flood of /healthz cannot pile up connections.
  let probe: Promise<boolean> | null = null;

  return {
    ...queryable(pool),
    async transaction<T>(work: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      let broken = false;
      const markBroken = () => {
        broken = true;
      };
      // A checked-out client has no pool listener: an unheard connection error (the server
      // vanished mid-transaction) would be an uncaught exception and end the process.
      client.on("error", markBroken);
      const control = queryable(client, { onClientFailure: markBroken });
      const tx = queryable(client, { onClientFailure: markBroken, migrationMs: t.migrationMs });
      try {
        await control.exec("BEGIN");
        const result = await work(tx);
        await control.exec("COMMIT");
        client.release();
        return result;
      } catch (error) {
        // ROLLBACK on a dead or black-holed connection would wait once more; discarding the
        // connection rolls the transaction back on the server just the same.
        if (!broken) await control.exec("ROLLBACK").catch(() => undefined);
        client.release(broken ? (error instanceof Error ? error : true) : undefined);
        throw error;
      } finally {
        client.off("error", markBroken);
      }
    },
    ping() {
      const query: pg.QueryConfig & { query_timeout: number } = { text: "SELECT 1", query_timeout: t.pingMs };
      probe ??= within(
        pool.query(query).then(
          () => true,
          () => false,
        ),
        t.pingMs,
        false,
      ).finally(() => {
        probe = null;
      });
      return probe;
    },
    async close() {
      await pool.end();
    },
  };
}

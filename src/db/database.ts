/**
 * One small interface over SQLite (the embedded default, a file under data/) and PostgreSQL
 * (when DATABASE_URL is set). SQL is written once with `?` placeholders in the common subset of
 * both dialects; the PostgreSQL adapter numbers them.
 */
export type Dialect = "sqlite" | "postgres";
export type Params = ReadonlyArray<string | number | boolean | null>;

export interface Queryable {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: Params): Promise<T[]>;
  run(sql: string, params?: Params): Promise<{ changes: number }>;
  /** Several statements separated by semicolons, no parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction: all of it is stored, or none of it. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The database did not answer in time: locked by another process, unreachable or too slow. The
 * request that needed it fails (a 5xx page); the rest of the site keeps serving.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}

export interface DatabaseConfig {
  /** postgres://… selects PostgreSQL; otherwise SQLite at `file`. */
  url?: string | undefined;
  file: string;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.url && /^postgres(ql)?:\/\//.test(config.url)) {
    const { openPostgres } = await import("./postgres");
    return openPostgres(config.url);
  }
  const { openSqlite } = await import("./sqlite");
  return openSqlite(config.file);
}

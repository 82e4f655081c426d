import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** Everything the server reads from its environment, with the embedded defaults. */
export interface ServerConfig {
  port: number;
  host: string;
  root: string;
  dataDir: string;
  contentDir: string;
  workflowsDir: string;
  databaseUrl: string | undefined;
  draftToken: string;
  dev: boolean;
  /** Public origin for canonical links; defaults to http://localhost:<port>. */
  publicOrigin: string | undefined;
  pageCacheSeconds: number;
}

/** The draft credential is the server's secret: from DRAFT_TOKEN, else made once and kept in data/. */
function draftToken(dataDir: string): string {
  if (process.env.DRAFT_TOKEN) return process.env.DRAFT_TOKEN;
  const file = join(dataDir, "draft-token");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString("base64url");
  writeFileSync(file, token, { mode: 0o600 });
  return token;
}

export function readConfig(env = process.env, argv = process.argv): ServerConfig {
  const root = resolve(env.APP_ROOT ?? process.cwd());
  const dataDir = resolve(root, env.DATA_DIR ?? "data");
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    root,
    dataDir,
    contentDir: resolve(root, env.CONTENT_DIR ?? "content"),
    workflowsDir: resolve(root, env.WORKFLOWS_DIR ?? "workflows"),
    databaseUrl: env.DATABASE_URL || undefined,
    draftToken: draftToken(dataDir),
    dev: argv.includes("--dev") || env.NODE_ENV === "development",
    publicOrigin: env.PUBLIC_ORIGIN,
    pageCacheSeconds: Number(env.PAGE_CACHE_SECONDS ?? 60),
  };
}

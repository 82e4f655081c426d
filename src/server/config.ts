import { resolve } from "node:path";
import { serverSecret } from "./secrets";

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
  /** Signs the journey cookies. */
  sessionSecret: string;
  dev: boolean;
  /** Public origin for canonical links; defaults to http://localhost:<port>. */
  publicOrigin: string | undefined;
  pageCacheSeconds: number;
}

export function readConfig(env = process.env, argv = process.argv): ServerConfig {
  const root = resolve(env.APP_ROOT ?? process.cwd());
  const dataDir = resolve(root, env.DATA_DIR ?? "data");
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    root,
    dataDir,
    contentDir: resolve(root, env.CONTENT_DIR ?? "content"),
    workflowsDir: resolve(root, env.WORKFLOWS_DIR ?? "workflows"),
    databaseUrl: env.DATABASE_URL || undefined,
    draftToken: serverSecret(dataDir, "draft-token", env.DRAFT_TOKEN),
    sessionSecret: serverSecret(dataDir, "session-secret", env.SESSION_SECRET),
    dev: argv.includes("--dev") || env.NODE_ENV === "development",
    publicOrigin: env.PUBLIC_ORIGIN,
    pageCacheSeconds: Number(env.PAGE_CACHE_SECONDS ?? 60),
  };
}

import { createApp } from "./app";
import { ConfigError, readConfig } from "./config";
import { listen } from "./listen";

/** `npm start` (production build) and `npm run dev` (Vite, live reload of content). */
// Everything this process creates (database, secrets, e-mails) is readable by its own user only.
process.umask(0o077);
let config: ReturnType<typeof readConfig>;
try {
  config = readConfig();
} catch (error) {
  // A missing or wrong setting is the operator's to fix: say which, without a stack trace.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Cedarport site not started: ${error.message}`);
  process.exit(1);
}
let running: Awaited<ReturnType<typeof createApp>>;
try {
  running = await createApp(config);
} catch (error) {
  // Most often the database cannot be reached: one line for the operator, not a stack trace.
  console.error(`Cedarport site not started: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const server = await listen(running.app, config.port, config.host);
running.serving();
{
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(
    `Cedarport site on http://localhost:${port} (${config.databaseUrl ? "PostgreSQL" : "SQLite"}${config.dev ? ", dev" : ""}${config.production ? `, production at ${config.publicOrigin}` : ""})`,
  );
}

/**
 * How long requests under way may take to finish at shutdown: well within the time a process
 * manager waits before SIGKILL (Docker 10 s; tests/integration/server-process.ts 5 s).
 */
const SHUTDOWN_GRACE_MS = 3_000;
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // New connections are refused at once; requests already being answered get a few seconds to
  // finish, so what they store and count is kept before the app (and the database) closes.
  await new Promise<void>((resolve) => {
    setTimeout(resolve, SHUTDOWN_GRACE_MS).unref();
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await running.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
// A bug in one request must not take the city's site down: log it and keep serving.
process.on("unhandledRejection", (reason) => console.error("unhandled rejection:", reason));

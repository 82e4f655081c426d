import cluster from "node:cluster";
import { createApp } from "./app";
import type { ServerConfig } from "./config";
import { listen, SHUTDOWN_GRACE_MS } from "./listen";

/** One web process: the site on its port, until SIGTERM or SIGINT (src/server/main.ts starts it). */
export async function serve(config: ServerConfig): Promise<void> {
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
    const which = cluster.isWorker ? `, one of ${config.processes} web processes` : "";
    console.log(
      `Cedarport site on http://localhost:${port} (${config.databaseUrl ? "PostgreSQL" : "SQLite"}${config.dev ? ", dev" : ""}${config.production ? `, production at ${config.publicOrigin}` : ""}${which})`,
    );
  }
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
}

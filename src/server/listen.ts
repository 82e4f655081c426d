import { createServer, type Server } from "node:http";
import type { Express } from "express";

/**
 * Starts the HTTP server with bounds on how long a client may take: a connection that trickles its
 * headers or body (slowloris) is closed instead of being held open for ever.
 */
export const SERVER_TIMEOUTS = {
  /** All request headers within this time. */
  headersTimeout: 10_000,
  /** The whole request, body included. */
  requestTimeout: 30_000,
  /** An idle keep-alive connection; above the usual load balancer's 60 s so it closes first. */
  keepAliveTimeout: 65_000,
  /** How often Node looks for connections past those limits (its default is 30 s). */
  connectionsCheckingInterval: 1_000,
};

/**
 * How long requests under way may take to finish at shutdown: well within the time a process
 * manager waits before SIGKILL (Docker 10 s; tests/integration/server-process.ts 5 s).
 */
export const SHUTDOWN_GRACE_MS = 3_000;

export function listen(
  app: Express,
  port: number,
  host: string,
  timeouts: Partial<typeof SERVER_TIMEOUTS> = {},
): Promise<Server> {
  const t = { ...SERVER_TIMEOUTS, ...timeouts };
  const server = createServer(
    {
      headersTimeout: t.headersTimeout,
      requestTimeout: t.requestTimeout,
      keepAliveTimeout: t.keepAliveTimeout,
      connectionsCheckingInterval: t.connectionsCheckingInterval,
    },
    app,
  );
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

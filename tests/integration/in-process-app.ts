import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createApp, type RunningApp } from "../../src/server/app";
import { readConfig, type ServerConfig } from "../../src/server/config";
import { listen, type SERVER_TIMEOUTS } from "../../src/server/listen";

/**
 * The whole site in this process, as the integration tests drive it over HTTP: the production build
 * (NODE_ENV=production), a fresh SQLite database in its own temporary DATA_DIR, on 127.0.0.1 at a
 * free port.
 */
export interface InProcessApp {
  readonly dataDir: string;
  readonly config: ServerConfig;
  readonly running: RunningApp;
  readonly server: Server;
  readonly port: number;
  /** `http://127.0.0.1:<port>`, for a path to follow. */
  readonly base: string;
}

/** A site a test started itself, and stops itself. */
export interface StartedApp extends InProcessApp {
  /** The server (waiting for it), then the app, then the data folder. */
  stop(): Promise<void>;
}

type Env = Record<string, string>;

export interface InProcessAppOptions {
  /** How the temporary DATA_DIR's name starts, e.g. "cedarport-journeys-": a leftover names its test. */
  prefix: string;
  /**
   * Settings on top of DATA_DIR, PORT=0 and NODE_ENV=production (and able to replace them). A
   * function is called with the new data folder first, for a test that puts files there or starts
   * what a setting points at before the app reads it.
   */
  env?: Env | ((dataDir: string) => Env | Promise<Env>);
  /** Production's time limits (src/server/listen.ts) with these changes; without: Node's defaults. */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>;
}

const HOST = "127.0.0.1";

/** Starts the site; `stop` undoes everything. For a test that starts sites itself. */
export async function startInProcessApp(options: InProcessAppOptions): Promise<StartedApp> {
  const dataDir = mkdtempSync(join(tmpdir(), options.prefix));
  let running: RunningApp | undefined;
  let server: Server | undefined;

  // Server first, so no request reaches an app that is shutting down; then the app, whose close()
  // also stops the workflow services' purge timers, the mail outbox and the database; the folder
  // last, even if a step before it failed.
  async function stop() {
    try {
      if (server) await closeServer(server);
    } finally {
      try {
        await running?.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  }

  try {
    const extra = typeof options.env === "function" ? await options.env(dataDir) : options.env;
    const config = readConfig({ DATA_DIR: dataDir, PORT: "0", NODE_ENV: "production", ...extra }, []);
    running = await createApp(config);
    server = options.timeouts
      ? await listen(running.app, 0, HOST, options.timeouts)
      : await listenWithDefaults(running.app);
    running.serving();
    const { port } = server.address() as AddressInfo;
    return { dataDir, config, running, server, port, base: `http://${HOST}:${port}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts the site before the tests of the `describe` it is called in and stops it after them. The
 * answer's fields can be read from then on (in tests and later hooks), not while tests are collected.
 */
export function useInProcessApp(options: InProcessAppOptions, hookTimeout?: number): InProcessApp {
  let started: StartedApp | undefined;
  beforeAll(async () => {
    started = await startInProcessApp(options);
  }, hookTimeout);
  afterAll(async () => started?.stop(), hookTimeout);

  const app = () => {
    if (!started)
      throw new Error("The in-process app starts in beforeAll: read it in a test or a later hook.");
    return started;
  };
  return {
    get dataDir() {
      return app().dataDir;
    },
    get config() {
      return app().config;
    },
    get running() {
      return app().running;
    },
    get server() {
      return app().server;
    },
    get port() {
      return app().port;
    },
    get base() {
      return app().base;
    },
  };
}

function listenWithDefaults(app: RunningApp["app"]): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, HOST, () => resolve(server));
    server.once("error", reject);
  });
}

/**
 * Stops taking connections and waits until the open ones are gone. Any a test left open (a raw
 * socket with half a request) is cut, or it would hold the hook until Node's request timeout.
 */
function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

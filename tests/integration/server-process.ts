import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { builtFromCurrentSources } from "../../scripts/source-stamp.mjs";

/**
 * A real web process (the compiled server, or the sources through tsx) on 127.0.0.1 and a port the
 * system picks, for tests that need several processes or the process's own start-up (umask, config).
 */
export interface ServerProcess {
  base: string;
  pid: number;
  /** The process is still running (it has not exited or been killed). */
  alive(): boolean;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process dies at once, wherever it is (crash tests). */
  kill(): Promise<void>;
}

/**
 * The compiled server (build/server/main.js), as production runs it, when the build is from the
 * current sources (CI builds before it tests); otherwise the sources through tsx, which run the same
 * code but load it several seconds slower (it is compiled at every start).
 */
export function serverCommand(): string[] {
  return builtFromCurrentSources(process.cwd())
    ? ["build/server/main.js"]
    : ["--import", "tsx", "src/server/main.ts"];
}

/** The test runner's environment without the settings a test gives its server explicitly. */
const SERVER_SETTINGS =
  /^(APP_ENV|DATABASE_URL|DATA_DIR|DATA_KEY|DATA_KEYS_PREVIOUS|DRAFT_TOKEN|HOST|PORT|PUBLIC_ORIGIN|REDIS_URL|RETENTION_DAYS|SESSION_SECRET|SMTP_URL|VITEST.*)$/;
const inherited = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !SERVER_SETTINGS.test(name)));

export async function startServer(
  env: Record<string, string>,
  readyWithinMs = 180_000,
  /** What node runs (`["scripts/start.mjs"]` is `npm start`); by default, serverCommand(). */
  command: string[] = serverCommand(),
  /** `/readyz` to wait for the search index and the services' browser bundles too. */
  probe: "/healthz" | "/readyz" = "/healthz",
): Promise<ServerProcess> {
  // The system picks a free port and the server says which: test files running side by side
  // can never meet on one port (a guessed port once sent one test's residents to another's server).
  // A test that must know the port first asks the system for a free one (freePort).
  const child: ChildProcess = spawn(process.execPath, command, {
    // PORT may be given (a test whose PUBLIC_ORIGIN must name it); otherwise the system picks one.
    env: { ...inherited(), PORT: "0", ...env, HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (!running()) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const kill = async () => {
    if (!running()) return;
    child.kill("SIGKILL");
    await exited;
  };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline && running()) {
    const port = /Cedarport site on http:\/\/localhost:(\d+)/.exec(output)?.[1];
    const base = port ? `http://127.0.0.1:${port}` : undefined;
    const ok =
      base !== undefined &&
      (await fetch(`${base}${probe}`)
        .then((r) => r.ok)
        .catch(() => false));
    if (ok) return { base, pid: child.pid ?? 0, alive: running, output: () => output, stop, kill };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not become healthy:\n${output.slice(-3000)}`);
}

/** The ids of the processes `pid` started that still run (Linux's /proc). */
export function childrenOf(pid: number): number[] {
  const listed = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
  return listed === "" ? [] : listed.split(/\s+/).map(Number);
}

/** A port nothing listens on now, for a server whose own address must be in its settings. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

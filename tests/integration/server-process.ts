import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/**
 * A real web process (`tsx src/server/main.ts`, the production build) on 127.0.0.1 and a port in
 * 4100-4199, for tests that need several processes or the process's own start-up (umask, config).
 */
export interface ServerProcess {
  base: string;
  pid: number;
  /** The process is still running (it has not exited or been killed). */
  alive(): boolean;
  /** Everything the process printed so far. */
  output(): string;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once("error", () => resolve(false))
      .listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function freePort(taken: Set<number>): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 4100 + Math.floor(Math.random() * 100);
    if (!taken.has(port) && (await portIsFree(port))) {
      taken.add(port);
      return port;
    }
  }
  throw new Error("no free port in 4100-4199");
}

const usedPorts = new Set<number>();

/** The test runner's environment without the settings a test gives its server explicitly. */
const SERVER_SETTINGS =
  /^(APP_ENV|DATABASE_URL|DATA_DIR|DATA_KEY|DATA_KEYS_PREVIOUS|DRAFT_TOKEN|HOST|PORT|PUBLIC_ORIGIN|REDIS_URL|RETENTION_DAYS|SESSION_SECRET|SMTP_URL|VITEST.*)$/;
const inherited = () =>
  Object.fromEntries(Object.entries(process.env).filter(([name]) => !SERVER_SETTINGS.test(name)));

export async function startServer(
  env: Record<string, string>,
  readyWithinMs = 180_000,
): Promise<ServerProcess> {
  const port = await freePort(usedPorts);
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: { ...inherited(), ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
    }
    usedPorts.delete(port);
  };
  const deadline = Date.now() + readyWithinMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok)
      return {
        base,
        pid: child.pid ?? 0,
        alive: () => child.exitCode === null && child.signalCode === null,
        output: () => output,
        stop,
      };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server on port ${port} did not become healthy:\n${output.slice(-3000)}`);
}

import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { residentMb } from "./rss";

/** Starts the production server as a child process (so the load generator does not share its event loop). */
export async function startServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ url: string; residentMb(): number | undefined; stop(): Promise<void> }> {
  const dataDir = `data/bench-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  // Node itself (not npx): stopping the child must stop the server, and a server left over from an
  // earlier run must not answer in its place (so the port is checked to be ours below).
  const child: ChildProcess = spawn(process.execPath, ["build/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      // One client (127.0.0.1) at thousands of requests a second: far past any real limit.
      RATE_LIMIT_SCALE: "1000",
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`server on port ${port} exited (port in use?)`);
    if (Date.now() > deadline) throw new Error("server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    residentMb: () => residentMb(child.pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

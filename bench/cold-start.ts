import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync } from "node:fs";

/**
 * Cold start (issue 17: ≤ 1 s): from spawning `node build/server/main.js`, as `npm start` runs it,
 * to the first rendered page (the home page, 200, read whole). `first` starts on an empty data
 * folder (database created, demo data written); `restart` on the folder that start left, as a
 * deploy restarts. The reference is the static server's start to its first answer, so the figure
 * reads the same on a faster machine.
 */
export interface StartTime {
  /** Wall-clock milliseconds to the first page. */
  ms: number;
  /** CPU milliseconds the server spent until then (Linux /proc; a busy machine changes it least). */
  cpuMs?: number;
}

export async function coldStart(port: number): Promise<{ first: StartTime; restart: StartTime }> {
  const dataDir = `data/bench-cold-${port}`;
  rmSync(dataDir, { recursive: true, force: true });
  try {
    const first = await timeToFirstPage(port, dataDir);
    const restart = await timeToFirstPage(port, dataDir);
    return { first, restart };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeToFirstPage(port: number, dataDir: string): Promise<StartTime> {
  const started = performance.now();
  const child = spawn(process.execPath, ["build/server/main.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const ms = await firstAnswer(`http://127.0.0.1:${port}/`, started, () => child.exitCode !== null);
    return { ms, cpuMs: child.pid ? cpuMsOf(child.pid) : undefined };
  } finally {
    child.kill("SIGTERM");
    if (child.exitCode === null && child.signalCode === null) await once(child, "exit");
  }
}

/** Milliseconds from `started` to the first 200 from `url`, polling every 5 ms (60 s at most). */
export async function firstAnswer(url: string, started: number, exited: () => boolean): Promise<number> {
  for (;;) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return Math.round(performance.now() - started);
    } catch {
      // not listening yet
    }
    if (exited()) throw new Error(`the server for ${url} exited before answering`);
    if (performance.now() - started > 60_000) throw new Error(`no answer from ${url} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** User and system CPU time of a process so far, from /proc/<pid>/stat (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

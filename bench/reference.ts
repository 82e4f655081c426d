import { spawn } from "node:child_process";
import { once } from "node:events";
import type { LoadResult } from "./http";
import { residentMb } from "./rss";

/**
 * A minimal static Node server (bench/static-reference.mjs) serving `html`, in a process of its
 * own as the site's server is, on 127.0.0.1. Measured in the same run as the site, with the same
 * connections, it is what each content-page figure is divided by (issue 17): the ratio compares
 * across runs and machines where a bare req/s does not.
 */
export async function startReference(
  port: number,
  html: string,
): Promise<{ url: string; residentMb(): number | undefined; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["bench/static-reference.mjs", String(port)], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.end(html);
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) =>
      reject(new Error(`reference server on port ${port} exited (${code}; port in use?)`)),
    );
  });
  const timeout = setTimeout(() => child.kill(), 10_000);
  try {
    await ready;
  } finally {
    clearTimeout(timeout);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    residentMb: () => residentMb(child.pid),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await once(child, "exit");
    },
  };
}

/** "24,132 (0.89 × reference)": a figure with its ratio to the reference's req/s. */
export function againstReference(result: LoadResult, reference: LoadResult): string {
  const ratio = result.requestsPerSecond / Math.max(1, reference.requestsPerSecond);
  return `${result.requestsPerSecond} (${ratio.toFixed(ratio < 0.1 ? 3 : 2)} × reference)`;
}

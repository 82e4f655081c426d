import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtFromCurrentSources } from "../../scripts/source-stamp.mjs";
import { REFERENCE_ALPHABET } from "../../src/workflow/reference";
import { clearOfCityMidnight } from "../city-clock";
import { answerUpToCheckAnswers, SERVICE } from "./dog-licence-journey";
import { HttpResident, mainText, postForm } from "./http-resident";
import { required } from "./requirements";
import { childrenOf, type ServerProcess, serverCommand, startServer } from "./server-process";

/**
 * WEB_CONCURRENCY=2 (src/server/cluster.ts): one command runs two web processes on one port, on the
 * embedded defaults (SQLite, secrets the site makes itself), and keeps them running.
 */
const ready = required(
  builtFromCurrentSources(process.cwd()),
  "No build from the current sources (run `npm run build`)",
  "the WEB_CONCURRENCY tests",
);

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function until(what: string, check: () => boolean, withinMs = 60_000): Promise<void> {
  for (const deadline = Date.now() + withinMs; !check(); await new Promise((r) => setTimeout(r, 100)))
    if (Date.now() > deadline) throw new Error(`still not so after ${withinMs} ms: ${what}`);
}
/**
 * Every request on a connection of its own, closed after it: a kept-alive connection to a process
 * that is then killed is reset (a browser sends its request again; fetch does not).
 */
const page = (url: string) =>
  fetch(url, { headers: { connection: "close" }, signal: AbortSignal.timeout(20_000) });
class ClosingResident extends HttpResident {
  override request(base: string, path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("connection", "close");
    return super.request(base, path, { ...init, headers, signal: AbortSignal.timeout(20_000) });
  }
}

describe.runIf(ready)("WEB_CONCURRENCY: several web processes from one command", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cedarport-cluster-"));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps two processes serving, replaces each that dies, and a new one carries on a journey", async () => {
    // The journey signs "today" and is sent after the processes are replaced: all on one city day.
    await clearOfCityMidnight(90_000);
    server = await startServer({ DATA_DIR: dataDir, WEB_CONCURRENCY: "2" }, 120_000);
    const { base, pid } = server;
    const started = () => server?.output().match(/Cedarport site on/g)?.length ?? 0;
    // Each process starts the site (and esbuild, for a while): the first one only the two of them.
    await until("two web processes listening", () => childrenOf(pid).length === 2 && started() === 2);
    const resident = new ClosingResident();
    const check = await answerUpToCheckAnswers(resident, [base]);

    // Each of the two dies in turn: the other answers meanwhile, and a new one takes its place.
    for (const [turn, dead] of childrenOf(pid).entries()) {
      process.kill(dead, "SIGKILL");
      const statuses = await Promise.all(
        Array.from({ length: 10 }, async () => (await page(`${base}/`)).status),
      );
      expect(statuses).toEqual(Array(10).fill(200));
      await until(`a process in place of ${dead}`, () => {
        const now = childrenOf(pid);
        return now.length === 2 && !now.includes(dead) && started() === 3 + turn;
      });
    }
    expect(
      server.output().match(/A web process \(pid \d+\) stopped \(signal SIGKILL\); starting another/g),
    ).toHaveLength(2);

    // Neither process now running saw the journey: one of them reads its cookie, its CSRF token
    // and its sealed answers (one database, one set of secrets made before the processes started).
    const isSubmit = (name: string, value: string) => name === "_intent" && /^(submit|continue)$/.test(value);
    const form = postForm(check, SERVICE, isSubmit);
    const submit = form.buttons.find(([name, value]) => isSubmit(name, value))!;
    const sent = await resident.follow(base, await resident.post(base, form, [submit]), form.action);
    expect([sent.url, sent.status]).toEqual([`${SERVICE}/confirmation`, 200]);
    const reference = `[${REFERENCE_ALPHABET}]{4}[ -]?[${REFERENCE_ALPHABET}]{4}`;
    expect(mainText(sent)).toMatch(new RegExp(reference));
    expect((await page(`${base}/?lang=es`)).status).toBe(200);

    // SIGTERM to the one started: each process finishes what it answers and stops, then it does.
    const last = childrenOf(pid);
    await server.stop();
    expect(server.alive()).toBe(false);
    expect(last.filter(running)).toEqual([]);
    expect(server.output().match(/SIGTERM: shutting down/g)).toHaveLength(2);
  }, 240_000);

  it("stops, saying why, when its first process cannot start (no database), rather than trying again", () => {
    const run = spawnSync(process.execPath, serverCommand(), {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: "0",
        WEB_CONCURRENCY: "2",
        DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Cedarport site not started");
    expect(run.stderr).toContain("a web process stopped before it listened (exit code 1)");
    expect(run.stdout.match(/starting 2 web processes/g)).toHaveLength(1);
  }, 120_000);

  it("refuses a WEB_CONCURRENCY that is not a number of processes, saying so", () => {
    for (const value of ["many", "0", "2.5", "1000"]) {
      const run = spawnSync(process.execPath, serverCommand(), {
        env: { ...process.env, DATA_DIR: dataDir, PORT: "0", WEB_CONCURRENCY: value },
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.status, value).toBe(1);
      expect(run.stderr).toContain(`WEB_CONCURRENCY must be a number of web processes from 1 to 64`);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  }, 120_000);
});

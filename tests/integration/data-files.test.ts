import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerUpToCheckAnswers, SERVICE } from "./dog-licence-journey";
import { HttpResident, postForm } from "./http-resident";
import { builtSite } from "./requirements";
import { type ServerProcess, startServer } from "./server-process";

/**
 * The site's own process (`src/server/main.ts`) on SQLite keeps residents' data private to its
 * user (issue 9, item 14): the data folder 0700, and every file in it 0600 — the database and its
 * -wal/-shm, generated secrets, e-mails in outbox/ — even when started with a permissive umask and
 * over a data folder an older version left readable.
 */
const hasBuild = builtSite("the data-file permission test");

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe.runIf(hasBuild)("data files of a running site", () => {
  const root = mkdtempSync(join(tmpdir(), "cedarport-modes-"));
  const dataDir = join(root, "data");
  let server: ServerProcess;

  beforeAll(async () => {
    // An older installation: a readable folder and a readable e-mail in it.
    mkdirSync(join(dataDir, "outbox"), { recursive: true });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, "outbox"), 0o755);
    writeFileSync(join(dataDir, "outbox", "old.eml"), "To: someone@example.com\r\n\r\nold");
    chmodSync(join(dataDir, "outbox", "old.eml"), 0o644);
    const umask = process.umask(0o022);
    try {
      server = await startServer({ NODE_ENV: "production", DATA_DIR: dataDir });
    } finally {
      process.umask(umask);
    }
  }, 240_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it("are readable by the site's user only", async () => {
    const resident = new HttpResident();
    const check = await answerUpToCheckAnswers(resident, [server.base]);
    const form = postForm(check, SERVICE, (name, value) => name === "_intent" && value === "submit");
    const response = await resident.post(server.base, form, [["_intent", "submit"]]);
    expect(response.status).toBe(303);
    // The receipt is written by the outbox worker shortly after the commit.
    const outbox = join(dataDir, "outbox");
    await expect
      .poll(() => readdirSync(outbox).filter((f) => f.endsWith(".eml")).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);

    const files = readdirSync(dataDir);
    expect(files).toEqual(
      expect.arrayContaining([
        "cedarport.sqlite",
        "cedarport.sqlite-wal",
        "cedarport.sqlite-shm",
        "session-secret",
      ]),
    );
    expect(modeOf(dataDir)).toBe(0o700);
    for (const name of files) {
      const path = join(dataDir, name);
      expect([name, modeOf(path)]).toEqual([name, statSync(path).isDirectory() ? 0o700 : 0o600]);
    }
    for (const name of readdirSync(outbox)) expect([name, modeOf(join(outbox, name))]).toEqual([name, 0o600]);
  }, 240_000);
});

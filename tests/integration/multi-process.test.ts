import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES } from "./databases";
import { answerUpToCheckAnswers, DATE_OF_BIRTH, SERVICE } from "./dog-licence-journey";
import { HttpResident, mainText, postForm } from "./http-resident";
import { type ServerProcess, startServer } from "./server-process";

/**
 * Two web processes on one PostgreSQL database, as a city runs them behind a load balancer (issue
 * 9, item 13). Residents' requests alternate between the processes; at "check your answers" each
 * resident's Submit reaches both processes at once (a double click split by the balancer). Every
 * resident must get a page, never a 5xx; both answers must show the same reference; each journey
 * must be stored once; and what one process sealed (DATA_KEY) the other must read.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL, default the local `test` database) and a production build.
 * In CI both are there and the test always runs; elsewhere it is skipped, saying why.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const hasPostgres = (DATABASES as readonly string[]).includes("postgres");
const hasBuild = existsSync("build/server/index.js");
const inCi = Boolean(process.env.CI);
if (!inCi && !(hasPostgres && hasBuild))
  console.warn(
    `\n  Multi-process test SKIPPED: ${hasPostgres ? "" : `PostgreSQL is not reachable at ${PG_URL}. `}${hasBuild ? "" : "No production build (npm run build). "}\n`,
  );

const JOURNEYS = 20;
const AT_ONCE = 4;

describe.runIf(inCi || (hasPostgres && hasBuild))("two web processes on one PostgreSQL", () => {
  const schema = `mp_${process.pid}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    if (!hasBuild) throw new Error("no production build: run `npm run build` before this test");
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(PG_URL);
    url.searchParams.set("options", `-c search_path=${schema}`);
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const shared = {
      NODE_ENV: "production",
      DATABASE_URL: url.toString(),
      SESSION_SECRET: randomBytes(32).toString("base64url"),
      DATA_KEY: randomBytes(32).toString("base64"),
      DRAFT_TOKEN: randomBytes(16).toString("base64url"),
    };
    // One after the other: the first applies the migrations and loads the content.
    for (const name of ["a", "b"]) {
      const dataDir = mkdtempSync(join(tmpdir(), `cedarport-mp-${name}-`));
      dataDirs.push(dataDir);
      servers.push(await startServer({ ...shared, DATA_DIR: dataDir }));
    }
  }, 420_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.end().catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it("gives both halves of a split double submit the same reference, and stores it once", async () => {
    const bases = servers.map((s) => s.base);
    const statuses: number[] = [];
    const shown: string[][] = [];

    const oneResident = async (i: number) => {
      const resident = new HttpResident();
      // Journeys alternate which process they start on.
      const order = i % 2 === 0 ? bases : [...bases].reverse();
      const check = await answerUpToCheckAnswers(resident, order);
      // The Submit button; the page's other forms change an answer or save for later.
      const isSubmit = (name: string, value: string) =>
        name === "_intent" && /^(submit|continue)$/.test(value);
      const form = postForm(check, SERVICE, isSubmit);
      const submit = form.buttons.find(([name, value]) => isSubmit(name, value))!;
      const responses = await Promise.all(bases.map((base) => resident.post(base, form, [submit])));
      statuses.push(...responses.map((r) => r.status));
      const pages = await Promise.all(
        responses.map((response, k) => resident.follow(bases[k]!, response, form.action)),
      );
      statuses.push(...pages.map((p) => p.status));
      shown[i] = pages.map((p) => `${p.url} ${mainText(p)}`);
    };
    for (let start = 0; start < JOURNEYS; start += AT_ONCE)
      await Promise.all(
        Array.from({ length: Math.min(AT_ONCE, JOURNEYS - start) }, (_, k) => oneResident(start + k)),
      );

    const logs = servers.map((s) => s.output()).join("\n");
    expect(
      statuses.filter((s) => s >= 500),
      logs.slice(-4000),
    ).toEqual([]);
    expect(logs).not.toMatch(/duplicate key/i);

    const { rows } = await db.query<{ reference: string; journey_id: string }>(
      "SELECT reference, journey_id FROM submissions",
    );
    expect(rows).toHaveLength(JOURNEYS);
    expect(new Set(rows.map((r) => r.journey_id)).size).toBe(JOURNEYS);
    const references = rows.map((r) => r.reference);
    for (const [i, pages] of shown.entries()) {
      const seen = pages.map((text) => references.filter((reference) => text.includes(reference)));
      expect(seen[0], `journey ${i}: ${pages[0]?.slice(0, 300)}`).toHaveLength(1);
      expect(seen[1], `journey ${i}: ${pages[1]?.slice(0, 300)}`).toEqual(seen[0]);
      expect(pages.every((text) => text.startsWith(`${SERVICE}/confirmation `))).toBe(true);
    }
    expect(new Set(shown.map((pages) => pages[0]))).toHaveProperty("size", JOURNEYS);
    // Every lease was given back.
    expect((await db.query("SELECT * FROM journey_locks")).rows).toEqual([]);
  }, 420_000);

  it("keeps residents' answers sealed, written by one process and read by the other", async () => {
    const { rows: journeys } = await db.query<{ state: string }>("SELECT state FROM journeys");
    const { rows: submissions } = await db.query<{ answers: string; result: string }>(
      "SELECT answers, result FROM submissions",
    );
    expect(journeys.length).toBeGreaterThanOrEqual(JOURNEYS);
    for (const value of [
      ...journeys.map((j) => j.state),
      ...submissions.flatMap((s) => [s.answers, s.result]),
    ]) {
      expect(value).toMatch(/^enc:v1:/);
      expect(value).not.toContain(DATE_OF_BIRTH);
    }
  });
});

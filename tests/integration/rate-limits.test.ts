import { randomBytes } from "node:crypto";
import { createServer, Socket } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listItems } from "../../src/outbox";
import { LIMITS } from "../../src/server/rate-limits";
import { type StartedApp, startInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * Rate limits over HTTP on the whole server (production build): a burst past a limit gets 429 with
 * Retry-After and a page in the resident's language, the APIs get JSON, the "e-mail me the link"
 * form refuses without sending, two web processes on one Redis share their counts, and a Redis
 * that is down leaves the site up and still limited (the in-memory insurance limiter).
 *
 * Limits are scaled down (RATE_LIMIT_SCALE) so bursts stay short; each test speaks for a client of
 * its own through X-Forwarded-For (the server trusts its loopback proxy by default).
 */
const hasBuild = builtSite("the rate-limit integration tests");

const SCALE = 0.05;
const scaled = (points: number) => Math.max(1, Math.round(points * SCALE));
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("error", () => done(false));
    socket.connect(Number(port || 6379), hostname, () => done(true));
  });
}

const hasRedis = await redisAnswers(REDIS_URL);
if (!hasRedis && !process.env.CI)
  console.warn(
    `\n  Redis is not reachable at ${REDIS_URL}: the shared-Redis rate-limit tests are SKIPPED.\n`,
  );

/** The whole server on 127.0.0.1, with its own data folder; `env` as the process environment. */
async function startSite(env: Record<string, string> = {}): Promise<StartedApp> {
  const saved = { scale: process.env.RATE_LIMIT_SCALE, prefix: process.env.RATE_LIMIT_PREFIX };
  // The rate limits read these from the process environment when the app is made.
  process.env.RATE_LIMIT_SCALE = String(SCALE);
  if (env.RATE_LIMIT_PREFIX) process.env.RATE_LIMIT_PREFIX = env.RATE_LIMIT_PREFIX;
  try {
    return await startInProcessApp({
      prefix: "cedarport-limits-",
      env: { DRAFT_TOKEN: "preview-secret", ...env },
    });
  } finally {
    for (const [name, value] of [
      ["RATE_LIMIT_SCALE", saved.scale],
      ["RATE_LIMIT_PREFIX", saved.prefix],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  }
}

let clients = 0;
/** A different client (documentation range 198.51.100.0/24) for each test. */
const newClient = () => `198.51.100.${++clients}`;

/** Sends `count` requests one after another; the answers in order. */
async function burst(count: number, send: () => Promise<Response>): Promise<Response[]> {
  const answers: Response[] = [];
  for (let i = 0; i < count; i++) {
    const r = await send();
    answers.push(r);
    if (r.status !== 429) await r.arrayBuffer();
  }
  return answers;
}

const graphql = (base: string, client: string) =>
  fetch(`${base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": client },
    body: JSON.stringify({ query: "{ __typename }" }),
  });

async function expectJson429(r: Response) {
  expect(r.status).toBe(429);
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(r.headers.get("content-type")).toContain("application/json");
  expect(await r.json()).toEqual({ message: expect.stringMatching(/Too many requests/), status: 429 });
}

describe.runIf(hasBuild)("rate limits (memory)", () => {
  let site: StartedApp;
  beforeAll(async () => {
    site = await startSite();
  }, 60_000);
  afterAll(async () => site?.stop());

  it("refuses a burst of searches with 429, Retry-After and a page in Spanish", async () => {
    const client = newClient();
    const points = scaled(LIMITS.search.points);
    const answers = await burst(points + 1, () =>
      fetch(`${site.base}/search?term=tax&lang=es`, { headers: { "x-forwarded-for": client } }),
    );
    expect(answers.slice(0, points).map((r) => r.status)).toEqual(Array(points).fill(200));
    const refused = answers[points]!;
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LIMITS.search.seconds);
    expect(refused.headers.get("content-type")).toContain("text/html");
    expect(refused.headers.get("cache-control")).toBe("no-store");
    const page = await refused.text();
    expect(page).toContain('<html lang="es"');
    expect(page).toContain("Demasiadas solicitudes");
    expect(page).toMatch(/Vuelva a intentarlo en \d+ minutos?\./);
    expect(page).not.toMatch(/at .+\.(ts|js):\d+|\/work\/|node_modules/);
  });

  it("speaks the language of the resident's cookie, else English", async () => {
    const client = newClient();
    await burst(scaled(LIMITS.search.points), () =>
      fetch(`${site.base}/search?term=park`, { headers: { "x-forwarded-for": client } }),
    );
    const spanish = await fetch(`${site.base}/search?term=park`, {
      headers: { "x-forwarded-for": client, cookie: "lang=es" },
    });
    expect(spanish.status).toBe(429);
    expect(await spanish.text()).toContain("Demasiadas solicitudes");
    const english = await fetch(`${site.base}/search?term=park`, { headers: { "x-forwarded-for": client } });
    expect(english.status).toBe(429);
    expect(await english.text()).toContain("Too many requests");
  });

  it("answers the typeahead API and GraphQL in JSON", async () => {
    const client = newClient();
    const typeahead = await burst(scaled(LIMITS.typeahead.points) + 1, () =>
      fetch(`${site.base}/api/v1/search?term=property&locale=en`, { headers: { "x-forwarded-for": client } }),
    );
    expect(typeahead[0]!.status).toBe(200);
    await expectJson429(typeahead.at(-1)!);
    const queries = await burst(scaled(LIMITS.graphql.points) + 1, () => graphql(site.base, client));
    expect(queries[0]!.status).toBe(200);
    await expectJson429(queries.at(-1)!);
  });

  it("counts each client apart, and never limits content pages here", async () => {
    const flooder = newClient();
    await burst(scaled(LIMITS.graphql.points) + 1, () => graphql(site.base, flooder));
    expect((await graphql(site.base, flooder)).status).toBe(429);
    expect((await graphql(site.base, newClient())).status).toBe(200);
    const pages = await burst(50, () =>
      fetch(`${site.base}/topics`, { headers: { "x-forwarded-for": flooder } }),
    );
    expect(new Set(pages.map((r) => r.status))).toEqual(new Set([200]));
  });

  it("limits guesses at the preview token", async () => {
    const client = newClient();
    const answers = await burst(scaled(LIMITS.preview.points) + 1, () =>
      fetch(`${site.base}/preview?token=guess-${randomBytes(4).toString("hex")}`, {
        headers: { "x-forwarded-for": client },
        redirect: "manual",
      }),
    );
    expect(answers[0]!.status).toBe(403);
    expect(answers.at(-1)!.status).toBe(429);
  });

  it("limits workflow posts", async () => {
    const client = newClient();
    const answers = await burst(scaled(LIMITS.workflow.points) + 1, () =>
      fetch(`${site.base}/workflow/demo-dog-licence/residency`, {
        method: "POST",
        headers: { "x-forwarded-for": client, "content-type": "application/x-www-form-urlencoded" },
        body: "root_livesInCedarport=true&_intent=continue",
        redirect: "manual",
      }),
    );
    expect(answers[0]!.status).not.toBe(429);
    expect(answers.at(-1)!.status).toBe(429);
    expect(answers.at(-1)!.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("refuses the e-mailed link past the limit, in the resident's language, and sends nothing", async () => {
    const client = newClient();
    const jar = new Map<string, string>();
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const request = async (path: string, init: RequestInit = {}) => {
      const r = await fetch(`${site.base}${path}`, {
        ...init,
        redirect: "manual",
        headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": client, cookie: cookie() },
      });
      for (const c of r.headers.getSetCookie()) {
        const [pair] = c.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return r;
    };
    const csrfOf = (html: string) => /name="_csrf"[^>]*value="([^"]+)"/.exec(html)?.[1];
    const post = async (path: string, fields: Record<string, string>) => {
      const page = await request(path);
      const token = csrfOf(await page.text());
      return request(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, ...(token ? { _csrf: token } : {}) }).toString(),
      });
    };

    // A journey: the first answer starts it.
    const answered = await post("/workflow/demo-dog-licence/residency", {
      root_livesInCedarport: "true",
      _intent: "continue",
    });
    expect(answered.status).toBe(303);
    const screen = new URL(answered.headers.get("location")!, site.base).pathname;
    const outboxBefore = (await listItems(site.running.db)).length;

    const first = await post(`${screen}?saved=1`, { _intent: "email-link", email: "resident@example.com" });
    expect(first.status).toBe(303);
    expect((await listItems(site.running.db)).length).toBe(outboxBefore + 1);

    jar.set("lang", "es");
    const refused = await post(`${screen}?saved=1`, { _intent: "email-link", email: "stranger@example.com" });
    expect(refused.status).toBe(429);
    // (Retry-After reaches this page once routes/workflow-screen.tsx exports `headers`.)
    expect(await refused.text()).toMatch(
      /Ha pedido demasiados correos electrónicos\. Vuelva a intentarlo en \d+ minutos?\./,
    );
    expect((await listItems(site.running.db)).length).toBe(outboxBefore + 1);
  });
});

const runRedis = hasBuild && (hasRedis || !!process.env.CI);

describe.runIf(runRedis)("rate limits on Redis", () => {
  const prefix = `cedarport-test:${process.pid}:${randomBytes(6).toString("hex")}`;
  let a: StartedApp;
  let b: StartedApp;
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const env = { REDIS_URL, RATE_LIMIT_PREFIX: prefix };
    a = await startSite(env);
    b = await startSite(env);
  }, 90_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    if (redis) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });

  it("shares one count between two web processes", async () => {
    const client = newClient();
    const points = scaled(LIMITS.graphql.points);
    const answers: Response[] = [];
    for (let i = 0; i < points; i++) {
      const r = await graphql(i % 2 === 0 ? a.base : b.base, client);
      await r.arrayBuffer();
      answers.push(r);
    }
    expect(answers.map((r) => r.status)).toEqual(Array(points).fill(200));
    // Each process alone has seen about half the points: only a shared count refuses now.
    await expectJson429(await graphql(a.base, client));
    await expectJson429(await graphql(b.base, client));
    expect(await redis.keys(`${prefix}:graphql:*`)).toHaveLength(1);
  });
});

describe.runIf(hasBuild)("rate limits when Redis is down", () => {
  let site: StartedApp;

  beforeAll(async () => {
    // A port nothing listens on: taken, then given back.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
    const address = probe.address();
    const port = typeof address === "object" && address ? address.port : 0;
    await new Promise((r) => probe.close(r));
    site = await startSite({ REDIS_URL: `redis://127.0.0.1:${port}` });
  }, 60_000);
  afterAll(async () => site?.stop());

  it("keeps the site up and still limits, in memory", async () => {
    expect((await fetch(`${site.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${site.base}/topics`)).status).toBe(200);
    const client = newClient();
    const started = Date.now();
    const answers = await burst(scaled(LIMITS.graphql.points) + 1, () => graphql(site.base, client));
    expect(answers[0]!.status).toBe(200);
    await expectJson429(answers.at(-1)!);
    // no request waited on the missing Redis
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

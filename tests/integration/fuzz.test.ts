import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtSite } from "./requirements";
import { type ServerProcess, startServer } from "./server-process";

/**
 * Bounded fuzzing of the whole server as a separate process (issue 9): at least 10,000 generated
 * bad inputs across every POST endpoint, GraphQL, the search APIs, query strings and headers. The
 * site must answer every one without a 5xx, without a stack trace or file path in the body, stay
 * alive and keep its memory bounded. Inputs come from a seeded generator, so a failure replays.
 */
const hasBuild = builtSite("the server fuzz tests");

const REQUESTS = 10_500;
const CONCURRENCY = 12;
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const LEAK =
  /\bat [^\n]{0,200}\.(?:ts|tsx|js|mjs|cjs):\d+|\/work\/|node_modules|file:\/\/|SqliteError|TypeError:|ReferenceError:/;

/** Percent-encodes what may not stand in a request line (Buffer copes with lone surrogates). */
const escapeByte = (c: string) =>
  [...Buffer.from(c, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");

/** mulberry32: small, fast, seedable. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Fuzzed {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

const workflows = readdirSync("workflows")
  .filter((f) => f.endsWith(".json"))
  .map((f) => {
    const w = JSON.parse(readFileSync(join("workflows", f), "utf8")) as {
      name: string;
      nodes: { name: string }[];
    };
    return { name: w.name, screens: w.nodes.map((n) => n.name) };
  });

function generator(random: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const int = (n: number) => Math.floor(random() * n);
  const junk = (): string =>
    pick([
      "",
      "%",
      "%E0%A4%A",
      "%00",
      "%2F..%2F..%2Fetc%2Fpasswd",
      "../../etc/passwd",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      "\u202e\ud83d\udca9",
      "a".repeat(int(5000)),
      "%uD800",
      "null",
      "-1",
      "1e309",
      "NaN",
      "[]",
      "{}",
      "__proto__",
      "constructor",
      String(int(1e9)),
      "%25%25%25",
      "é".repeat(int(50)),
    ]);
  const deep = (n: number, open = "[", close = "]") => open.repeat(n) + close.repeat(n);
  const jsonJunk = (): string =>
    pick([
      deep(1 + int(5000)),
      `{"a":${deep(2000, '{"a":', "}").replace(/}$/, "1}")}`,
      `{"intent":"continue","answers":${deep(3000, '{"x":', "}").replace(/}+$/, (m) => `1${m}`)}}`,
      `{"intent":${JSON.stringify(junk())},"answers":${JSON.stringify({ [junk()]: junk() })}}`,
      `{"intent":"save","answers":{"__proto__":{"polluted":true},"x":${JSON.stringify("y".repeat(int(60000)))}}}`,
      `{"intent":"continue","answers":[1,2,3]}`,
      `{"answers":null}`,
      "{",
      "\u0000",
      JSON.stringify(junk()),
      `{"query":"${"{a".repeat(int(300))}"}`,
    ]);
  const formJunk = (): string => {
    const fields: string[] = [];
    const n = 1 + int(8);
    for (let i = 0; i < n; i++)
      fields.push(
        `${pick(["_intent", "_csrf", "email", "answers", "x", "livesInCedarport", "applicant.email", junk()])}=${encodeURIComponent(junk())}`,
      );
    if (random() < 0.2) fields.push(pick(["%", "%E0%A4%A", "a=%", "=&=&&", "_add=x[0", "_remove=-1"]));
    return fields.join("&");
  };
  const graphqlJunk = (): string =>
    pick([
      JSON.stringify({
        query: `{ ${"activities { related_activities { agencies { activities { ".repeat(1 + int(6))}id${" } } } }".repeat(1 + int(6))} }`,
      }),
      JSON.stringify({
        query: `{ ${Array.from({ length: 1 + int(2000) }, (_, i) => `a${i}: activities { id }`).join(" ")} }`,
      }),
      JSON.stringify({ query: "query { __schema { types { name fields { name } } } }" }),
      JSON.stringify({ query: junk(), variables: junk() }),
      JSON.stringify({
        query: "query($s: String!) { activity(slug: $s) { title } }",
        variables: { s: [1, { a: 2 }] },
      }),
      JSON.stringify([{ query: "{ activities { id } }" }, { query: "{ agencies { id } }" }]),
      JSON.stringify({
        query: `{ activity(slug: ${JSON.stringify(junk())}) { title } }`,
        extensions: { persistedQuery: { sha256Hash: junk() } },
      }),
      JSON.stringify({ query: `{ activities { id ${"@include(if: true) ".repeat(int(500))} } }` }),
      jsonJunk(),
    ]);
  const algoliaJunk = (): string =>
    pick([
      JSON.stringify({ requests: [{ indexName: junk(), params: junk() }] }),
      JSON.stringify({ params: `query=${junk()}&hitsPerPage=${pick(["-1", "1e9", "x", "50"])}` }),
      JSON.stringify({ query: junk(), hitsPerPage: pick([-1, 1e12, "x", null]) }),
      JSON.stringify({
        requests: Array.from({ length: int(500) }, () => ({
          indexName: "content_production",
          query: junk(),
        })),
      }),
      jsonJunk(),
    ]);

  const contentPaths = [
    "/",
    "/activities",
    "/agencies",
    "/topics",
    "/search",
    "/activity/pay-property-taxes",
    "/agency/auditor",
    "/topic/taxes",
    "/language",
    "/preview",
    "/bad-request",
  ];
  return (): Fuzzed => {
    const headers: Record<string, string> = {};
    const kind = int(10);
    if (random() < 0.3)
      headers.cookie = pick([
        `lang=${junk()}`,
        `wf_demo-dog-licence=${junk()}`,
        `preview_session=${junk()}`,
        "a",
        "=;=;",
        `csrf=${junk()}`,
        junk(),
      ]).replace(/[^\x20-\x7e]/g, "");
    if (random() < 0.2) headers["accept-language"] = junk().replace(/[^\x20-\x7e]/g, "") || "es";
    if (random() < 0.1)
      headers.origin = pick([
        "null",
        "https://evil.example",
        "http://127.0.0.1",
        junk().replace(/[^\x20-\x7e]/g, ""),
      ]);
    if (random() < 0.1) headers["x-forwarded-for"] = pick(["1.2.3.4", "::1", "garbage", "1.1.1.1, 2.2.2.2"]);
    if (kind < 3) {
      // Query strings and paths of the content pages.
      const base = pick(contentPaths);
      const params = Array.from(
        { length: int(6) },
        () =>
          `${pick(["term", "page", "limit", "lang", "stage", "agencies", "tags", "topics", "return", "token", junk()])}=${pick([junk(), encodeURIComponent(junk())])}`,
      );
      const path =
        random() < 0.3
          ? `/${pick(["activity", "agency", "topic", "workflow", "assets", "assets/services", junk()])}/${junk()}`
          : base;
      return {
        method: pick(["GET", "GET", "HEAD", "POST", "TRACE", "OPTIONS", "DELETE", "PATCH"]),
        path: `${path}?${params.join("&")}`.replace(/[^\x21-\x7e]/gu, escapeByte),
        headers,
        body: random() < 0.3 ? junk() : undefined,
      };
    }
    if (kind < 6) {
      // Every screen of every service, posted as a form or as the enhanced form's JSON.
      const w = pick(workflows);
      const screen = random() < 0.9 ? pick(w.screens) : junk();
      const path =
        `/workflow/${encodeURIComponent(w.name)}/${encodeURIComponent(screen)}${random() < 0.3 ? `?${pick(["change=1", "saved=1", "lang=es", "_data=routes/x", junk()])}` : ""}`.replace(
          /[^\x21-\x7e]/gu,
          escapeByte,
        );
      if (random() < 0.15) return { method: "GET", path, headers };
      const json = random() < 0.4;
      headers["content-type"] = json
        ? "application/json"
        : pick([
            "application/x-www-form-urlencoded",
            "multipart/form-data; boundary=x",
            "text/plain",
            "application/x-www-form-urlencoded; charset=junk",
          ]);
      if (random() < 0.05) headers["content-encoding"] = pick(["gzip", "deflate", "br", "junk"]);
      return { method: "POST", path, headers, body: json ? jsonJunk() : formJunk() };
    }
    if (kind < 8) {
      headers["content-type"] = pick([
        "application/json",
        "application/graphql",
        "text/plain",
        "application/x-www-form-urlencoded",
      ]);
      if (random() < 0.05) headers["content-encoding"] = pick(["gzip", "deflate"]);
      return random() < 0.15
        ? { method: "GET", path: `/graphql?query=${encodeURIComponent(junk())}`, headers }
        : { method: "POST", path: "/graphql", headers, body: graphqlJunk() };
    }
    if (kind < 9) {
      headers["content-type"] = "application/json";
      if (random() < 0.1) headers["content-encoding"] = pick(["gzip", "deflate"]);
      const path = pick([
        "/search-api/1/indexes/*/queries",
        "/search-api/1/indexes/content_production/query",
        `/search-api/1/indexes/${encodeURIComponent(junk())}/query`,
        "/search-api/1/indexes/content_production/batch",
        "/search-api/1/indexes/content_production/clear",
      ]);
      return {
        method: pick(["POST", "POST", "GET", "PUT", "DELETE"]),
        path,
        headers: {
          ...headers,
          "x-algolia-api-key": junk().replace(/[^\x20-\x7e]/g, ""),
          "x-algolia-application-id": "x",
        },
        body: algoliaJunk(),
      };
    }
    // Typeahead and odd headers on any page.
    const params = Array.from(
      { length: int(5) },
      () =>
        `${pick(["term", "limit", "locale", "lang", junk()])}=${pick([junk(), encodeURIComponent(junk())])}`,
    );
    if (random() < 0.5) headers["content-length"] = pick(["0", "-1", "abc"]);
    return {
      method: "GET",
      path: `/api/v1/search?${params.join("&")}`.replace(/[^\x21-\x7e]/gu, escapeByte),
      headers,
    };
  };
}

function send(port: number, agent: Agent, f: Fuzzed): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(
      { host: "127.0.0.1", port, agent, method: f.method, path: f.path, headers: f.headers, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    // The client refusing to send what it generated (Node validates some headers) is not a server failure.
    req.on("error", (e: NodeJS.ErrnoException) =>
      resolve({ status: e.code === "ECONNRESET" ? -1 : -2, body: e.code ?? "" }),
    );
    req.on("timeout", () => req.destroy());
    if (f.body !== undefined) req.end(f.body);
    else req.end();
  });
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) * 1024;

describe.runIf(hasBuild)("fuzzing the whole server", () => {
  let server: ServerProcess;
  let port: number;
  const dataDir = mkdtempSync(join(tmpdir(), "cedarport-fuzz-"));

  beforeAll(async () => {
    // SQLite and in-memory limits (raised: one client sends everything here).
    server = await startServer({ NODE_ENV: "production", DATA_DIR: dataDir, RATE_LIMIT_SCALE: "1000" });
    port = Number(new URL(server.base).port);
  }, 200_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`answers ${REQUESTS} bad inputs without a 5xx or a leak, and stays alive and bounded`, async () => {
    const next = generator(rng(SEED));
    const inputs = Array.from({ length: REQUESTS }, next);
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const failures: string[] = [];
    let sent = 0;
    let maxRss = 0;
    const worker = async () => {
      for (;;) {
        const i = sent++;
        if (i >= inputs.length) return;
        const f = inputs[i]!;
        const r = await send(port, agent, f);
        if (r.status >= 500 || LEAK.test(r.body))
          failures.push(
            `#${i} ${f.method} ${f.path.slice(0, 120)} → ${r.status} ${r.body.slice(0, 160).replace(/\s+/g, " ")}`,
          );
        if (i % 500 === 0) maxRss = Math.max(maxRss, rssOf(server.pid));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    agent.destroy();
    expect(failures.slice(0, 20), `${failures.length} failures`).toEqual([]);
    expect(server.alive()).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/agencies`)).status).toBe(200);
    maxRss = Math.max(maxRss, rssOf(server.pid));
    expect(maxRss).toBeLessThan(800 * 1024 * 1024);
  }, 240_000);
});

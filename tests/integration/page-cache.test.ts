import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The page cache over HTTP (src/server/page-cache.ts), on the production build: a cached page is
 * answered before Express, precompressed, with an ETag and 304s, with the headers a fresh render
 * gets; never across languages, never for the pages that are someone's own, and never stale
 * after a content reload. A second site with the cache off gives the full stack's answers.
 */
const hasBuild = builtSite("the page cache integration tests");

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** As sent: compressed when Content-Encoding says so. */
  raw: Buffer;
  /** Decoded. */
  text: string;
}

/** One request over node:http: any Host, no decompression, the headers as sent. */
function ask(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        // A HEAD or a 304 has no body to decode.
        const encoding = raw.length > 0 ? res.headers["content-encoding"] : undefined;
        let decoded: Buffer;
        try {
          decoded =
            encoding === "br" ? brotliDecompressSync(raw) : encoding === "gzip" ? gunzipSync(raw) : raw;
        } catch (error) {
          reject(error);
          return;
        }
        const flat: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers))
          flat[k] = Array.isArray(v) ? v.join(", ") : String(v);
        resolve({ status: res.statusCode ?? 0, headers: flat, raw, text: decoded.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** Asks until the page is a cache hit (its first answer stores it). */
async function cached(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const first = await ask(base, path, headers);
  expect(first.status).toBe(200);
  const second = await ask(base, path, headers);
  expect(second.headers["x-page-cache"]).toBe("hit");
  return second;
}

const NONCE = /'nonce-[A-Za-z0-9+/]{22}=='/;

/** Headers that differ between any two answers, cached or not, and those only a cache answer has. */
const PER_ANSWER = new Set([
  "date",
  "connection",
  "keep-alive",
  "etag",
  "x-page-cache",
  "content-length",
  "transfer-encoding",
]);

function comparable(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers)
      .filter(([k]) => !PER_ANSWER.has(k))
      .map(([k, v]) => [k, k === "content-security-policy" ? v.replace(NONCE, "'nonce-…'") : v]),
  );
}

/** A fresh render carries its nonce on the stylesheet link, which the cache leaves out. */
const withoutNonceAttributes = (html: string) => html.replace(/ nonce="[A-Za-z0-9+/]{22}=="/g, "");

const TOPIC = "doing-business-with-cedarport";

describe.runIf(hasBuild)("page cache", () => {
  // Scaled down so that /search (cached, and rate-limited) reaches its limit in a few requests:
  // 600 × 0.005 = 3. The rate limits read it from the process environment when the app is made.
  const savedScale = process.env.RATE_LIMIT_SCALE;
  beforeAll(() => {
    process.env.RATE_LIMIT_SCALE = "0.005";
  });
  const site = useInProcessApp({
    prefix: "cedarport-page-cache-",
    // Content of its own, to edit and reload.
    env: (dataDir) => {
      cpSync("content", join(dataDir, "content"), { recursive: true });
      return { CONTENT_DIR: join(dataDir, "content"), DRAFT_TOKEN: "preview-secret" };
    },
  });
  const uncached = useInProcessApp({ prefix: "cedarport-page-cache-off-", env: { PAGE_CACHE_SECONDS: "0" } });
  afterAll(() => {
    if (savedScale === undefined) delete process.env.RATE_LIMIT_SCALE;
    else process.env.RATE_LIMIT_SCALE = savedScale;
  });

  it("answers with the headers and page of a fresh render, in each encoding", async () => {
    for (const encoding of ["br", "gzip", "identity"]) {
      const headers = { "accept-encoding": encoding };
      const hit = await cached(site.base, "/agencies", headers);
      const fresh = await ask(uncached.base, "/agencies", headers);
      expect(fresh.status).toBe(200);
      expect(fresh.headers["x-page-cache"]).toBeUndefined();
      expect(comparable(hit.headers)).toEqual(comparable(fresh.headers));
      expect(hit.headers["content-security-policy"]).toMatch(NONCE);
      expect(hit.headers.vary).toBe("Accept-Encoding");
      expect(hit.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
      expect(Number(hit.headers["content-length"])).toBe(hit.raw.length);
      expect(hit.text).toBe(withoutNonceAttributes(fresh.text));
    }
  });

  it("gives each answer a fresh nonce, as the full stack does", async () => {
    const a = await cached(site.base, "/agencies");
    const b = await ask(site.base, "/agencies");
    expect(a.headers["content-security-policy"]!.match(NONCE)![0]).not.toBe(
      b.headers["content-security-policy"]!.match(NONCE)![0],
    );
  });

  it("stores one page in three encodings that decode to the same bytes, each with its ETag", async () => {
    const br = await cached(site.base, "/topics", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await ask(site.base, "/topics", { "accept-encoding": "gzip;q=1, br;q=0.5" });
    const identity = await ask(site.base, "/topics");
    expect([br, gzip, identity].map((a) => a.headers["content-encoding"])).toEqual(["br", "gzip", undefined]);
    expect(gzip.text).toBe(identity.text);
    expect(br.text).toBe(identity.text);
    expect(br.raw.length).toBeLessThan(gzip.raw.length);
    expect(gzip.raw.length).toBeLessThan(identity.raw.length / 2);
    const tags = [br, gzip, identity].map((a) => a.headers.etag);
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
  });

  it("answers 304 to a matching If-None-Match, and 200 to another", async () => {
    const page = await cached(site.base, "/topics", { "accept-encoding": "gzip" });
    const etag = page.headers.etag!;
    for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await ask(site.base, "/topics", {
        "accept-encoding": "gzip",
        "if-none-match": condition,
      });
      expect(again.status).toBe(304);
      expect(again.raw.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers.vary).toBe("Accept-Encoding");
      expect(again.headers["content-security-policy"]).toMatch(NONCE);
    }
    // The gzip body's tag does not validate the brotli body, nor another page.
    const br = await ask(site.base, "/topics", { "accept-encoding": "br", "if-none-match": etag });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    await cached(site.base, "/agencies", { "accept-encoding": "gzip" });
    const other = await ask(site.base, "/agencies", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(other.status).toBe(200);
  });

  it("answers HEAD from the cache with the GET's headers and no body", async () => {
    const get = await cached(site.base, "/activities", { "accept-encoding": "br" });
    const head = await ask(site.base, "/activities", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(head.raw.length).toBe(0);
    expect(comparable(head.headers)).toEqual(comparable(get.headers));
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
  });

  it("never answers one language with the other's page: ?lang= first, then the cookie", async () => {
    const cases: [string, Record<string, string>, "en" | "es"][] = [
      ["/topics", {}, "en"],
      ["/topics", { cookie: "lang=es" }, "es"],
      ["/topics", { cookie: "theme=x; lang=es" }, "es"],
      ["/topics?lang=en", { cookie: "lang=es" }, "en"],
      ["/topics?lang=es", {}, "es"],
      ["/topics?lang=es", { cookie: "lang=en" }, "es"],
      ["/topics", { cookie: "lang=en" }, "en"],
      ["/topics", { cookie: "lang=fr" }, "en"],
    ];
    // Twice round: the second round is answered from the cache the first filled.
    for (let round = 0; round < 2; round++)
      for (const [path, headers, lang] of cases) {
        const answer = await ask(site.base, path, headers);
        expect(answer.status).toBe(200);
        expect(answer.text, `${path} ${JSON.stringify(headers)}`).toContain(`<html lang="${lang}"`);
        if (round === 1) expect(answer.headers["x-page-cache"]).toBe("hit");
      }
  });

  it("serves the new content after a reload, never the old page", async () => {
    const path = `/topic/${TOPIC}`;
    const before = await cached(site.base, path);
    expect(before.text).toContain("Doing business with Cedarport");
    const file = join(site.dataDir, "content", "topics", `${TOPIC}.yaml`);
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace(
        "title: Doing business with Cedarport",
        "title: Doing business with the city",
      ),
    );
    expect(await site.running.reloadContent()).toBe(true);
    const after = await ask(site.base, path, { "if-none-match": before.headers.etag! });
    expect(after.status).toBe(200);
    expect(after.headers["x-page-cache"]).toBe("miss");
    expect(after.text).toContain("Doing business with the city");
    expect(after.text).not.toContain("Doing business with Cedarport");
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((await ask(site.base, path)).headers["x-page-cache"]).toBe("hit");
    // The search index was rebuilt with it.
    const found = await ask(site.base, "/search?term=doing%20business");
    expect(found.text).toContain("Doing business with the city");
    expect(found.text).not.toContain("Doing business with Cedarport");
  });

  it("never keeps the pages that are someone's own, drafts, or pages that say private", async () => {
    const staff = await ask(site.base, "/preview?token=preview-secret");
    const preview = (staff.headers["set-cookie"] ?? "").split(";")[0]!;
    expect(preview).toMatch(/^preview_session=/);
    const never: [string, Record<string, string>][] = [
      ["/workflow/contact-the-mayor", {}],
      ["/payments/invoices/RP-2026-2-4000001", {}],
      ["/property/1000002", {}],
      ["/request-status", {}],
      ["/staff/login", {}],
      ["/bids", {}],
      ["/preview/workflows", { cookie: preview }],
      ["/activity/try-the-new-permit-portal?stage=draft", { cookie: preview }],
      ["/topics?stage=published", {}],
      // A resident's own search: `Cache-Control: private` (no shared cache).
      ["/property-search?q=Cedar+Ave&by=street", {}],
      ["/find-my-representatives", {}],
    ];
    for (const [path, headers] of never)
      for (let i = 0; i < 2; i++) {
        const answer = await ask(site.base, path, headers);
        expect(answer.headers["x-page-cache"], path).toBeUndefined();
        expect(answer.headers.etag, path).toBeUndefined();
      }
    // The staff page's answer to the editor is not what anyone else gets afterwards.
    const anonymous = await ask(site.base, "/preview/workflows");
    expect(anonymous.headers["x-page-cache"]).toBeUndefined();
    expect(anonymous.status).not.toBe(200);
    // 24 full renders, some of them workflow and parcel pages: on a busy CI machine beside the
    // browser tests that took over 20 s. Not tried again: the preview sign-in is rate-limited here.
  }, 90_000);

  it("answers a POST with the full stack, never from the cache", async () => {
    await cached(site.base, "/agencies");
    const post = await ask(site.base, "/agencies", { "content-length": "0" }, "POST");
    // The page has no form to post: React Router's 405, not the cached page.
    expect(post.status).toBe(405);
    expect(post.headers["x-page-cache"]).toBeUndefined();
  });

  it("answers a Host it does not serve with 421, even for a cached page", async () => {
    await cached(site.base, "/agencies");
    for (const host of ["evil.example", "evil.example:80"]) {
      const forged = await ask(site.base, "/agencies", { host });
      expect(forged.status).toBe(421);
      expect(forged.headers["x-page-cache"]).toBeUndefined();
    }
    // Another name of this site (a port is not part of the match) is the same page.
    const { port } = new URL(site.base);
    expect((await ask(site.base, "/agencies", { host: `127.0.0.1:${port}` })).headers["x-page-cache"]).toBe(
      "hit",
    );
  });

  it("counts a cached search against its rate limit before answering it", async () => {
    const client = { "x-forwarded-for": "203.0.113.9" };
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await ask(site.base, "/search?term=taxes", client));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[1]!.headers["x-page-cache"]).toBe("hit");
  });
  it("remembers the language an address names for a visitor who has not chosen one, cached or not", async () => {
    for (const base of [site.base, uncached.base]) {
      const fresh = await ask(base, "/agencies?lang=es");
      expect(fresh.headers["set-cookie"]).toMatch(/^lang=es; Path=\/; Max-Age=31536000; SameSite=Lax$/);
      expect(fresh.text).toContain('<html lang="es"');
    }
    // Answered before Express, from the cache: the same cookie.
    expect((await cached(site.base, "/topics?lang=es")).headers["set-cookie"]).toMatch(/^lang=es;/);
    // A stored choice stands: only the switch changes it.
    expect(
      (await ask(site.base, "/topics?lang=es", { cookie: "lang=en" })).headers["set-cookie"],
    ).toBeUndefined();
    expect((await ask(site.base, "/topics")).headers["set-cookie"]).toBeUndefined();
    // A service's screen keeps its own cookies beside it.
    const screen = await fetch(`${uncached.base}/workflow/demo-dog-licence/residency?lang=es`);
    const cookies = screen.headers.getSetCookie().map((c) => c.split("=")[0]);
    expect(cookies).toContain("lang");
    expect(cookies).toContain("wf_csrf");
  });
});

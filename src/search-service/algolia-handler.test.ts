import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync, gzipSync } from "node:zlib";
import { algoliasearch } from "algoliasearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchClient } from "../search/client";
import {
  AlgoliaCompatibleHandler,
  DEFAULT_MAX_QUERY_BODY,
  DEFAULT_MAX_WRITE_BODY,
  SEARCH_API_PREFIX,
} from "./algolia-handler";
import { SearchEngine } from "./engine";
import { indexContent, pushRecords } from "./indexer";
import { buildRecords } from "./records";
import { SAMPLE_SYNONYMS, sampleSource } from "./test-fixtures";

const ADMIN = "test-admin-key";

async function setup() {
  const engine = new SearchEngine({ synonyms: SAMPLE_SYNONYMS });
  await indexContent(engine, sampleSource());
  const handler = new AlgoliaCompatibleHandler(engine, { adminApiKey: ADMIN });
  return { engine, handle: handler.handleAlgoliaRequest };
}

describe("AlgoliaCompatibleHandler", () => {
  it("answers a single-index query with Algolia's response shape", async () => {
    const { handle } = await setup();
    const response = await handle("POST", "/1/indexes/content_production/query", {
      query: "pothole",
      hitsPerPage: 5,
      filters: "locale:en",
      attributesToRetrieve: ["__typename", "slug"],
      attributesToHighlight: [],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      hits: [{ objectID: "Activity:report-a-pothole:en", __typename: "Activity", slug: "report-a-pothole" }],
      nbHits: 1,
      page: 0,
      nbPages: 1,
      hitsPerPage: 5,
      query: "pothole",
    });
    const body = response.body as Record<string, unknown>;
    expect(typeof body.processingTimeMS).toBe("number");
    expect(body.params).toContain("hitsPerPage=5");
    expect(body).not.toHaveProperty("_highlightResult");
  });

  it("reads the legacy params string, the prefix and the query string", async () => {
    const { handle } = await setup();
    const params = new URLSearchParams({
      hitsPerPage: "50",
      attributesToRetrieve: JSON.stringify(["slug"]),
      facetFilters: JSON.stringify(["locale:es"]),
      facets: "kind,locale",
    }).toString();
    const response = await handle(
      "post",
      `${SEARCH_API_PREFIX}/1/indexes/content_production/query?x-algolia-agent=test`,
      JSON.stringify({ query: "bache", params }),
    );
    expect(response.status).toBe(200);
    const body = response.body as {
      hits: Array<Record<string, unknown>>;
      hitsPerPage: number;
      facets: unknown;
    };
    expect(body.hitsPerPage).toBe(50);
    expect(body.hits[0]).toEqual({ objectID: "Activity:report-a-pothole:es", slug: "report-a-pothole" });
    expect(body.facets).toEqual({ kind: { activity: 1 }, locale: { es: 1 } });
  });

  it("answers multi-queries in order, with each index name", async () => {
    const { handle } = await setup();
    const response = await handle("POST", "/1/indexes/*/queries", {
      requests: [
        { indexName: "content_production", query: "pothole", filters: "locale:en" },
        { indexName: "content_test", query: "basura", filters: "locale:es", hitsPerPage: 1 },
      ],
    });
    expect(response.status).toBe(200);
    const { results } = response.body as { results: Array<{ index: string; hits: Array<{ slug: string }> }> };
    expect(results.map((r) => r.index)).toEqual(["content_production", "content_test"]);
    expect(results[1]?.hits[0]?.slug).toBe("find-your-trash-pickup-day");
  });

  it("gives Algolia-shaped errors: 400, 404, 403", async () => {
    const { handle } = await setup();
    const cases: Array<[string, string, unknown, number]> = [
      ["POST", "/1/indexes/content_production/query", "{not json", 400],
      ["POST", "/1/indexes/content_production/query", { query: 42 }, 400],
      ["POST", "/1/indexes/content_production/query", { filters: "locale:" }, 400],
      ["POST", "/1/indexes/content_production/query", { filters: "title:tax" }, 400],
      ["POST", "/1/indexes/content_production/query", { hitsPerPage: "many" }, 400],
      ["POST", "/1/indexes/content_production/query", [1, 2], 400],
      ["POST", "/1/indexes/*/queries", { requests: "x" }, 400],
      ["POST", "/1/indexes/*/queries", { requests: [{ query: "x" }] }, 400],
      ["POST", "/1/indexes/missing/query", { query: "x" }, 404],
      ["GET", "/1/indexes/content_production/query", undefined, 404],
      ["POST", "/2/whatever", {}, 404],
      ["POST", "/1/indexes/%E0%A4%A/query", {}, 400],
      ["POST", "/1/indexes/content_production/batch", { requests: [] }, 403],
      ["POST", "/1/indexes/content_production/clear", {}, 403],
      ["DELETE", "/1/indexes/content_production", undefined, 403],
    ];
    for (const [method, path, body, status] of cases) {
      const response = await handle(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(response.body).toMatchObject({ status, message: expect.any(String) });
    }
  });

  it("refuses writes with a wrong key, or when no admin key is configured", async () => {
    const engine = new SearchEngine();
    const open = new AlgoliaCompatibleHandler(engine).handleAlgoliaRequest;
    expect((await open("POST", "/1/indexes/x/clear", {}, { "x-algolia-api-key": "" })).status).toBe(403);
    const { handle } = await setup();
    expect((await handle("POST", "/1/indexes/x/clear", {}, { "X-Algolia-API-Key": "nope" })).status).toBe(
      403,
    );
    expect((await handle("POST", "/1/indexes/x/clear", {}, { "X-Algolia-API-Key": ADMIN })).status).toBe(200);
  });

  it("applies batches in order and accepts gzip bodies", async () => {
    const { handle, engine } = await setup();
    const [record] = buildRecords(sampleSource());
    const body = gzipSync(
      JSON.stringify({
        requests: [
          {
            action: "addObject",
            body: { ...record, objectID: "Activity:new:en", title: "Brand new sinkhole service" },
          },
          { action: "deleteObject", body: { objectID: "Activity:new:en" } },
          {
            action: "addObject",
            body: { ...record, objectID: "Activity:kept:en", title: "Sinkhole repair" },
          },
        ],
      }),
    );
    const response = await handle("POST", "/1/indexes/content_production/batch", body, {
      "x-algolia-api-key": ADMIN,
      "content-encoding": "gzip",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      taskID: expect.any(Number),
      objectIDs: ["Activity:new:en", "Activity:new:en", "Activity:kept:en"],
    });
    const found = await engine.search("content_production", { query: "sinkhole" });
    expect(found.hits.map((hit) => hit.objectID)).toEqual(["Activity:kept:en"]);
    const bad = await handle(
      "POST",
      "/1/indexes/content_production/batch",
      { requests: [{ action: "addObject", body: { title: "no id" } }] },
      { "x-algolia-api-key": ADMIN },
    );
    expect(bad.status).toBe(400);
  });
});

describe("AlgoliaCompatibleHandler with hostile bodies", () => {
  const QUERY = "/1/indexes/content_production/query";
  const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

  it("refuses deeply nested JSON with 400, wherever it sits", async () => {
    const { handle } = await setup();
    const deep = nested(5000);
    const bodies: Array<[string, string]> = [
      [QUERY, deep],
      [QUERY, `{"page":${deep}}`],
      [QUERY, `{"facets":${deep}}`],
      [QUERY, `{"attributesToRetrieve":${deep}}`],
      [QUERY, `{"x":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`],
      ["/1/indexes/*/queries", `{"requests":[{"indexName":"content_production","hitsPerPage":${deep}}]}`],
    ];
    for (const [path, body] of bodies) {
      const response = await handle("POST", path, body);
      expect(response, body.slice(0, 30)).toEqual({
        status: 400,
        body: { status: 400, message: "JSON body nested too deeply" },
      });
    }
    // already parsed bodies (in-process callers) are held to the same bound
    expect((await handle("POST", QUERY, { page: JSON.parse(nested(100)) })).status).toBe(400);
    // what Algolia's clients send nests a few levels, and passes
    const ok = await handle("POST", QUERY, {
      query: "pothole",
      facetFilters: [["locale:en", "kind:activity"]],
    });
    expect(ok.status).toBe(200);
  });

  it("decompresses gzip and deflate bodies once, and refuses corrupt or unknown ones", async () => {
    const { handle } = await setup();
    const json = JSON.stringify({ query: "pothole", filters: "locale:en" });
    for (const [encoding, body] of [
      ["gzip", gzipSync(json)],
      ["deflate", deflateSync(json)],
    ] as const) {
      const response = await handle("POST", QUERY, body, { "content-encoding": encoding });
      expect(response.status, encoding).toBe(200);
      expect((response.body as { nbHits: number }).nbHits).toBe(1);
    }
    const cases: Array<[string, Uint8Array, number]> = [
      ["gzip", Buffer.from("not gzip at all"), 400],
      ["deflate", deflateSync(json).subarray(0, 6), 400],
      ["gzip", gzipSync(json).subarray(0, 12), 400],
      ["br", Buffer.from(json), 415],
    ];
    for (const [encoding, body, status] of cases) {
      const response = await handle("POST", QUERY, body, { "content-encoding": encoding });
      expect(response, encoding).toEqual({ status, body: { status, message: expect.any(String) } });
    }
  });

  it("bounds bodies: searches small, the admin key's writes large, bombs included", async () => {
    const { handle } = await setup();
    const handler = new AlgoliaCompatibleHandler(new SearchEngine(), { adminApiKey: ADMIN });
    expect(handler.bodyLimit(QUERY, {})).toBe(DEFAULT_MAX_QUERY_BODY);
    expect(handler.bodyLimit(QUERY, { "x-algolia-api-key": "wrong" })).toBe(DEFAULT_MAX_QUERY_BODY);
    expect(handler.bodyLimit("/1/indexes/x/batch", { "x-algolia-api-key": ADMIN })).toBe(
      DEFAULT_MAX_WRITE_BODY,
    );
    expect(DEFAULT_MAX_QUERY_BODY).toBeLessThanOrEqual(64 * 1024);

    const tooBig = JSON.stringify({ query: "x".repeat(DEFAULT_MAX_QUERY_BODY) });
    expect((await handle("POST", QUERY, tooBig)).status).toBe(413);
    // 1 MB of zeros gzips to about 1 KB: refused when inflating passes the bound, not after
    const bomb = gzipSync(`{"query":"${"0".repeat(1024 * 1024)}"}`);
    expect(bomb.length).toBeLessThan(DEFAULT_MAX_QUERY_BODY);
    expect((await handle("POST", QUERY, bomb, { "content-encoding": "gzip" })).status).toBe(413);
  });
});

describe("algoliasearch v5 against the embedded backend", () => {
  let server: Server;
  let origin: string;
  let engine: SearchEngine;

  beforeAll(async () => {
    const built = await setup();
    engine = built.engine;
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", async () => {
        const path = (req.url ?? "").slice(SEARCH_API_PREFIX.length);
        const response = await built.handle(req.method ?? "GET", path, Buffer.concat(chunks), req.headers);
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(JSON.stringify(response.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("searches over HTTP with the site's client", async () => {
    const client = createSearchClient({ backend: "embedded", indexName: "content_production", origin });
    const { results, total } = await client.contentSearch("deduccion", { locale: "es" });
    expect(total).toBeGreaterThan(0);
    expect(results[0]).toMatchObject({ slug: "apply-for-a-homestead-deduction", kind: "activity" });
  });

  it("runs the raw client's searchSingleIndex and search (multi-query)", async () => {
    const raw = algoliasearch("embedded", "key", {
      hosts: [{ url: `${new URL(origin).host}${SEARCH_API_PREFIX}`, accept: "readWrite", protocol: "http" }],
    });
    const single = await raw.searchSingleIndex({
      indexName: "content_production",
      searchParams: { query: "pothole" },
    });
    expect(single.hits.map((hit) => hit.objectID)).toContain("Activity:report-a-pothole:en");
    const multi = await raw.search({
      requests: [
        { indexName: "content_production", query: "bache", filters: "locale:es" },
        { indexName: "content_production", query: "trash", filters: "locale:en" },
      ],
    });
    expect(multi.results).toHaveLength(2);
  });

  it("pushes records with settings and synonyms through replaceAllObjects (the indexer's Algolia path)", async () => {
    const client = createSearchClient({ backend: "embedded", indexName: "pushed", origin, apiKey: ADMIN });
    const records = buildRecords(sampleSource());
    const counts = await pushRecords(client.algolia, "pushed", records, SAMPLE_SYNONYMS);
    expect(counts.records).toBe(records.length);
    expect(engine.indexNames()).toContain("pushed");
    expect(engine.indexNames().some((name) => name.startsWith("pushed_tmp"))).toBe(false);
    expect(engine.index("pushed").settings).toMatchObject({ attributesForFaceting: expect.any(Array) });
    const { results } = await client.contentSearch("basura", { locale: "es" });
    expect(results[0]?.slug).toBe("find-your-trash-pickup-day");
  });

  it("fails the push without the admin key", async () => {
    const client = createSearchClient({ backend: "embedded", indexName: "pushed", origin });
    await expect(pushRecords(client.algolia, "pushed", [], [])).rejects.toMatchObject({ status: 403 });
  });
});

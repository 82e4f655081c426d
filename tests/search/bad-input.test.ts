/**
 * Bad input end to end: empty, 10,000-character, binary and injection-looking terms go through the
 * search client, the Algolia-compatible handler and the typeahead endpoint without an exception and
 * without a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createSearchClient, type SearchClient } from "../../src/search/client";
import { AlgoliaCompatibleHandler } from "../../src/search-service/algolia-handler";
import { SearchEngine } from "../../src/search-service/engine";
import { indexContent } from "../../src/search-service/indexer";
import { loadSynonyms } from "../../src/search-service/synonyms";
import { createTypeaheadHandler } from "../../src/search-service/typeahead-endpoint";
import { loadContent, PROJECT_ROOT } from "./load-content";

const binary = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)).toString("latin1");

const TERMS: Record<string, string> = {
  empty: "",
  blank: " \t\n ",
  long: "property tax ".repeat(800).slice(0, 10_000),
  "long word": "x".repeat(10_000),
  binary,
  "lone surrogates": "\ud800\udc00\ud800 \udfff tax",
  "NUL bytes": "tax\u0000es",
  sql: "' OR 1=1; DROP TABLE activities; --",
  script: '<script>alert("x")</script><img src=x onerror=alert(1)>',
  "filter syntax": 'locale:en OR (kind:"activity") AND NOT locale:es',
  "percent junk": "%E0%A4%A%ZZ%",
  "json-ish": '{"$where": "1"} [] {}',
  "prototype words": "__proto__ constructor prototype toString",
  "regex chars": `.*+?^$${"{"}}()|[]\\/`,
  emoji: "🙂 impuestos 🏠",
  rtl: "\u202Eserxat\u202C",
};

describe("bad search input", () => {
  let client: SearchClient;
  let handle: AlgoliaCompatibleHandler["handleAlgoliaRequest"];

  beforeAll(async () => {
    const engine = new SearchEngine({ synonyms: loadSynonyms(`${PROJECT_ROOT}/config/synonyms.json`) });
    await indexContent(engine, loadContent());
    handle = new AlgoliaCompatibleHandler(engine).handleAlgoliaRequest;
    client = createSearchClient({ backend: "embedded", indexName: "content_production", handler: handle });
  });

  for (const [name, term] of Object.entries(TERMS)) {
    it(`${name}: results page, typeahead and backend all answer normally`, async () => {
      for (const locale of ["en", "es"]) {
        const page = await client.contentSearch(term, { locale });
        expect(Array.isArray(page.results)).toBe(true);
        expect(page.term.length).toBeLessThanOrEqual(200);

        const typeahead = createTypeaheadHandler((t, options) => client.typeaheadSearch(t, options));
        const response = await typeahead(new URLSearchParams({ term, locale }));
        expect(response.status).toBe(200);
        expect(Array.isArray((response.body as { results: unknown[] }).results)).toBe(true);
      }
      const raw = await handle(
        "POST",
        "/1/indexes/content_production/query",
        JSON.stringify({ query: term }),
      );
      expect(raw.status).toBe(200);
    });
  }

  it("malformed requests get 400, never 500", async () => {
    const bodies: unknown[] = [
      binary,
      Buffer.from(binary, "latin1"),
      "null",
      "[]",
      '{"query": {"$gt": ""}}',
      '{"query": "x", "params": 5}',
      '{"query": "x", "page": "NaN"}',
      '{"query": "x", "facetFilters": [[["deep"]]]}',
      `{"query": "x", "filters": "${"(".repeat(2000)}"}`,
    ];
    for (const body of bodies) {
      const response = await handle("POST", "/1/indexes/content_production/query", body);
      expect([200, 400]).toContain(response.status);
    }
    const gzipLie = await handle("POST", "/1/indexes/*/queries", Buffer.from("not gzip"), {
      "content-encoding": "gzip",
    });
    expect(gzipLie.status).toBe(400);
  });
});

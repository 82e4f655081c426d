import { beforeAll, describe, expect, it } from "vitest";
import { AlgoliaCompatibleHandler } from "../search-service/algolia-handler";
import { SearchEngine } from "../search-service/engine";
import { indexContent } from "../search-service/indexer";
import { SAMPLE_SYNONYMS, sampleSource } from "../search-service/test-fixtures";
import { createSearchClient, type InProcessSearchHandler, SearchError } from "./client";
import { SEARCH_TIMEOUTS } from "./constants";

describe("createSearchClient", () => {
  let handler: InProcessSearchHandler;
  const calls: Array<{ method: string; path: string; body: unknown }> = [];

  beforeAll(async () => {
    const engine = new SearchEngine({ synonyms: SAMPLE_SYNONYMS });
    await indexContent(engine, sampleSource());
    const inner = new AlgoliaCompatibleHandler(engine).handleAlgoliaRequest;
    handler = async (method, path, body, headers) => {
      calls.push({ method, path, body: typeof body === "string" ? JSON.parse(body) : body });
      return inner(method, path, body, headers);
    };
  });

  it("sends the spec's content search: decoded term, hit attributes, no highlighting, 50 per page, locale", async () => {
    calls.length = 0;
    const client = createSearchClient({ backend: "embedded", indexName: "content_test", handler });
    const found = await client.contentSearch("deducci%C3%B3n", { locale: "es" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe("POST");
    expect(calls[0]?.path).toMatch(/^\/1\/indexes\/content_test\/query\?/);
    expect(calls[0]?.body).toEqual({
      query: "deducción",
      attributesToRetrieve: ["__typename", "slug", "id", "localizations", "external_content_url"],
      attributesToHighlight: [],
      attributesToSnippet: [],
      hitsPerPage: 50,
      page: 0,
      filters: "locale:es",
    });
    expect(found.term).toBe("deducción");
    expect(found.results[0]).toEqual({
      id: "apply-for-a-homestead-deduction",
      slug: "apply-for-a-homestead-deduction",
      title: "Solicitar la deducción por vivienda principal",
      subtitle: "Lower the taxes on the home you live in",
      description: "La deducción reduce el valor tasado de su vivienda.",
      externalContentUrl: null,
      kind: "activity",
    });
    expect(found).toMatchObject({ page: 0, pages: 1 });
  });

  it("falls back to the English records when a Spanish search finds nothing", async () => {
    calls.length = 0;
    const client = createSearchClient({ backend: "embedded", indexName: "content_test", handler });
    const found = await client.contentSearch("register", { locale: "es" });
    expect(calls.map((call) => (call.body as { filters: string }).filters)).toEqual([
      "locale:es",
      "locale:en",
    ]);
    expect(found.foundIn).toBe("en");
    expect(found.results.map((r) => r.title)).toEqual(["Register to vote"]);
    expect(found.total).toBe(1);
  });

  it("keeps the asked language when it finds something, or when English finds nothing either", async () => {
    const client = createSearchClient({ backend: "embedded", indexName: "content_test", handler });
    expect((await client.contentSearch("bache", { locale: "es" })).foundIn).toBe("es");
    expect((await client.contentSearch("register", { locale: "en" })).foundIn).toBe("en");
    calls.length = 0;
    const nothing = await client.contentSearch("zzzxqv", { locale: "es" });
    expect(calls).toHaveLength(2);
    expect(nothing).toMatchObject({ results: [], total: 0, foundIn: "es" });
  });

  it("uses the spec's timeouts", () => {
    const client = createSearchClient({
      backend: "algolia",
      appId: "APP",
      apiKey: "key",
      indexName: "content_production",
    });
    expect(client.algolia.transporter.timeouts).toEqual(SEARCH_TIMEOUTS);
    expect(client.backend).toBe("algolia");
  });

  it("typeahead: at least 3 characters, limit 6 by default, at most 20", async () => {
    calls.length = 0;
    const client = createSearchClient({ backend: "embedded", indexName: "content_production", handler });
    expect(await client.typeaheadSearch("po", { locale: "en" })).toEqual([]);
    expect(calls).toHaveLength(0);
    const results = await client.typeaheadSearch("pot", { locale: "en" });
    expect(results[0]?.slug).toBe("report-a-pothole");
    expect((calls[0]!.body as { hitsPerPage: number }).hitsPerPage).toBe(6);
    await client.typeaheadSearch("pot", { locale: "xx", limit: 500 });
    expect(calls[1]?.body).toMatchObject({ hitsPerPage: 20, filters: "locale:en" });
  });

  it("answers terms with nothing to search without asking the backend", async () => {
    calls.length = 0;
    const client = createSearchClient({ backend: "embedded", indexName: "content_production", handler });
    for (const term of ["", "   ", "?!*", "\u0000\u0001"]) {
      expect(await client.contentSearch(term)).toMatchObject({ results: [], total: 0 });
    }
    expect(calls).toHaveLength(0);
  });

  it("turns backend failures into SearchError with the status", async () => {
    const failing = createSearchClient({
      backend: "embedded",
      indexName: "missing",
      handler: async () => ({ status: 404, body: { message: "Index does not exist", status: 404 } }),
    });
    await expect(failing.contentSearch("taxes")).rejects.toMatchObject({ name: "SearchError", status: 404 });
    const unreachable = createSearchClient({
      backend: "embedded",
      indexName: "x",
      origin: "http://127.0.0.1:9",
    });
    const error = await unreachable.contentSearch("taxes").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchError);
    expect((error as SearchError).status).toBe(0);
  });

  it("needs an origin or a handler in embedded mode, and credentials for Algolia", () => {
    expect(() => createSearchClient({ backend: "embedded", indexName: "x" })).toThrow(SearchError);
    expect(() => createSearchClient({ backend: "algolia", appId: "", apiKey: "k", indexName: "x" })).toThrow(
      SearchError,
    );
  });
});

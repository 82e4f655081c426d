import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { createSearchClient } from "../search/client";
import { createEmbeddedSearch } from "./embedded";
import { sampleSource } from "./test-fixtures";

describe("createEmbeddedSearch", () => {
  it("indexes, serves the client in-process and re-indexes in order", async () => {
    const search = createEmbeddedSearch({
      env: { SEARCH_ADMIN_KEY: "k" },
      root: resolve(import.meta.dirname, "../.."),
    });
    const client = createSearchClient({
      backend: "embedded",
      indexName: "content_test",
      handler: search.handleAlgoliaRequest,
    });
    const first = search.reindex({ ...sampleSource(), topics: [] });
    const second = search.reindex(sampleSource());
    await Promise.all([first, second]);
    const { results } = await client.contentSearch("garbage", { locale: "en" });
    expect(results[0]?.slug).toBe("find-your-trash-pickup-day");
    expect((await client.contentSearch("property taxes")).results.map((r) => r.kind)).toContain("topic");
    const write = await search.handleAlgoliaRequest(
      "POST",
      "/1/indexes/x/clear",
      {},
      { "x-algolia-api-key": "k" },
    );
    expect(write.status).toBe(200);
    // only the admin key may send the indexer's large batches
    expect(search.bodyLimit("/1/indexes/x/batch", { "x-algolia-api-key": "k" })).toBeGreaterThan(
      search.bodyLimit("/1/indexes/x/query", {}),
    );
  });
});

import { describe, expect, it } from "vitest";
import { SearchConfigError, searchClientConfigFromEnv } from "./config";

describe("searchClientConfigFromEnv", () => {
  it("defaults to the embedded backend and picks the index by host", () => {
    expect(
      searchClientConfigFromEnv({}, { host: "test.cedarport.gov", origin: "http://127.0.0.1:3000" }),
    ).toEqual({
      backend: "embedded",
      indexName: "content_test",
      origin: "http://127.0.0.1:3000",
    });
    expect(searchClientConfigFromEnv({ SEARCH_INDEX: "custom" }).indexName).toBe("custom");
  });

  it("uses Algolia with a search-only key when asked", () => {
    expect(
      searchClientConfigFromEnv(
        { SEARCH_BACKEND: "algolia", ALGOLIA_APP_ID: "APP", ALGOLIA_SEARCH_KEY: "search" },
        { host: "www.cedarport.gov" },
      ),
    ).toEqual({ backend: "algolia", appId: "APP", apiKey: "search", indexName: "content_production" });
  });

  it("explains what is missing", () => {
    expect(() => searchClientConfigFromEnv({ SEARCH_BACKEND: "algolia" })).toThrow(SearchConfigError);
    expect(() => searchClientConfigFromEnv({ SEARCH_BACKEND: "solr" })).toThrow(/embedded.*algolia/);
  });
});

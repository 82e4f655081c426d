import { describe, expect, it, vi } from "vitest";
import type { SearchResult } from "./results";
import { fetchTypeaheadResults, TypeaheadRequestError, typeaheadUrl } from "./typeahead";

const result = (slug: string): SearchResult => ({
  id: slug,
  slug,
  title: slug,
  subtitle: null,
  description: null,
  externalContentUrl: null,
  kind: "activity",
});

describe("fetchTypeaheadResults", () => {
  it("calls /api/v1/search with term, locale and limit", async () => {
    const fetch = vi.fn(
      async (_url: string | URL | Request) =>
        new Response(JSON.stringify({ results: [result("a")] }), { status: 200 }),
    );
    expect(await fetchTypeaheadResults(" pay  taxes ", { locale: "es", fetch })).toEqual([result("a")]);
    expect(fetch.mock.calls[0]?.[0]).toBe("/api/v1/search?term=pay+taxes&locale=es&limit=6");
    expect(typeaheadUrl("a&b", "en", 3)).toBe("/api/v1/search?term=a%26b&locale=en&limit=3");
  });

  it("throws the status text on failure", async () => {
    const down = vi.fn(async () => new Response("", { status: 503, statusText: "Service Unavailable" }));
    await expect(fetchTypeaheadResults("tax", { locale: "en", fetch: down })).rejects.toMatchObject({
      status: 503,
      statusText: "Service Unavailable",
    });
    const broken = vi.fn(async () => new Response("<html>", { status: 200 }));
    await expect(fetchTypeaheadResults("tax", { locale: "en", fetch: broken })).rejects.toBeInstanceOf(
      TypeaheadRequestError,
    );
    const offline = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    await expect(fetchTypeaheadResults("tax", { locale: "en", fetch: offline })).rejects.toMatchObject({
      statusText: "Network error",
    });
  });
});

import { describe, expect, it, vi } from "vitest";
import type { SearchResult } from "../search/results";
import { createTypeaheadHandler } from "./typeahead-endpoint";

const result: SearchResult = {
  id: "report-a-pothole",
  slug: "report-a-pothole",
  title: "Report a pothole",
  subtitle: null,
  description: null,
  externalContentUrl: null,
  kind: "activity",
};

describe("typeahead endpoint", () => {
  it("searches with the cleaned term, locale and limit", async () => {
    const search = vi.fn(async () => Array.from({ length: 10 }, () => result));
    const handle = createTypeaheadHandler(search);
    const response = await handle("?term=%20%20pot%00hole%20&locale=es&limit=3");
    expect(response.status).toBe(200);
    expect(search).toHaveBeenCalledWith("pot hole", { locale: "es", limit: 3 });
    expect(response.body).toEqual({ results: [result, result, result] });
    expect(response.headers["content-type"]).toContain("application/json");
  });

  it("uses the defaults (en, 6) and cuts long terms to 200 characters", async () => {
    const search = vi.fn(async () => []);
    const handle = createTypeaheadHandler(search);
    await handle({ term: "x".repeat(10_000) });
    expect(search).toHaveBeenCalledWith("x".repeat(200), { locale: "en", limit: 6 });
  });

  it("answers an empty or missing term with no results, without searching", async () => {
    const search = vi.fn(async () => [result]);
    const handle = createTypeaheadHandler(search);
    for (const query of ["", "term=", "term=%20%20", new URLSearchParams({ term: "\u0000\u0001" })]) {
      const response = await handle(query);
      expect(response).toMatchObject({ status: 200, body: { results: [] } });
    }
    expect(search).not.toHaveBeenCalled();
  });

  it("answers malformed requests with 400", async () => {
    const handle = createTypeaheadHandler(async () => [result]);
    for (const query of [
      "term=tax&limit=0",
      "term=tax&limit=21",
      "term=tax&limit=abc",
      "term=tax&limit=1.5",
      "term=tax&limit=-1",
      "term=tax&locale=fr",
      "term=a&term=b",
      { term: ["a", "b"] },
    ]) {
      const response = await handle(query);
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(response.body).toHaveProperty("error");
    }
  });

  it("answers 400 when the search backend refuses the query itself", async () => {
    const log = vi.fn();
    const handle = createTypeaheadHandler(async () => {
      throw Object.assign(new Error("Invalid query"), { status: 400 });
    }, log);
    const response = await handle("term=taxes");
    expect(response).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    expect(log).not.toHaveBeenCalled();
  });

  it("answers 503 when the search backend fails, and logs it", async () => {
    const log = vi.fn();
    const handle = createTypeaheadHandler(async () => {
      throw new Error("down");
    }, log);
    const response = await handle("term=taxes");
    expect(response).toMatchObject({ status: 503, body: { error: "Search is unavailable" } });
    expect(log).toHaveBeenCalled();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SearchResult } from "./results";
import {
  createTypeaheadController,
  fetchTypeaheadResults,
  initialTypeaheadState,
  isMenuOpen,
  TypeaheadRequestError,
  typeaheadReducer,
  typeaheadUrl,
} from "./typeahead";

const result = (slug: string): SearchResult => ({
  id: slug,
  slug,
  title: slug,
  subtitle: null,
  description: null,
  externalContentUrl: null,
  kind: "activity",
});

describe("typeaheadReducer (SPEC §4)", () => {
  it("idle, then open when a query returns, then closed by the close button", () => {
    let state = initialTypeaheadState();
    expect(state.status).toBe("idle");
    state = typeaheadReducer(state, { type: "input", term: "tax" });
    state = typeaheadReducer(state, { type: "request", requestId: 1 });
    expect(state.status).toBe("loading");
    state = typeaheadReducer(state, { type: "success", requestId: 1, results: [result("a")] });
    expect(state).toMatchObject({ status: "open", resultsTerm: "tax", error: false });
    expect(isMenuOpen(state)).toBe(true);
    state = typeaheadReducer(state, { type: "close" });
    expect(state.status).toBe("closed");
    expect(isMenuOpen(state)).toBe(false);
  });

  it("on failure sets the error flag and status text and hides the results", () => {
    let state = typeaheadReducer(initialTypeaheadState(), { type: "input", term: "tax" });
    state = typeaheadReducer(state, { type: "request", requestId: 1 });
    state = typeaheadReducer(state, { type: "success", requestId: 1, results: [result("a")] });
    state = typeaheadReducer(state, { type: "request", requestId: 2 });
    state = typeaheadReducer(state, { type: "failure", requestId: 2, statusText: "Service Unavailable" });
    expect(state).toMatchObject({
      status: "error",
      error: true,
      statusText: "Service Unavailable",
      results: [],
    });
    expect(isMenuOpen(state)).toBe(false);
    state = typeaheadReducer(state, { type: "request", requestId: 3 });
    state = typeaheadReducer(state, { type: "success", requestId: 3, results: [result("b")] });
    expect(state).toMatchObject({ status: "open", error: false, statusText: null });
  });

  it("ignores stale answers and short terms", () => {
    let state = typeaheadReducer(initialTypeaheadState(), { type: "input", term: "taxes" });
    state = typeaheadReducer(state, { type: "request", requestId: 1 });
    state = typeaheadReducer(state, { type: "request", requestId: 2 });
    expect(typeaheadReducer(state, { type: "success", requestId: 1, results: [result("old")] })).toBe(state);
    state = typeaheadReducer(state, { type: "input", term: "ta" });
    expect(
      typeaheadReducer(state, { type: "success", requestId: 2, results: [result("late")] }).results,
    ).toEqual([]);
  });

  it("moves the active option with wrap-around, including the last item", () => {
    let state = initialTypeaheadState({ hasLastItem: true });
    state = typeaheadReducer(state, { type: "input", term: "tax" });
    state = typeaheadReducer(state, { type: "request", requestId: 1 });
    state = typeaheadReducer(state, { type: "success", requestId: 1, results: [result("a"), result("b")] });
    const moves = [1, 1, 1, 1, -1, -1] as const;
    const seen = moves.map((delta) => {
      state = typeaheadReducer(state, { type: "move", delta });
      return state.activeIndex;
    });
    expect(seen).toEqual([0, 1, 2, 0, 2, 1]);
    expect(typeaheadReducer(state, { type: "moveTo", index: 99 }).activeIndex).toBe(2);
    expect(typeaheadReducer(initialTypeaheadState(), { type: "move", delta: -1 }).activeIndex).toBe(-1);
  });
});

describe("createTypeaheadController", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("debounces 500 ms, needs 3 characters and searches once for the last term", async () => {
    const search = vi.fn(async (term: string) => [result(term)]);
    const controller = createTypeaheadController({ search });
    controller.input("ta");
    await vi.advanceTimersByTimeAsync(600);
    expect(search).not.toHaveBeenCalled();
    controller.input("tax");
    await vi.advanceTimersByTimeAsync(300);
    controller.input("taxes");
    await vi.advanceTimersByTimeAsync(499);
    expect(search).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe("taxes");
    expect(controller.getState()).toMatchObject({ status: "open", results: [result("taxes")] });
  });

  it("drops the answer to a request overtaken by typing, and reports failures", async () => {
    let fail = false;
    const log = vi.fn();
    const search = vi.fn(
      (term: string, signal: AbortSignal) =>
        new Promise<SearchResult[]>((resolve, reject) => {
          signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          setTimeout(
            () =>
              fail ? reject(new TypeaheadRequestError(503, "Service Unavailable")) : resolve([result(term)]),
            100,
          );
        }),
    );
    const controller = createTypeaheadController({ search, log });
    const changes = vi.fn();
    controller.subscribe(changes);
    controller.input("pothole");
    await vi.advanceTimersByTimeAsync(550);
    controller.input("potholes");
    await vi.advanceTimersByTimeAsync(700);
    expect(controller.getState().results).toEqual([result("potholes")]);
    expect(changes).toHaveBeenCalled();
    fail = true;
    controller.input("trash");
    await vi.advanceTimersByTimeAsync(700);
    expect(controller.getState()).toMatchObject({
      status: "error",
      error: true,
      statusText: "Service Unavailable",
      results: [],
    });
    expect(log).toHaveBeenCalledTimes(1);
    controller.dispose();
  });
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

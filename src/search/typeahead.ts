/**
 * The typeahead's view model (SPEC §2, §4, §5, §9), free of React: a reducer for its states
 * (idle, then open when a query returns, closed by the close button; on failure an error flag and
 * the status text, results hidden), the combobox's active option, a fetcher for /api/v1/search and
 * a small controller that debounces typing and drops stale answers.
 */
import { TYPEAHEAD_DEBOUNCE_MS, TYPEAHEAD_ENDPOINT, TYPEAHEAD_LIMIT, TYPEAHEAD_MIN_CHARS } from "./constants";
import type { SearchResult } from "./results";
import { cleanTerm } from "./term";

export type TypeaheadStatus = "idle" | "loading" | "open" | "closed" | "error";

export interface TypeaheadState {
  status: TypeaheadStatus;
  /** What is in the input. */
  term: string;
  /** The term the shown results belong to. */
  resultsTerm: string;
  results: SearchResult[];
  /** Set when the last search failed; the results are hidden then. */
  error: boolean;
  statusText: string | null;
  /** Index of the highlighted option (-1: none); `results.length` is the optional last item. */
  activeIndex: number;
  /** Whether the menu has a last item (e.g. "See all results for ..."). */
  hasLastItem: boolean;
  /** Increases with every request, so an older answer never replaces a newer one. */
  requestId: number;
}

export type TypeaheadEvent =
  | { type: "input"; term: string }
  | { type: "request"; requestId: number }
  | { type: "success"; requestId: number; results: SearchResult[] }
  | { type: "failure"; requestId: number; statusText: string }
  | { type: "close" }
  | { type: "move"; delta: 1 | -1 }
  | { type: "moveTo"; index: number };

export function initialTypeaheadState(
  options: { hasLastItem?: boolean; term?: string } = {},
): TypeaheadState {
  return {
    status: "idle",
    term: options.term ?? "",
    resultsTerm: "",
    results: [],
    error: false,
    statusText: null,
    activeIndex: -1,
    hasLastItem: options.hasLastItem ?? false,
    requestId: 0,
  };
}

/** Whether a term is long enough to search (SPEC §5: minimum 3 characters). */
export function isTypeaheadTerm(term: string): boolean {
  return cleanTerm(term).length >= TYPEAHEAD_MIN_CHARS;
}

/** The options the menu shows: the results, plus the last item when there is one. */
export function optionCount(state: TypeaheadState): number {
  if (state.status !== "open") return 0;
  return state.results.length + (state.hasLastItem ? 1 : 0);
}

export function isMenuOpen(state: TypeaheadState): boolean {
  return state.status === "open" && optionCount(state) > 0;
}

export function typeaheadReducer(state: TypeaheadState, event: TypeaheadEvent): TypeaheadState {
  switch (event.type) {
    case "input": {
      if (event.term === state.term) return state;
      if (!isTypeaheadTerm(event.term)) {
        // too short: nothing to show, and any answer still on its way is stale
        return {
          ...state,
          term: event.term,
          status: state.status === "idle" ? "idle" : "closed",
          results: [],
          resultsTerm: "",
          activeIndex: -1,
          requestId: state.requestId + 1,
        };
      }
      return { ...state, term: event.term, activeIndex: -1 };
    }
    case "request":
      if (event.requestId <= state.requestId) return state;
      return { ...state, status: state.status === "open" ? "open" : "loading", requestId: event.requestId };
    case "success":
      if (event.requestId !== state.requestId) return state;
      return {
        ...state,
        status: "open",
        results: event.results,
        resultsTerm: state.term,
        error: false,
        statusText: null,
        activeIndex: -1,
      };
    case "failure":
      if (event.requestId !== state.requestId) return state;
      return {
        ...state,
        status: "error",
        results: [],
        resultsTerm: "",
        error: true,
        statusText: event.statusText,
        activeIndex: -1,
      };
    case "close":
      return { ...state, status: "closed", activeIndex: -1 };
    case "move": {
      const count = optionCount(state);
      if (count === 0) return state;
      // wraps around, as the WAI-ARIA combobox pattern allows
      const next =
        state.activeIndex < 0 && event.delta < 0
          ? count - 1
          : (state.activeIndex + event.delta + count) % count;
      return { ...state, activeIndex: next };
    }
    case "moveTo": {
      const count = optionCount(state);
      if (count === 0) return state;
      return { ...state, activeIndex: event.index < 0 ? -1 : Math.min(event.index, count - 1) };
    }
  }
}

export class TypeaheadRequestError extends Error {
  override name = "TypeaheadRequestError";
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {
    super(statusText || `HTTP ${status}`);
  }
}

export interface TypeaheadFetchOptions {
  locale: string;
  limit?: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /** Base URL for server-side use; the browser uses relative URLs. */
  baseUrl?: string;
}

/** The URL of the typeahead endpoint for a term (SPEC §7.3). */
export function typeaheadUrl(term: string, locale: string, limit = TYPEAHEAD_LIMIT): string {
  const query = new URLSearchParams({ term, locale, limit: String(limit) });
  return `${TYPEAHEAD_ENDPOINT}?${query.toString()}`;
}

/** Asks /api/v1/search; throws TypeaheadRequestError with the status text on any failure. */
export async function fetchTypeaheadResults(
  term: string,
  options: TypeaheadFetchOptions,
): Promise<SearchResult[]> {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl ?? ""}${typeaheadUrl(cleanTerm(term), options.locale, options.limit)}`;
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: { accept: "application/json" },
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if ((error as Error)?.name === "AbortError") throw error;
    throw new TypeaheadRequestError(0, "Network error");
  }
  if (!response.ok)
    throw new TypeaheadRequestError(response.status, response.statusText || `HTTP ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new TypeaheadRequestError(response.status, "Invalid response");
  }
  const results = (json as { results?: unknown })?.results;
  if (!Array.isArray(results)) throw new TypeaheadRequestError(response.status, "Invalid response");
  return results as SearchResult[];
}

export interface TypeaheadControllerOptions {
  search: (term: string, signal: AbortSignal) => Promise<SearchResult[]>;
  debounceMs?: number;
  hasLastItem?: boolean;
  /** A failed search is logged (SPEC §8); tests pass a quiet logger. */
  log?: (message: string, error: unknown) => void;
}

export interface TypeaheadController {
  getState(): TypeaheadState;
  subscribe(listener: () => void): () => void;
  /** The input changed: searches after the debounce delay when the term is long enough. */
  input(term: string): void;
  close(): void;
  move(delta: 1 | -1): void;
  moveTo(index: number): void;
  /** Stops timers and pending requests. */
  dispose(): void;
}

/** Typing, debounce, requests and stale answers in one place; React reads it with useSyncExternalStore. */
export function createTypeaheadController(options: TypeaheadControllerOptions): TypeaheadController {
  const debounceMs = options.debounceMs ?? TYPEAHEAD_DEBOUNCE_MS;
  const log = options.log ?? ((message, error) => console.error(message, error));
  let state = initialTypeaheadState({ hasLastItem: options.hasLastItem ?? false });
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;

  const dispatch = (event: TypeaheadEvent) => {
    const next = typeaheadReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending?.abort();
    pending = undefined;
  };

  const run = async (term: string) => {
    const requestId = state.requestId + 1;
    const controller = new AbortController();
    pending = controller;
    dispatch({ type: "request", requestId });
    try {
      const results = await options.search(cleanTerm(term), controller.signal);
      dispatch({ type: "success", requestId, results });
    } catch (error) {
      if (controller.signal.aborted) return;
      log("typeahead search failed", error);
      const statusText =
        error instanceof TypeaheadRequestError ? error.statusText : (error as Error)?.message || "Error";
      dispatch({ type: "failure", requestId, statusText });
    }
  };

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    input(term) {
      cancel();
      dispatch({ type: "input", term });
      if (!isTypeaheadTerm(term)) return;
      timer = setTimeout(() => {
        timer = undefined;
        void run(term);
      }, debounceMs);
    },
    close() {
      cancel();
      dispatch({ type: "close" });
    },
    move: (delta) => dispatch({ type: "move", delta }),
    moveTo: (index) => dispatch({ type: "moveTo", index }),
    dispose() {
      cancel();
      listeners.clear();
    },
  };
}

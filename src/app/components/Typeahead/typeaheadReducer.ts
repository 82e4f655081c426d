/**
 * The typeahead's states (SPEC §4): idle until a query returns, then open; closed by the close
 * button, Escape or a click outside. A failed query sets the error flag and the error's status text
 * and keeps results hidden. Pure, so every transition is tested without a browser.
 */

export type TypeaheadStatus = "idle" | "open" | "closed";

export interface TypeaheadState<T> {
  status: TypeaheadStatus;
  /** The term the current results answer. */
  term: string;
  results: readonly T[];
  /** Index of the highlighted option (results, then the optional last item); -1 for none. */
  activeIndex: number;
  error: boolean;
  statusText: string;
}

export type TypeaheadAction<T> =
  /** The input fell under the minimum length: nothing to show. */
  | { type: "reset" }
  | { type: "received"; term: string; results: readonly T[]; limit: number }
  | { type: "failed"; statusText: string }
  | { type: "close" }
  /** Arrow keys; `optionCount` includes the optional last item. */
  | { type: "move"; by: 1 | -1; optionCount: number }
  | { type: "dismissError" };

export function initialTypeaheadState<T>(): TypeaheadState<T> {
  return { status: "idle", term: "", results: [], activeIndex: -1, error: false, statusText: "" };
}

export function typeaheadReducer<T>(state: TypeaheadState<T>, action: TypeaheadAction<T>): TypeaheadState<T> {
  switch (action.type) {
    case "reset":
      return { ...initialTypeaheadState<T>(), error: state.error, statusText: state.statusText };
    case "received":
      return {
        status: "open",
        term: action.term,
        results: action.results.slice(0, Math.max(0, action.limit)),
        activeIndex: -1,
        error: false,
        statusText: "",
      };
    case "failed":
      return {
        ...state,
        status: "closed",
        results: [],
        activeIndex: -1,
        error: true,
        statusText: action.statusText,
      };
    case "close":
      return state.status === "open" ? { ...state, status: "closed", activeIndex: -1 } : state;
    case "move": {
      if (action.optionCount <= 0 || state.status === "idle" || state.error) return state;
      // A closed menu reopens on the first press, on its first (or, going up, last) option.
      const from = state.status === "open" ? state.activeIndex : -1;
      const next = from === -1 ? (action.by === 1 ? 0 : action.optionCount - 1) : from + action.by;
      const wrapped = (next + action.optionCount) % action.optionCount;
      return { ...state, status: "open", activeIndex: wrapped };
    }
    case "dismissError":
      return { ...state, error: false, statusText: "" };
    default:
      return state;
  }
}

/**
 * The status text of a failed request: `statusText` on a fetch Response-like error or on its
 * `response` (axios style); empty when there is none.
 */
export function statusTextOf(error: unknown): string {
  const read = (value: unknown): string => {
    if (value === null || typeof value !== "object") return "";
    const text = (value as { statusText?: unknown }).statusText;
    return typeof text === "string" ? text.trim() : "";
  };
  if (error === null || typeof error !== "object") return "";
  return read(error) || read((error as { response?: unknown }).response);
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

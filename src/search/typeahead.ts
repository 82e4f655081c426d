/**
 * The typeahead's request to /api/v1/search (SPEC §7.3). Its states live with the component
 * (src/app/components/Typeahead/typeaheadReducer.ts).
 */
import { TYPEAHEAD_ENDPOINT, TYPEAHEAD_LIMIT } from "./constants";
import type { SearchResult } from "./results";
import { cleanTerm } from "./term";

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

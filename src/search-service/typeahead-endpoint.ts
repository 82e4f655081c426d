/**
 * GET /api/v1/search?term=&locale=&limit= (SPEC §7.3): the typeahead's quick results as
 * { results: [{ id, slug, title, subtitle, description, externalContentUrl, kind }] }.
 * Framework-free: the web server passes the query string and sends back status and body.
 *
 * - term: trimmed, cut to 200 characters; shorter than 3 characters gives no results (not an error).
 * - locale: en or es (default en).
 * - limit: an integer from 1 to 20 (default 6).
 * A parameter given twice, a limit that is not such an integer or an unknown locale is a malformed
 * request (400), and so is a term the search backend refuses (its 400). A failing search backend
 * gives 503, so the typeahead shows its error state.
 */
import { isSearchLocale, TYPEAHEAD_LIMIT, TYPEAHEAD_MAX_LIMIT } from "../search/constants";
import type { SearchResult } from "../search/results";
import { cleanTerm } from "../search/term";

export type TypeaheadSearch = (
  term: string,
  options: { locale: string; limit: number },
) => Promise<SearchResult[]>;

export interface TypeaheadResponse {
  status: number;
  headers: Record<string, string>;
  body: { results: SearchResult[] } | { error: string };
}

type QueryInput = URLSearchParams | string | Record<string, string | string[] | undefined>;

function toSearchParams(query: QueryInput): URLSearchParams {
  if (query instanceof URLSearchParams) return query;
  if (typeof query === "string") return new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const entry of [value ?? []].flat()) params.append(key, entry);
  }
  return params;
}

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" };

function fail(status: number, error: string): TypeaheadResponse {
  return { status, headers: JSON_HEADERS, body: { error } };
}

function single(params: URLSearchParams, name: string): string | undefined | null {
  const values = params.getAll(name);
  if (values.length > 1) return null;
  return values[0];
}

export function createTypeaheadHandler(
  search: TypeaheadSearch,
  log: (message: string, error: unknown) => void = console.error,
) {
  return async function handleTypeaheadRequest(query: QueryInput): Promise<TypeaheadResponse> {
    let params: URLSearchParams;
    try {
      params = toSearchParams(query);
    } catch {
      return fail(400, "Malformed query string");
    }
    const rawTerm = single(params, "term");
    const rawLocale = single(params, "locale");
    const rawLimit = single(params, "limit");
    if (rawTerm === null || rawLocale === null || rawLimit === null)
      return fail(400, "Each parameter may be given once");

    const locale = rawLocale === undefined || rawLocale === "" ? "en" : rawLocale;
    if (!isSearchLocale(locale)) return fail(400, "locale must be en or es");

    let limit = TYPEAHEAD_LIMIT;
    if (rawLimit !== undefined && rawLimit !== "") {
      if (!/^\d{1,3}$/.test(rawLimit))
        return fail(400, `limit must be an integer from 1 to ${TYPEAHEAD_MAX_LIMIT}`);
      limit = Number(rawLimit);
      if (limit < 1 || limit > TYPEAHEAD_MAX_LIMIT) {
        return fail(400, `limit must be an integer from 1 to ${TYPEAHEAD_MAX_LIMIT}`);
      }
    }

    const term = cleanTerm(rawTerm ?? "");
    if (term === "") return { status: 200, headers: JSON_HEADERS, body: { results: [] } };
    try {
      const results = await search(term, { locale, limit });
      return { status: 200, headers: JSON_HEADERS, body: { results: results.slice(0, limit) } };
    } catch (error) {
      // The backend refusing the query itself (400) is about the request; anything else is an outage.
      if ((error as { status?: unknown } | null)?.status === 400)
        return fail(400, "Search term not accepted");
      log("typeahead search failed", error);
      return fail(503, "Search is unavailable");
    }
  };
}

/**
 * Search parameters as algoliasearch sends them: v5 puts them in the JSON body
 * ({ query, hitsPerPage, filters, ... }); older clients and the spec's call put them in a
 * URL-encoded `params` string ({ query, params: "hitsPerPage=50&attributesToRetrieve=..." }).
 * Both are read; body fields win over the `params` string, as in Algolia.
 */
import { combineFilters, type FilterNode, parseFacetFilters, parseFilters } from "./filters";

export class ParamsError extends Error {
  override name = "ParamsError";
}

export interface SearchParams {
  query: string;
  page?: number;
  hitsPerPage?: number;
  attributesToRetrieve?: string[];
  facets?: string[];
  filter: FilterNode | null;
  /** The parameters as understood, echoed back in the response like Algolia's `params`. */
  echo: string;
}

/** Parameters this backend reads; others (analytics, clickAnalytics, getRankingInfo...) are accepted and ignored. */
const KNOWN = [
  "query",
  "page",
  "hitsPerPage",
  "attributesToRetrieve",
  "attributesToHighlight",
  "attributesToSnippet",
  "facets",
  "filters",
  "facetFilters",
] as const;

function fromParamsString(params: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(params)) out[key] = value;
  return out;
}

function toNumber(name: string, value: unknown): number | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const number = typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  if (!Number.isFinite(number)) throw new ParamsError(`Invalid value for ${name}: expected a number`);
  return number;
}

function toList(name: string, value: unknown): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    if (!value.every((entry) => typeof entry === "string")) {
      throw new ParamsError(`Invalid value for ${name}: expected a list of strings`);
    }
    return value;
  }
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed.startsWith("[")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        throw new ParamsError(`Invalid value for ${name}: malformed JSON`);
      }
      return toList(name, parsed);
    }
    return trimmed === "" ? [] : trimmed.split(",").map((entry) => entry.trim());
  }
  throw new ParamsError(`Invalid value for ${name}: expected a list of strings`);
}

function echoOf(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const key of KNOWN) {
    const value = values[key];
    if (value === undefined || value === null) continue;
    search.set(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  return search.toString();
}

/** Reads one query's parameters from a request body (or a multi-query request entry). */
export function readSearchParams(body: unknown): SearchParams {
  if (body !== undefined && body !== null && (typeof body !== "object" || Array.isArray(body))) {
    throw new ParamsError("Invalid request body: expected a JSON object");
  }
  const raw = (body ?? {}) as Record<string, unknown>;
  if (raw.params !== undefined && typeof raw.params !== "string") {
    throw new ParamsError("Invalid value for params: expected a string");
  }
  const values: Record<string, unknown> = {
    ...(typeof raw.params === "string" ? fromParamsString(raw.params) : {}),
  };
  for (const [key, value] of Object.entries(raw)) {
    if (key !== "params" && value !== undefined) values[key] = value;
  }

  const query = values.query ?? "";
  if (typeof query !== "string") throw new ParamsError("Invalid value for query: expected a string");
  const filters = values.filters ?? "";
  if (typeof filters !== "string") throw new ParamsError("Invalid value for filters: expected a string");

  const params: SearchParams = {
    query,
    filter: combineFilters(parseFilters(filters), parseFacetFilters(values.facetFilters)),
    echo: echoOf(values),
  };
  const page = toNumber("page", values.page);
  const hitsPerPage = toNumber("hitsPerPage", values.hitsPerPage);
  const attributesToRetrieve = toList("attributesToRetrieve", values.attributesToRetrieve);
  const facets = toList("facets", values.facets);
  if (page !== undefined) params.page = page;
  if (hitsPerPage !== undefined) params.hitsPerPage = hitsPerPage;
  if (attributesToRetrieve !== undefined) params.attributesToRetrieve = attributesToRetrieve;
  if (facets !== undefined) params.facets = facets;
  return params;
}

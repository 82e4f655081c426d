/**
 * The site's search client: algoliasearch v5 against Algolia itself, or against the embedded
 * backend (the site's own origin under /search-api, or in-process through a handler), with the
 * same calls either way (SPEC §7.1).
 */
import { algoliasearch } from "algoliasearch";
import {
  DEFAULT_SEARCH_LOCALE,
  isSearchLocale,
  RESULT_ATTRIBUTES,
  SEARCH_HITS_PER_PAGE,
  SEARCH_TIMEOUTS,
  type SearchLocale,
  TYPEAHEAD_LIMIT,
  TYPEAHEAD_MAX_LIMIT,
  TYPEAHEAD_MIN_CHARS,
} from "./constants";
import { mapHit, type SearchHit, type SearchResult } from "./results";
import { cleanTerm, decodeTerm, isSearchable } from "./term";

type AlgoliaClient = ReturnType<typeof algoliasearch>;
type ClientOptions = NonNullable<Parameters<typeof algoliasearch>[2]>;
type Requester = NonNullable<ClientOptions["requester"]>;
type EndRequest = Parameters<Requester["send"]>[0];

/** The embedded backend's request handler, called in-process (see src/search-service/algolia-handler.ts). */
export type InProcessSearchHandler = (
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
) => Promise<{ status: number; body: unknown }>;

/** Placeholder credentials for the embedded backend, which does not check read keys. */
export const EMBEDDED_APP_ID = "embedded";
export const EMBEDDED_SEARCH_KEY = "embedded-search";
/** Where the web server mounts the embedded backend (same as SEARCH_API_PREFIX on the service side). */
export const EMBEDDED_PREFIX = "/search-api";

export type SearchClientConfig =
  | {
      backend: "algolia";
      appId: string;
      /** The search-only key for searching, the admin key for the indexer. */
      apiKey: string;
      indexName: string;
      /** Another Algolia-compatible host instead of Algolia's own (a proxy; tests). */
      host?: string;
      /** The site searches within SPEC §9's timeouts; the indexer's bulk writes may wait longer. */
      timeouts?: { connect: number; read: number; write: number };
    }
  | {
      backend: "embedded";
      indexName: string;
      /** The site's own origin, e.g. http://127.0.0.1:3000; requests go to <origin><prefix>/1/indexes/... */
      origin?: string;
      prefix?: string;
      /** Instead of HTTP: call the handler in the same process. */
      handler?: InProcessSearchHandler;
      /** Needed only for writes (the indexer's push). */
      apiKey?: string;
    };

export interface ContentSearchOptions {
  locale?: string;
  hitsPerPage?: number;
  page?: number;
}

export interface ContentSearchResults {
  /** The term searched for, decoded and cleaned. */
  term: string;
  results: SearchResult[];
  total: number;
  /** Zero-based, as Algolia counts. */
  page: number;
  pages: number;
  /**
   * The language whose records matched: the one asked for, or English when a search in another
   * language found nothing and the English records did (a bilingual city's residents search with
   * English words too). The results are shown in the asked language where a record has it.
   */
  foundIn: SearchLocale;
}

export class SearchError extends Error {
  override name = "SearchError";
  constructor(
    message: string,
    /** The HTTP status when the backend answered, 0 when it could not be reached. */
    readonly status: number,
  ) {
    super(message);
  }
}

export interface SearchClient {
  readonly indexName: string;
  readonly backend: "algolia" | "embedded";
  /** The underlying algoliasearch client (the indexer pushes records with it). */
  readonly algolia: AlgoliaClient;
  contentSearch(term: string, options?: ContentSearchOptions): Promise<ContentSearchResults>;
  typeaheadSearch(term: string, options?: { locale?: string; limit?: number }): Promise<SearchResult[]>;
}

/** Answers the transporter's requests by calling the handler, so no socket is needed. */
export function inProcessRequester(handler: InProcessSearchHandler): Requester {
  return {
    async send(request: EndRequest) {
      const url = new URL(request.url);
      let body: unknown;
      if (typeof request.data === "string") body = request.data;
      else if (request.data) body = request.data;
      const response = await handler(request.method, `${url.pathname}${url.search}`, body, request.headers);
      return { status: response.status, content: JSON.stringify(response.body), isTimedOut: false };
    },
  };
}

function embeddedHost(origin: string, prefix: string): { url: string; protocol: "http" | "https" } {
  const parsed = new URL(origin);
  // the transporter builds `${protocol}://${url}/${path}`, so the prefix can ride along in url
  const path = `${parsed.pathname.replace(/\/+$/, "")}${prefix}`.replace(/\/+$/, "");
  return { url: `${parsed.host}${path}`, protocol: parsed.protocol === "https:" ? "https" : "http" };
}

function createAlgoliaClient(config: SearchClientConfig): AlgoliaClient {
  const timeouts = config.backend === "algolia" && config.timeouts ? config.timeouts : { ...SEARCH_TIMEOUTS };
  if (config.backend === "algolia") {
    if (!config.appId || !config.apiKey)
      throw new SearchError("Algolia needs an application id and a key", 0);
    return algoliasearch(config.appId, config.apiKey, {
      timeouts,
      ...(config.host ? { hosts: [{ ...embeddedHost(config.host, ""), accept: "readWrite" as const }] } : {}),
    });
  }
  const apiKey = config.apiKey || EMBEDDED_SEARCH_KEY;
  if (config.handler) {
    return algoliasearch(EMBEDDED_APP_ID, apiKey, {
      timeouts,
      hosts: [{ url: "embedded.invalid", accept: "readWrite", protocol: "http" }],
      requester: inProcessRequester(config.handler),
    });
  }
  if (!config.origin)
    throw new SearchError("The embedded search backend needs the site's origin or a handler", 0);
  const host = embeddedHost(config.origin, config.prefix ?? EMBEDDED_PREFIX);
  return algoliasearch(EMBEDDED_APP_ID, apiKey, {
    timeouts,
    hosts: [{ ...host, accept: "readWrite" }],
  });
}

function toSearchError(error: unknown): SearchError {
  if (error instanceof SearchError) return error;
  const status =
    typeof (error as { status?: unknown })?.status === "number" ? (error as { status: number }).status : 0;
  const message = error instanceof Error ? error.message : String(error);
  return new SearchError(message || "Search failed", status);
}

/** Where a search that finds nothing in its own language looks next. */
export const CROSS_LANGUAGE_FALLBACK: SearchLocale = "en";

function localeOf(locale: string | undefined): SearchLocale {
  return isSearchLocale(locale) ? locale : DEFAULT_SEARCH_LOCALE;
}

function clamp(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

export function createSearchClient(config: SearchClientConfig): SearchClient {
  const algolia = createAlgoliaClient(config);
  const { indexName } = config;

  async function query(term: string, locale: SearchLocale, hitsPerPage: number, page: number) {
    try {
      return await algolia.searchSingleIndex<SearchHit>({
        indexName,
        searchParams: {
          query: term,
          attributesToRetrieve: RESULT_ATTRIBUTES,
          attributesToHighlight: [],
          attributesToSnippet: [],
          hitsPerPage,
          page,
          filters: `locale:${locale}`,
        },
      });
    } catch (error) {
      throw toSearchError(error);
    }
  }

  return {
    indexName,
    backend: config.backend,
    algolia,

    async contentSearch(rawTerm, options = {}) {
      const term = cleanTerm(decodeTerm(rawTerm));
      const locale = localeOf(options.locale);
      const hitsPerPage = clamp(options.hitsPerPage, 1, 1000, SEARCH_HITS_PER_PAGE);
      const page = clamp(options.page, 0, 1000, 0);
      if (!isSearchable(term)) return { term, results: [], total: 0, page, pages: 0, foundIn: locale };
      let response = await query(term, locale, hitsPerPage, page);
      let foundIn = locale;
      if (locale !== CROSS_LANGUAGE_FALLBACK && (response.nbHits ?? response.hits.length) === 0) {
        const fallback = await query(term, CROSS_LANGUAGE_FALLBACK, hitsPerPage, page);
        if ((fallback.nbHits ?? fallback.hits.length) > 0) {
          response = fallback;
          foundIn = CROSS_LANGUAGE_FALLBACK;
        }
      }
      return {
        term,
        results: response.hits.map((hit) => mapHit(hit, locale)),
        total: response.nbHits ?? response.hits.length,
        page: response.page ?? page,
        pages: response.nbPages ?? 1,
        foundIn,
      };
    },

    async typeaheadSearch(rawTerm, options = {}) {
      const term = cleanTerm(rawTerm);
      if (term.length < TYPEAHEAD_MIN_CHARS || !isSearchable(term)) return [];
      const locale = localeOf(options.locale);
      const limit = clamp(options.limit, 1, TYPEAHEAD_MAX_LIMIT, TYPEAHEAD_LIMIT);
      const response = await query(term, locale, limit, 0);
      return response.hits.map((hit) => mapHit(hit, locale));
    },
  };
}

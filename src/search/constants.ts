/** Search constants of SPEC §2, §5, §7.1, §7.3 and §9. */

/** Results per page of the search results page (SPEC §9). */
export const SEARCH_HITS_PER_PAGE = 50;
/** The typeahead starts after this many characters (SPEC §5, §9). */
export const TYPEAHEAD_MIN_CHARS = 3;
/** Typing is debounced by this much before the typeahead asks (SPEC §5, §9). */
export const TYPEAHEAD_DEBOUNCE_MS = 500;
/** Results shown under the input (SPEC §9). */
export const TYPEAHEAD_LIMIT = 6;
/** The most a typeahead request may ask for. */
export const TYPEAHEAD_MAX_LIMIT = 20;
/** Typeahead endpoint and results page (SPEC §7.3). */
export const TYPEAHEAD_ENDPOINT = "/api/v1/search";
export const SEARCH_PAGE_PATH = "/search";
/** Longest term the site passes on; longer input is cut, not refused. */
export const MAX_TERM_LENGTH = 200;
/** Search client timeouts in milliseconds (SPEC §9). */
export const SEARCH_TIMEOUTS = { connect: 1_000, read: 2_000, write: 30_000 } as const;
/** Attributes a content search asks for (SPEC §7.1). */
export const RESULT_ATTRIBUTES = ["__typename", "slug", "id", "localizations", "external_content_url"];
export const SEARCH_LOCALES = ["en", "es"] as const;
export type SearchLocale = (typeof SEARCH_LOCALES)[number];
export const DEFAULT_SEARCH_LOCALE: SearchLocale = "en";

export function isSearchLocale(value: unknown): value is SearchLocale {
  return typeof value === "string" && (SEARCH_LOCALES as readonly string[]).includes(value);
}

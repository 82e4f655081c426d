/** What the site does to a typed term before searching: decode, clean, cut. */
import { MAX_TERM_LENGTH, SEARCH_PAGE_PATH } from "./constants";

const CONTROL = /\p{Cc}/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The decoded term (SPEC §7.1); a term that is not valid percent-encoding is kept as typed. */
export function decodeTerm(raw: string | null | undefined): string {
  if (typeof raw !== "string") return "";
  if (!/%[0-9a-fA-F]{2}/.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Trimmed, single-spaced, without control characters, at most `max` characters. */
export function cleanTerm(term: unknown, max = MAX_TERM_LENGTH): string {
  if (typeof term !== "string") return "";
  const cut = term.length > max * 4 ? term.slice(0, max * 4) : term;
  const clean = cut.replace(CONTROL, " ").replace(/\s+/g, " ").trim().slice(0, max);
  // cutting may split a surrogate pair: drop the half left behind
  return clean.replace(LONE_SURROGATE, "").trim();
}

/** True when a term has something to search for: a letter or a digit in any script. */
export function isSearchable(term: string): boolean {
  return /[\p{L}\p{N}]/u.test(term);
}

/** The results page of a term (Enter in the typeahead, SPEC §2). */
export function searchPageHref(term: string): string {
  return `${SEARCH_PAGE_PATH}?term=${encodeURIComponent(term)}`;
}

import { searchResultLink } from "../../search/results";
import { fetchTypeaheadResults } from "../../search/typeahead";
import type { Locale } from "../i18n";

/** Quick results for the site's search boxes: the typeahead endpoint, in the page's language. */
export function siteTypeahead(locale: Locale) {
  return {
    search: (term: string, signal: AbortSignal) => fetchTypeaheadResults(term, { locale, signal }),
    itemHref: searchResultLink,
    kind: "search" as const,
    lastItem: true,
  };
}

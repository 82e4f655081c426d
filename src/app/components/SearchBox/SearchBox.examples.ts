import { type SearchResult, searchResultLink } from "../../../search/results";
import type { Locale } from "../../i18n";
import { result, searchIn } from "../Typeahead/Typeahead.examples";
import type { SearchBoxProps } from "./SearchBox";

export interface SearchBoxExample {
  name: string;
  locale: Locale;
  props: SearchBoxProps<SearchResult>;
}

const results: SearchResult[] = [
  result("1", "trash-pickup", "Trash pickup schedule", "activity"),
  result("2", "public-works", "Department of Public Works", "agency"),
];

export const searchBoxExamples: SearchBoxExample[] = [
  { name: "plain search form", locale: "en", props: {} },
  { name: "plain search form, in Spanish", locale: "es", props: {} },
  {
    name: "with quick results",
    locale: "en",
    props: {
      typeahead: { search: searchIn(results), itemHref: searchResultLink, kind: "search", lastItem: true },
    },
  },
  {
    name: "kitchen sink: own label, placeholder, input name, typed term and quick results, in Spanish",
    locale: "es",
    props: {
      label: "Buscar de nuevo",
      placeholder: "Escriba una palabra, como basura",
      ariaLabel: "Términos de búsqueda",
      defaultValue: "basura",
      id: "search-again",
      typeahead: {
        search: searchIn(results),
        itemHref: searchResultLink,
        kind: "search",
        lastItem: true,
        limit: 4,
      },
    },
  },
];

import type { Locale } from "../../i18n";
import { type ExampleSearchResult, resultHref, searchIn } from "../Typeahead/Typeahead.examples";
import type { SearchBoxProps } from "./SearchBox";

export interface SearchBoxExample {
  name: string;
  locale: Locale;
  props: SearchBoxProps<ExampleSearchResult>;
}

const results: ExampleSearchResult[] = [
  { id: "1", slug: "trash-pickup", title: "Trash pickup schedule", kind: "activity" },
  { id: "2", slug: "public-works", title: "Department of Public Works", kind: "agency" },
];

export const searchBoxExamples: SearchBoxExample[] = [
  { name: "plain search form", locale: "en", props: {} },
  { name: "plain search form, in Spanish", locale: "es", props: {} },
  {
    name: "with quick results",
    locale: "en",
    props: { typeahead: { search: searchIn(results), itemHref: resultHref, kind: "search", lastItem: true } },
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
      typeahead: { search: searchIn(results), itemHref: resultHref, kind: "search", lastItem: true, limit: 4 },
    },
  },
];

import { type SearchResult, searchResultLink } from "../../../search/results";
import type { Locale } from "../../i18n";
import type { TypeaheadProps } from "./Typeahead";

/** A mapped search result (SPEC §3), as the search client hands it over. */
export function result(
  id: string,
  slug: string,
  title: string,
  kind: string,
  externalContentUrl: string | null = null,
): SearchResult {
  return { id, slug, title, subtitle: null, description: null, externalContentUrl, kind };
}

const englishResults: SearchResult[] = [
  result("1", "pay-property-taxes", "Pay property taxes", "activity"),
  result("2", "apply-for-a-homestead-deduction", "Apply for a homestead deduction", "activity"),
  result("3", "treasurer", "Treasurer's Office", "agency"),
  result("4", "property-and-taxes", "Property and taxes", "topic"),
  result("5", "property-appeal", "Appeal your property assessment", "service"),
  result("6", "tax-sale", "Tax sale", "activity"),
  result("7", "state-tax", "State income tax", "activity", "https://www.in.gov/dor/"),
];

const spanishResults: SearchResult[] = [
  result("1", "pay-property-taxes", "Pagar el impuesto a la propiedad", "activity"),
  result("3", "treasurer", "Oficina del Tesorero", "agency"),
  result("4", "property-and-taxes", "Propiedad e impuestos", "topic"),
];

/** A stand-in for the search client: answers from a list, after a tick, as a network call would. */
export function searchIn<T extends { title?: string }>(items: readonly T[]) {
  return (term: string, signal: AbortSignal): Promise<readonly T[]> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const words = term.toLowerCase().split(/\s+/);
        resolve(
          items.filter((item) => words.some((word) => JSON.stringify(item).toLowerCase().includes(word))),
        );
      }, 10);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new DOMException("aborted", "AbortError"));
      });
    });
}

/** Address-lookup style items: some carry a title, value or result field, others only other fields. */
export interface ExampleLookupItem {
  title?: string;
  value?: string;
  result?: string;
  street?: string;
  zip?: string;
  href: string;
}

const lookupItems: ExampleLookupItem[] = [
  { title: "200 E. Market Street", href: "/address/200-e-market-street" },
  { value: "210 E. Market Street", href: "/address/210-e-market-street" },
  { result: "220 E. Market Street", href: "/address/220-e-market-street" },
  { street: "230 E. Market Street", zip: "46204", href: "/address/230-e-market-street" },
];

export interface TypeaheadExample {
  name: string;
  locale: Locale;
  props: TypeaheadProps<object>;
  /** Typed into the input to open the menu; none leaves it idle. */
  type?: string;
}

/**
 * Checks an example's props against its own item type, then lets examples of different item
 * types share one list (the component never mixes them).
 */
function props<T extends object>(typed: TypeaheadProps<T>): TypeaheadProps<object> {
  return typed as unknown as TypeaheadProps<object>;
}

export const typeaheadExamples: TypeaheadExample[] = [
  {
    name: "idle search box",
    locale: "en",
    props: props({ search: searchIn(englishResults), itemHref: searchResultLink, kind: "search" }),
  },
  {
    name: "search results with a 'See all results' item",
    locale: "en",
    props: props({
      search: searchIn(englishResults),
      itemHref: searchResultLink,
      kind: "search",
      lastItem: true,
      placeholder: "What are you looking for?",
    }),
    type: "tax",
  },
  {
    name: "Spanish search results",
    locale: "es",
    props: props({
      search: searchIn(spanishResults),
      itemHref: searchResultLink,
      kind: "search",
      lastItem: true,
      placeholder: "¿Qué está buscando?",
    }),
    type: "impuesto",
  },
  {
    name: "default items by title, value, result or all fields",
    locale: "en",
    props: props<ExampleLookupItem>({
      search: searchIn(lookupItems),
      itemHref: (item) => item.href,
      ariaLabel: "Street address",
    }),
    type: "market",
  },
  {
    name: "no results, in Spanish",
    locale: "es",
    props: props({ search: searchIn(spanishResults), itemHref: searchResultLink, kind: "search" }),
    type: "xyzzy",
  },
  {
    name: "search that fails",
    locale: "en",
    props: props<SearchResult>({
      search: () =>
        Promise.reject(Object.assign(new Error("Request failed"), { statusText: "Service Unavailable" })),
      itemHref: searchResultLink,
      kind: "search",
    }),
    type: "trash",
  },
  {
    name: "kitchen sink: own last item, no close button, 3 results from 2 characters",
    locale: "es",
    props: props({
      search: searchIn(englishResults),
      itemHref: searchResultLink,
      kind: "search",
      closeButton: false,
      limit: 3,
      minChars: 2,
      debounceMs: 250,
      ariaLabel: "Buscar servicios",
      placeholder: "¿Qué está buscando?",
      defaultValue: "",
      lastItem: (term) => ({
        label: `Buscar "${term}" en todos los servicios`,
        href: `/search?term=${term}&limit=50`,
      }),
    }),
    type: "ta",
  },
];

import type { Locale } from "../../i18n";
import type { TypeaheadProps } from "./Typeahead";

/** The search client's mapped result (SPEC §3), as the typeahead's callers hand it over. */
export interface ExampleSearchResult {
  id: string;
  slug: string;
  title: string;
  subtitle?: string;
  description?: string;
  externalContentUrl?: string;
  kind: string;
}

const englishResults: ExampleSearchResult[] = [
  { id: "1", slug: "pay-property-taxes", title: "Pay property taxes", kind: "activity" },
  { id: "2", slug: "apply-for-a-homestead-deduction", title: "Apply for a homestead deduction", kind: "activity" },
  { id: "3", slug: "treasurer", title: "Treasurer's Office", kind: "agency" },
  { id: "4", slug: "property-and-taxes", title: "Property and taxes", kind: "topic" },
  { id: "5", slug: "property-appeal", title: "Appeal your property assessment", kind: "service" },
  { id: "6", slug: "tax-sale", title: "Tax sale", kind: "activity" },
  {
    id: "7",
    slug: "state-tax",
    title: "State income tax",
    kind: "activity",
    externalContentUrl: "https://www.in.gov/dor/",
  },
];

const spanishResults: ExampleSearchResult[] = [
  { id: "1", slug: "pay-property-taxes", title: "Pagar el impuesto a la propiedad", kind: "activity" },
  { id: "3", slug: "treasurer", title: "Oficina del Tesorero", kind: "agency" },
  { id: "4", slug: "property-and-taxes", title: "Propiedad e impuestos", kind: "topic" },
];

/** A stand-in for the search client: answers from a list, after a tick, as a network call would. */
export function searchIn<T extends { title?: string }>(items: readonly T[]) {
  return (term: string, signal: AbortSignal): Promise<readonly T[]> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const words = term.toLowerCase().split(/\s+/);
        resolve(items.filter((item) => words.some((word) => JSON.stringify(item).toLowerCase().includes(word))));
      }, 10);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new DOMException("aborted", "AbortError"));
      });
    });
}

export const resultHref = (result: ExampleSearchResult) => result.externalContentUrl ?? `/${result.kind}/${result.slug}`;

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
  props: TypeaheadProps<ExampleSearchResult> | TypeaheadProps<ExampleLookupItem>;
  /** Typed into the input to open the menu; none leaves it idle. */
  type?: string;
}

export const typeaheadExamples: TypeaheadExample[] = [
  {
    name: "idle search box",
    locale: "en",
    props: { search: searchIn(englishResults), itemHref: resultHref, kind: "search" },
  },
  {
    name: "search results with a 'See all results' item",
    locale: "en",
    props: {
      search: searchIn(englishResults),
      itemHref: resultHref,
      kind: "search",
      lastItem: true,
      placeholder: "What are you looking for?",
    },
    type: "tax",
  },
  {
    name: "Spanish search results",
    locale: "es",
    props: {
      search: searchIn(spanishResults),
      itemHref: resultHref,
      kind: "search",
      lastItem: true,
      placeholder: "¿Qué está buscando?",
    },
    type: "impuesto",
  },
  {
    name: "default items by title, value, result or all fields",
    locale: "en",
    props: { search: searchIn(lookupItems), itemHref: (item) => item.href, ariaLabel: "Street address" },
    type: "market",
  },
  {
    name: "no results, in Spanish",
    locale: "es",
    props: { search: searchIn(spanishResults), itemHref: resultHref, kind: "search" },
    type: "xyzzy",
  },
  {
    name: "search that fails",
    locale: "en",
    props: {
      search: () => Promise.reject(Object.assign(new Error("Request failed"), { statusText: "Service Unavailable" })),
      itemHref: resultHref,
      kind: "search",
    },
    type: "trash",
  },
  {
    name: "kitchen sink: own last item, no close button, 3 results from 2 characters",
    locale: "es",
    props: {
      search: searchIn(englishResults),
      itemHref: resultHref,
      kind: "search",
      closeButton: false,
      limit: 3,
      minChars: 2,
      debounceMs: 250,
      ariaLabel: "Buscar servicios",
      placeholder: "¿Qué está buscando?",
      defaultValue: "",
      lastItem: (term) => ({ label: `Buscar "${term}" en todos los servicios`, href: `/search?term=${term}&limit=50` }),
    },
    type: "ta",
  },
];

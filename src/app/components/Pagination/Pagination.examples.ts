import type { Locale } from "../../i18n";
import type { PaginationProps } from "./Pagination";

export interface PaginationExample {
  locale: Locale;
  props: PaginationProps;
}

// Whole paths, as the lists build them (listHref): the links are plain <a> elements.
const hrefFor = (page: number) =>
  page === 1 ? "/activities?agency=treasurer" : `/activities?agency=treasurer&page=${page}`;

export const paginationExamples = {
  english: { locale: "en", props: { page: 2, pageCount: 4, hrefFor } },
  spanish: { locale: "es", props: { page: 2, pageCount: 4, hrefFor } },
  firstPage: { locale: "en", props: { page: 1, pageCount: 3, hrefFor } },
  lastPage: { locale: "es", props: { page: 3, pageCount: 3, hrefFor } },
  onePage: { locale: "en", props: { page: 1, pageCount: 1, hrefFor } },
  kitchenSink: { locale: "en", props: { page: 10, pageCount: 20, hrefFor } },
} satisfies Record<string, PaginationExample>;

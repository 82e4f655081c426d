import type { Locale } from "../../i18n";
import type { NoResultsProps } from "./NoResults";

export interface NoResultsExample {
  name: string;
  locale: Locale;
  props: NoResultsProps;
  /** The message a reader sees first. */
  message: string;
}

export const noResultsExamples: NoResultsExample[] = [
  {
    name: "with a term",
    locale: "en",
    props: { term: "dog licence renewal" },
    message: "We're sorry! We can't seem to find anything matching your search: dog licence renewal",
  },
  {
    name: "without a term",
    locale: "en",
    props: {},
    message: "We're sorry! We can't seem to find anything matching your search",
  },
  {
    name: "with a term, in Spanish",
    locale: "es",
    props: { term: "licencia de perro" },
    message: "¡Lo sentimos! No encontramos nada que coincida con su búsqueda: licencia de perro",
  },
  {
    name: "without a term, in Spanish",
    locale: "es",
    props: { term: "   " },
    message: "¡Lo sentimos! No encontramos nada que coincida con su búsqueda",
  },
  {
    name: "kitchen sink: markup-looking term, own topics page, h3",
    locale: "en",
    props: { term: '<script>alert("x")</script>', topicsHref: "/browse/topics", headingLevel: 3 },
    message:
      "We're sorry! We can't seem to find anything matching your search: <script>alert(\"x\")</script>",
  },
];

import type { Locale } from "../../i18n";
import type { FilterGroupProps } from "./FilterGroup";

export interface FilterGroupExample {
  locale: Locale;
  props: FilterGroupProps;
}

// Whole paths, as the lists build them (listHref): the links are plain <a> elements.
const onlyHref = (id: string) => `/activities?verb=${encodeURIComponent(id)}`;

export const filterGroupExamples = {
  english: {
    locale: "en",
    props: {
      name: "verb",
      title: "I want to...",
      headingLevel: 4,
      options: [
        { id: "apply", title: "Apply" },
        { id: "pay", title: "Pay" },
        { id: "report", title: "Report" },
      ],
      selected: ["pay"],
      onlyHref,
    },
  },
  spanish: {
    locale: "es",
    props: {
      name: "verb",
      title: "Quiero...",
      headingLevel: 4,
      options: [
        { id: "apply", title: "Solicitar" },
        { id: "pay", title: "Pagar" },
      ],
      selected: [],
      onlyHref,
    },
  },
  empty: {
    locale: "en",
    props: { name: "agency", title: "Agencies", headingLevel: 4, options: [], selected: [], onlyHref },
  },
  kitchenSink: {
    locale: "en",
    props: {
      name: "agency",
      title: "Agencies",
      headingLevel: 3,
      options: [
        { id: "assessor", title: "Office of the County Assessor" },
        { id: "auditor", title: "Office of the County Auditor" },
        { id: "business-and-neighborhood-services", title: "Business and Neighborhood Services" },
        { id: "untitled-agency" },
      ],
      selected: ["assessor", "auditor", "no-longer-offered"],
      onlyHref: (id: string) => `/activities?agency=${encodeURIComponent(id)}`,
    },
  },
} satisfies Record<string, FilterGroupExample>;

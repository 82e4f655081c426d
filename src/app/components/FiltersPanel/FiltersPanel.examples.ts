import { clear, type Facets, type FilterState } from "../../../domain/filters";
import type { Locale } from "../../i18n";
import type { FiltersPanelProps } from "./FiltersPanel";

export interface FiltersPanelExample {
  locale: Locale;
  props: FiltersPanelProps;
}

const hrefFor = (params: URLSearchParams) => {
  const query = params.toString();
  return query ? `/activities?${query}` : "/activities";
};

const facetsEn: Facets = {
  agencies: [
    { id: "auditor", title: "Office of the County Auditor" },
    { id: "treasurer", title: "Office of the County Treasurer" },
  ],
  types: [],
  users: [],
  tags: [
    { id: "apply", title: "Apply", type: "verb" },
    { id: "pay", title: "Pay", type: "verb" },
    { id: "property-owners", title: "Property owners", type: "user" },
    { id: "seniors", title: "Seniors", type: "User" },
  ],
  topics: [
    { id: "property-taxes", title: "Property taxes", type: "topic" },
    { id: "seniors-and-veterans", title: "Seniors and veterans", type: "topic" },
  ],
};

const facetsEs: Facets = {
  agencies: [
    { id: "auditor", title: "Oficina del Auditor del Condado" },
    { id: "treasurer", title: "Oficina del Tesorero del Condado" },
  ],
  types: [],
  users: [],
  tags: [
    { id: "apply", title: "Solicitar", type: "verb" },
    { id: "property-owners", title: "Propietarios", type: "user" },
  ],
  topics: [{ id: "property-taxes", title: "Impuestos sobre la propiedad", type: "topic" }],
};

const selected = (changes: Partial<FilterState>): FilterState => ({ ...clear(), ...changes });

export const filtersPanelExamples = {
  english: {
    locale: "en",
    props: { facets: facetsEn, filters: selected({ "tags-verb": ["pay"] }), hrefFor },
  },
  spanish: {
    locale: "es",
    props: { facets: facetsEs, filters: clear(), hrefFor },
  },
  agenciesOnly: {
    locale: "en",
    props: {
      facets: { ...facetsEn, tags: [], topics: [] },
      filters: clear(),
      hrefFor,
      headingLevel: 2,
    },
  },
  nothingToChoose: {
    locale: "en",
    props: {
      facets: { agencies: [], types: [], users: [], tags: [], topics: [] },
      filters: clear(),
      hrefFor,
    },
  },
  kitchenSink: {
    locale: "en",
    props: {
      facets: facetsEn,
      filters: selected({
        agencies: ["auditor"],
        "tags-user": ["seniors"],
        "tags-topic": ["property-taxes"],
      }),
      hrefFor,
      headingLevel: 4,
      action: "/activities",
      hiddenParams: [["stage", "draft"]],
    },
  },
} satisfies Record<string, FiltersPanelExample>;

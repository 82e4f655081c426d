import { clear, type Facets } from "../../../domain/filters";
import type { Locale } from "../../i18n";
import type { ActivityListItem, ActivityListProps } from "./ActivityList";

export interface ActivityListExample {
  locale: Locale;
  props: ActivityListProps;
}

/** The list's address: the activities page, with nothing else in its query string. */
const address = { path: "/activities", query: "" };

const itemsEn: ActivityListItem[] = [
  {
    id: "a1",
    slug: "apply-for-a-homestead-deduction",
    title: "Apply for a homestead deduction",
    card_title: "Homestead deduction",
    short_description: "Lower the property tax on the home you own and live in.",
    activity_type: "Learn",
    status: "published",
    agency: { title: "Office of the County Auditor" },
    tags: [{ id: "apply", title: "Apply", type: "verb" }],
  },
  {
    id: "a2",
    slug: "pay-property-taxes",
    title: "Pay property taxes",
    short_description: "Pay your spring or fall installment by card or bank account.",
    activity_type: "Payment",
    status: "published",
    agency: { title: "Office of the County Treasurer" },
    tags: [{ id: "pay", title: "Pay", type: "verb" }],
  },
  {
    id: "a3",
    slug: "find-your-school-district",
    title: "Find your school district",
    activity_type: "Learn",
    status: "published",
    external_content_url: "https://schools.example.org/lookup",
  },
];

const itemsEs: ActivityListItem[] = [
  {
    id: "a1",
    slug: "apply-for-a-homestead-deduction",
    title: "Solicitar la deducción por vivienda principal",
    short_description: "Pague menos impuestos por la casa donde vive.",
    activity_type: "Learn",
    status: "published",
    agency: { title: "Oficina del Auditor del Condado" },
  },
  {
    id: "a2",
    slug: "pay-property-taxes",
    title: "Pagar los impuestos sobre la propiedad",
    activity_type: "Payment",
    status: "published",
  },
];

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
  ],
  topics: [{ id: "property-taxes", title: "Property taxes", type: "topic" }],
};

const facetsEs: Facets = {
  agencies: [{ id: "auditor", title: "Oficina del Auditor del Condado" }],
  types: [],
  users: [],
  tags: [],
  topics: [],
};

const noFacets: Facets = { agencies: [], types: [], users: [], tags: [], topics: [] };

export const activityListExamples = {
  english: {
    locale: "en",
    props: {
      items: itemsEn,
      facets: facetsEn,
      filters: clear(),
      page: 1,
      pageCount: 1,
      total: 3,
      ...address,
    },
  },
  spanish: {
    locale: "es",
    props: {
      items: itemsEs,
      facets: facetsEs,
      filters: clear(),
      page: 1,
      pageCount: 1,
      total: 2,
      ...address,
    },
  },
  withoutFilters: {
    locale: "en",
    props: {
      items: itemsEn.slice(0, 1),
      facets: noFacets,
      filters: clear(),
      page: 1,
      pageCount: 1,
      total: 1,
      ...address,
    },
  },
  blank: {
    locale: "en",
    props: {
      items: [],
      facets: facetsEn,
      filters: { ...clear(), agencies: ["treasurer"] },
      page: 1,
      pageCount: 1,
      total: 0,
      ...address,
    },
  },
  blankSpanish: {
    locale: "es",
    props: { items: [], facets: noFacets, filters: clear(), page: 1, pageCount: 1, total: 0, ...address },
  },
  kitchenSink: {
    locale: "en",
    props: {
      items: [...itemsEn, { ...itemsEn[0]!, id: "a4", slug: "draft-activity", status: "draft" }],
      facets: facetsEn,
      filters: { ...clear(), "tags-verb": ["pay", "apply"] },
      page: 2,
      pageCount: 3,
      total: 28,
      ...address,
      headingLevel: 3,
      hiddenParams: [["stage", "draft"]],
    },
  },
} satisfies Record<string, ActivityListExample>;

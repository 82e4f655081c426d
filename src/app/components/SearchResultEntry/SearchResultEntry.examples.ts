import type { Locale } from "../../i18n";
import type { SearchResultEntryProps } from "./SearchResultEntry";

export interface SearchResultEntryExample {
  name: string;
  locale: Locale;
  props: SearchResultEntryProps;
  /** The kind label a reader sees. */
  kindLabel: string;
}

export const searchResultEntryExamples: SearchResultEntryExample[] = [
  {
    name: "activity",
    locale: "en",
    kindLabel: "Activity",
    props: {
      kind: "activity",
      title: "Apply for a homestead deduction",
      description: "Lower the property tax on the home you live in.",
      href: "/activity/apply-for-a-homestead-deduction",
    },
  },
  {
    name: "agency, in Spanish",
    locale: "es",
    kindLabel: "Agencia",
    props: {
      kind: "agency",
      title: "Oficina del Tasador",
      description: "Valora las propiedades del condado y tramita las deducciones.",
      href: "/agency/assessor",
    },
  },
  {
    name: "topic without a description",
    locale: "en",
    kindLabel: "Topic",
    props: { kind: "topic", title: "Property and taxes", href: "/topic/property-and-taxes" },
  },
  {
    name: "service, in Spanish",
    locale: "es",
    kindLabel: "Servicio",
    props: {
      kind: "service",
      title: "Solicitud de registros públicos",
      description: "Pida copias de informes, permisos y otros documentos.",
      href: "/workflow/public-records-request",
    },
  },
  {
    name: "kitchen sink: external link, unknown kind, long description, h3",
    locale: "en",
    kindLabel: "Document",
    props: {
      kind: "Document",
      title: "Indiana property tax guide",
      description:
        "The state's guide to assessments, deductions, exemptions, appeals and tax bills, with examples for homeowners, landlords and businesses, and a glossary of the terms that appear on a tax bill.",
      href: "https://www.in.gov/dlgf/",
      headingLevel: 3,
    },
  },
];

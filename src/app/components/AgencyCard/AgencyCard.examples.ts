import type { Locale } from "../../i18n";
import type { AgencyCardProps } from "./AgencyCard";

export interface AgencyCardExample {
  locale: Locale;
  props: AgencyCardProps;
}

export const agencyCardExamples = {
  english: {
    locale: "en",
    props: {
      agency: {
        title: "Office of the County Assessor",
        subtitle: "Property values, property records and assessment appeals",
      },
      href: "/agency/assessor",
    },
  },
  spanish: {
    locale: "es",
    props: {
      agency: {
        title: "Oficina del Tasador del Condado",
        subtitle: "Valor de las propiedades, registros de propiedad y apelaciones",
      },
      href: "/agency/assessor",
    },
  },
  kitchenSink: {
    locale: "en",
    props: {
      agency: { title: "Department of Business and Neighborhood Services", subtitle: null },
      href: "https://permits.example.org/",
      headingLevel: 2,
    },
  },
} satisfies Record<string, AgencyCardExample>;

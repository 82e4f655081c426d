import type { Locale } from "../../i18n";
import type { BreadcrumbsProps } from "./Breadcrumbs";

export interface BreadcrumbsExample {
  locale: Locale;
  props: BreadcrumbsProps;
}

export const breadcrumbsExamples = {
  english: {
    locale: "en",
    props: {
      items: [{ title: "Activities", href: "/activities" }, { title: "Apply for a homestead deduction" }],
    },
  },
  spanish: {
    locale: "es",
    props: {
      items: [
        { title: "Servicios", href: "/activities" },
        { title: "Solicitar la deducción por vivienda principal" },
      ],
    },
  },
  sectionOnly: { locale: "en", props: { items: [{ title: "Agencies" }] } },
  kitchenSink: {
    locale: "en",
    props: {
      homeHref: "/?stage=draft",
      items: [
        { title: "Topics", href: "/topics" },
        { title: "Property taxes", href: "/topic/property-taxes" },
        { title: "Property tax deductions for disabled veterans and surviving spouses" },
      ],
    },
  },
} satisfies Record<string, BreadcrumbsExample>;

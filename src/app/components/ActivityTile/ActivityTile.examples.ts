import type { Locale } from "../../i18n";
import type { ActivityTileProps } from "./ActivityTile";

export interface ActivityTileExample {
  locale: Locale;
  props: ActivityTileProps;
}

const homestead: ActivityTileProps["activity"] = {
  slug: "apply-for-a-homestead-deduction",
  title: "Apply for a homestead deduction",
  card_title: "Homestead deduction",
  subtitle: "Lower the property tax on the home you live in",
  short_description:
    "If you own and live in your home, this deduction can lower your property tax bill every year.",
  activity_type: "Learn",
  status: "published",
  agency: { title: "Office of the County Auditor" },
  image: { url: "/images/illustrations/home.svg" },
  tags: [
    { id: "apply", title: "Apply", type: "verb" },
    { id: "property-owners", title: "Property owners", type: "user" },
  ],
};

export const activityTileExamples = {
  english: {
    locale: "en",
    props: { activity: homestead, href: "/activity/apply-for-a-homestead-deduction" },
  },
  spanish: {
    locale: "es",
    props: {
      activity: {
        ...homestead,
        title: "Solicitar la deducción por vivienda principal",
        card_title: "Deducción por vivienda principal",
        subtitle: "Pague menos impuestos por la casa donde vive",
        short_description:
          "Si es dueño de su casa y vive en ella, esta deducción puede bajar su factura de impuestos cada año.",
        agency: { title: "Oficina del Auditor del Condado" },
        tags: [{ id: "apply", title: "Solicitar", type: "verb" }],
      },
      href: "/activity/apply-for-a-homestead-deduction",
    },
  },
  payment: {
    locale: "en",
    props: {
      activity: {
        slug: "pay-property-taxes",
        title: "Pay property taxes",
        short_description: "Pay your spring or fall installment online by card or bank account.",
        activity_type: "Payment",
        status: "published",
        agency: { title: "Office of the County Treasurer" },
        tags: [{ id: "pay", title: "Pay", type: "Verb" }],
      },
      href: "/activity/pay-property-taxes",
    },
  },
  paymentSpanish: {
    locale: "es",
    props: {
      activity: {
        slug: "pay-property-taxes",
        title: "Pagar los impuestos sobre la propiedad",
        activity_type: "Payment",
        status: "published",
      },
      href: "/activity/pay-property-taxes",
    },
  },
  draft: {
    locale: "en",
    props: {
      activity: { ...homestead, status: "draft" },
      href: "/activity/apply-for-a-homestead-deduction?stage=draft",
      headingLevel: 2,
    },
  },
  kitchenSink: {
    locale: "en",
    props: {
      activity: {
        slug: "request-a-public-record",
        title: "Request a public record from any city or county agency",
        card_title: "",
        subtitle: "Police reports, permits, contracts, emails and other records the public may see",
        short_description:
          "Ask for copies of records kept by any city or county agency. Tell us what you are looking for, the dates it covers and how you would like to get it: we answer within seven days and tell you if there is a copying fee before we start.",
        activity_type: "Learn",
        status: "Coming soon",
        agency: { title: "Office of the City-County Clerk" },
        image: { url: "https://images.example.org/records.jpg?w=400" },
        tags: [
          { id: "request", title: "Request", type: "verb" },
          { id: "find", title: "Find", type: "VERB" },
          { id: "residents", title: "Residents", type: "user" },
          { id: "records", title: "Records", type: "topic" },
        ],
      },
      href: "https://records.example.org/portal",
      headingLevel: 4,
    },
  },
} satisfies Record<string, ActivityTileExample>;

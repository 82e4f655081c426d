import type { Locale } from "../../i18n";
import type { TopicCardProps } from "./TopicCard";

export interface TopicCardExample {
  locale: Locale;
  props: TopicCardProps;
}

export const topicCardExamples = {
  english: {
    locale: "en",
    props: {
      topic: { title: "Property taxes", image: { url: "/images/topics/property-taxes.svg" } },
      href: "/topic/property-taxes",
    },
  },
  spanish: {
    locale: "es",
    props: {
      topic: { title: "Impuestos sobre la propiedad", image: { url: "/images/topics/property-taxes.svg" } },
      href: "/topic/property-taxes",
    },
  },
  kitchenSink: {
    locale: "en",
    props: {
      topic: {
        title: "Streets, traffic and getting around",
        summary: "Potholes, streetlights, parking tickets, traffic complaints and snow removal.",
        image: null,
      },
      href: "/topic/streets-and-traffic",
      headingLevel: 4,
    },
  },
} satisfies Record<string, TopicCardExample>;

import type { Locale } from "../../i18n";
import type { PageHeaderProps } from "./PageHeader";

export interface PageHeaderExample {
  locale: Locale;
  props: PageHeaderProps;
}

export const pageHeaderExamples = {
  english: {
    locale: "en",
    props: {
      title: "Report a traffic complaint",
      subtitle: "Tell police about speeding, red-light running and other repeat problems",
      image: {
        url: "/images/headers/streets.svg?w=700&h=525&fit=max",
        altText: "Cars stopped at a traffic light at a busy intersection",
      },
    },
  },
  spanish: {
    locale: "es",
    props: {
      title: "Reportar una queja de tránsito",
      subtitle:
        "Avise a la policía sobre exceso de velocidad, pasarse el semáforo en rojo y otros problemas frecuentes",
      image: {
        url: "/images/headers/streets.svg?w=700&h=525&fit=max",
        altText: "Autos detenidos en un semáforo en un cruce con mucho tránsito",
      },
    },
  },
  titleOnly: { locale: "en", props: { title: "Agencies" } },
  kitchenSink: {
    locale: "en",
    props: {
      eyebrow: "Error 404",
      title: "Page not found",
      subtitle: "We can’t find the page you are looking for. Try searching below.",
      image: { url: "https://images.example.org/header.jpg?w=700&h=525&fit=max", altText: null },
      breadcrumbs: (
        <nav aria-label="Breadcrumbs">
          <a href="/">Home</a>
        </nav>
      ),
      children: (
        <search>
          <form action="/search">
            <label htmlFor="page-header-search">Search</label>
            <input id="page-header-search" name="term" placeholder="What are you looking for?" />
          </form>
        </search>
      ),
    },
  },
} satisfies Record<string, PageHeaderExample>;

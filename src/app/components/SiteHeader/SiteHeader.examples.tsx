import type { Locale } from "../../i18n";
import type { SiteHeaderProps } from "./SiteHeader";

export interface SiteHeaderExample {
  locale: Locale;
  props: SiteHeaderProps;
}

/** Stand-ins for the SearchBox and LanguageSwitch slots: any element fits. */
function SearchSlot({ label, placeholder, submit }: { label: string; placeholder: string; submit: string }) {
  return (
    <search>
      <form action="/search" method="get">
        <label className="usa-sr-only" htmlFor="site-search">
          {label}
        </label>
        <input className="usa-input" id="site-search" name="term" placeholder={placeholder} />
        <button className="usa-button" type="submit">
          {submit}
        </button>
      </form>
    </search>
  );
}

export const siteHeaderExamples = {
  english: {
    locale: "en",
    props: {
      siteName: "Consolidated City and County of Cedarport",
      logoUrl: "/images/logo.svg",
      currentPath: "/activity/pay-property-taxes",
      search: <SearchSlot label="Site search" placeholder="What are you looking for?" submit="Search" />,
      languageSwitch: (
        <a href="?lang=es" lang="es" hrefLang="es">
          Español
        </a>
      ),
    },
  },
  spanish: {
    locale: "es",
    props: {
      siteName: "Ciudad y Condado Consolidado de Cedarport",
      logoUrl: "/images/logo.svg",
      currentPath: "/",
      search: <SearchSlot label="Buscar en el sitio" placeholder="¿Qué está buscando?" submit="Buscar" />,
      languageSwitch: (
        <a href="?lang=en" lang="en" hrefLang="en">
          English
        </a>
      ),
    },
  },
  minimal: { locale: "en", props: { siteName: "Cedarport", currentPath: "/agencies" } },
  kitchenSink: {
    locale: "en",
    props: {
      siteName: "Consolidated City and County of Cedarport",
      logoUrl: "/images/logo.svg",
      currentPath: "/topics?page=2#top",
      search: <SearchSlot label="Site search" placeholder="What are you looking for?" submit="Search" />,
      languageSwitch: (
        <a href="?lang=es" lang="es" hrefLang="es">
          Español
        </a>
      ),
    },
  },
} satisfies Record<string, SiteHeaderExample>;

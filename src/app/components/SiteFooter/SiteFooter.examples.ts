import type { Locale } from "../../i18n";
import type { SiteFooterProps } from "./SiteFooter";

export interface SiteFooterExample {
  locale: Locale;
  props: SiteFooterProps;
}

const address = {
  address1: "200 E. Market Street",
  city: "Cedarport",
  state: "IN",
  zip: "46204",
};

export const siteFooterExamples = {
  english: {
    locale: "en",
    props: {
      siteName: "Consolidated City and County of Cedarport",
      contact: {
        phone: "311",
        outsidePhone: "(555) 010-3110",
        email: "311@cedarport.gov",
        hours: "Monday to Friday, 8 a.m. to 5 p.m. (closed on holidays)",
        address: { ...address, name: "City-County Building" },
      },
      links: [
        { id: "privacy", href: "/privacy", title: "Privacy policy" },
        { id: "accessibility", href: "/accessibility", title: "Accessibility" },
        { id: "contact", href: "/activity/contact-the-mayor", title: "Contact us" },
      ],
    },
  },
  spanish: {
    locale: "es",
    props: {
      siteName: "Ciudad y Condado Consolidado de Cedarport",
      contact: {
        phone: "311",
        outsidePhone: "(555) 010-3110",
        email: "311@cedarport.gov",
        hours: "De lunes a viernes, de 8 a.m. a 5 p.m. (cerrado los días feriados)",
        address: { ...address, name: "Edificio de la Ciudad y el Condado" },
      },
      links: [
        { id: "privacy", href: "/privacy", title: "Política de privacidad" },
        { id: "accessibility", href: "/accessibility", title: "Accesibilidad" },
      ],
    },
  },
  phoneOnly: { locale: "en", props: { siteName: "Cedarport", contact: { phone: "311" } } },
  kitchenSink: {
    locale: "en",
    props: {
      siteName: "Consolidated City and County of Cedarport",
      emergencyPhone: "911",
      contact: {
        phone: "311",
        outsidePhone: "(555) 010-3110",
        email: " 311@cedarport.gov ",
        hours: "Monday to Friday, 8 a.m. to 5 p.m. (closed on holidays)",
        address: { ...address, name: "City-County Building", address2: "Room 1501" },
      },
      links: [
        { id: "privacy", href: "/privacy", title: "Privacy policy" },
        { id: "accessibility", href: "/accessibility", title: "Accessibility" },
        { id: "language-access", href: "/language-access", title: "Language access and interpreters" },
        { id: "contact", href: "/activity/contact-the-mayor", title: "Contact us" },
        { id: "state", href: "https://www.in.gov/", title: "State of Indiana" },
      ],
    },
  },
} satisfies Record<string, SiteFooterExample>;

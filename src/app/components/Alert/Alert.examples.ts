import type { Locale } from "../../i18n";
import type { AlertProps } from "./Alert";
import type { AlertBannerProps } from "./AlertBanner";
import { bannerColors } from "./readableTextColor";

export interface AlertExample {
  name: string;
  locale: Locale;
  props: AlertProps;
}

export interface AlertBannerExample {
  name: string;
  locale: Locale;
  props: AlertBannerProps;
}

export const alertExamples: AlertExample[] = [
  {
    name: "info (the default type)",
    locale: "en",
    props: { title: "Offices closed Monday", message: "City offices are closed on Memorial Day." },
  },
  {
    name: "success, in Spanish",
    locale: "es",
    props: {
      alertType: "success",
      title: "Solicitud enviada",
      message: "Recibirá un correo electrónico de confirmación en unos minutos.",
    },
  },
  {
    name: "warning that cannot be closed",
    locale: "en",
    props: {
      alertType: "warning",
      message: "Property tax payments made after May 10 are subject to a late penalty.",
      allowClose: false,
    },
  },
  {
    name: "error with a translated message, fixed bottom-right",
    locale: "es",
    props: {
      alertType: "error",
      title: "Service Unavailable",
      message: "typeahead.error",
      position: "bottom-right",
    },
  },
  {
    name: "emergency",
    locale: "en",
    props: { alertType: "emergency", title: "Emergency", message: "In an emergency, call 911." },
  },
  {
    name: "kitchen sink: several messages, fixed top",
    locale: "es",
    props: {
      alertType: "warning",
      title: "Cierre de calles",
      message: [
        "La calle Market estará cerrada entre las calles Delaware y Alabama del 3 al 5 de junio.",
        "Use la calle Washington como desvío.",
      ],
      position: "top",
      notifyOnClose: () => {},
    },
  },
];

export const alertBannerExamples: AlertBannerExample[] = [
  {
    name: "banner on a dark background with a link",
    locale: "en",
    props: {
      title: "Apply for a homestead deduction by December 31",
      link: "/activity/apply-for-a-homestead-deduction",
      colors: bannerColors("#1a4480"),
    },
  },
  {
    name: "banner on a light background, in Spanish",
    locale: "es",
    props: {
      title: "Las oficinas cierran el lunes por el feriado",
      colors: bannerColors("rgb(255, 190, 46)"),
    },
  },
  {
    name: "banner with a colour that cannot be read keeps the default colours",
    locale: "en",
    props: { title: "Trash pickup runs one day late this week", colors: bannerColors("var(--brand)") },
  },
];

import i18next, { type i18n } from "i18next";
import type { Locale } from "../../domain/localize";
import type { StringBundles } from "./page-data";

/** The browser's i18next: the page's language only, from the strings the page carries. */
export function islandI18n(locale: Locale, strings: StringBundles): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: strings },
    ns: Object.keys(strings),
    defaultNS: "ui",
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

import type { i18n } from "i18next";
import type { Locale } from "../../domain/localize";
import { addStrings, i18nFor } from "../../i18n";
import type { StringBundles } from "./page-data";

/**
 * The browser's i18next on a page of islands: the site's one setup (src/i18n), holding the page's
 * language only, from the strings the page carries.
 */
export function islandI18n(locale: Locale, strings: StringBundles): i18n {
  for (const [ns, bundle] of Object.entries(strings)) addStrings(locale, ns, bundle);
  return i18nFor(locale);
}

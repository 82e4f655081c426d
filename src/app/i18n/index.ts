import type { i18n } from "i18next";
import type { Locale } from "../../domain/localize";
import { addLocaleFiles, i18nFor, namespacesOf } from "../../i18n";

export { DEFAULT_LOCALE, isLocale, type Locale, supportedLocales as LOCALES } from "../../domain/localize";

/**
 * UI strings live in locales/<lang>/<namespace>.json, one namespace per area of the product, read
 * through the site's one i18next setup (src/i18n). The server holds every language, so it renders
 * the chosen one on the first byte. The browser (production build, where `PREACT` is set) fetches
 * only the page's language before it hydrates (`loadLanguage`, one chunk per language): the other
 * language's strings never travel.
 */
if (!import.meta.env.PREACT)
  addLocaleFiles(
    import.meta.glob<Record<string, unknown>>("../../../locales/*/*.json", {
      eager: true,
      import: "default",
    }),
  );

/** The browser: the page's language, fetched once, before anything is rendered with it. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (namespacesOf(locale).length > 0) return;
  addLocaleFiles((locale === "es" ? await import("./strings/es") : await import("./strings/en")).default);
}

/**
 * The i18next instance for a language: the same one the forms, the validation messages and the
 * workflow engine read, made once per language (src/i18n).
 */
export function createI18n(locale: Locale): i18n {
  return i18nFor(locale);
}

import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, type Locale } from "../../domain/localize";

export { DEFAULT_LOCALE, isLocale, type Locale, supportedLocales as LOCALES } from "../../domain/localize";

type Files = Record<string, Record<string, unknown>>;

/**
 * UI strings live in locales/<lang>/<namespace>.json, one namespace per area of the product. The
 * server holds every language, so it renders the chosen one on the first byte. The browser
 * (production build, where `PREACT` is set) fetches only the page's language before it hydrates
 * (`loadLanguage`, one chunk per language): the other language's strings never travel.
 */
const bundled: Files = import.meta.env.PREACT
  ? {}
  : import.meta.glob<Record<string, unknown>>("../../../locales/*/*.json", {
      eager: true,
      import: "default",
    });

const loaded: Resource = {};

function add(files: Files) {
  for (const [path, strings] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match as unknown as [string, string, string];
    loaded[lang] ??= {};
    loaded[lang][ns] = strings;
  }
}
add(bundled);

/** The browser: the page's language, fetched once, before anything is rendered with it. */
export async function loadLanguage(locale: Locale): Promise<void> {
  if (loaded[locale]) return;
  add((locale === "es" ? await import("./strings/es") : await import("./strings/en")).default);
}

const instances = new Map<Locale, i18n>();

/**
 * The i18next instance for a language. One per language, made once: an instance's language never
 * changes after it is made (switching language reloads the page), so residents can share it, and
 * no request pays for initialising i18next again.
 */
export function createI18n(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = newInstance(locale);
    instances.set(locale, instance);
  }
  return instance;
}

function newInstance(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    resources: { ...loaded },
    ns: Object.keys(loaded[locale] ?? {}),
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

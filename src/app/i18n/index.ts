import i18next, { type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, type Locale } from "../../domain/localize";

/**
 * UI strings live in locales/<lang>/<namespace>.json, one namespace per area of the product.
 * Every namespace is bundled (they are small) so the server renders the chosen language on the
 * first byte and the browser hydrates without a second request.
 */
const modules = import.meta.glob<{ default: Record<string, unknown> }>("../../../locales/*/*.json", {
  eager: true,
});

export { DEFAULT_LOCALE, isLocale, type Locale, supportedLocales as LOCALES } from "../../domain/localize";

export function resources(): Resource {
  const res: Resource = {};
  for (const [path, mod] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lang, ns] = match as unknown as [string, string, string];
    res[lang] ??= {};
    res[lang][ns] = mod.default;
  }
  return res;
}

export const NAMESPACES = [...new Set(Object.keys(modules).map((p) => /([^/]+)\.json$/.exec(p)?.[1] ?? ""))];

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
    resources: resources(),
    ns: NAMESPACES,
    defaultNS: "common",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

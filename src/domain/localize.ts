/**
 * Localization merge (SPEC §3 Localization).
 *
 * Content items carry their English fields on the item itself and a `localizations` list with one
 * entry per language. For a locale other than English the chosen entry's fields override the item's,
 * recursively: nested objects are merged key by key and lists by index. A translator who leaves a
 * field empty (null, undefined or "") therefore falls back to English instead of blanking the page.
 */

export const supportedLocales = ["en", "es"] as const;
export type Locale = (typeof supportedLocales)[number];
export const DEFAULT_LOCALE: Locale = "en";
/** The cookie holding the resident's language: the switch writes it, the server reads it. */
export const LANGUAGE_COOKIE = "lang";
const ONE_YEAR_IN_SECONDS = 31_536_000;

/**
 * The same address in another language: a `lang` its query names becomes `lang` (the switch must
 * win over the address, or choosing English on `/…?lang=es` would come back in Spanish); an
 * address without one is unchanged, the stored choice deciding. `path` is a path with its query
 * (and hash), as `sameSitePath` gives it.
 */
export function addressInLanguage(path: string, lang: Locale): string {
  const url = new URL(path, "http://same.site.invalid");
  if (!url.searchParams.has("lang")) return path;
  url.searchParams.set("lang", lang);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The cookie storing a language choice. `secure`: the site runs on https, where every cookie is `Secure`. */
export function languageCookie(lang: Locale, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_IN_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export interface Localization {
  locale: string;
}

type Localizable = { localizations?: readonly Localization[] | null };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (supportedLocales as readonly string[]).includes(value);
}

/** Narrows any string (a URL segment, a stored preference, `es-MX`) to a supported locale. */
export function toLocale(value: unknown): Locale {
  if (typeof value !== "string") return DEFAULT_LOCALE;
  const lower = value.trim().toLowerCase();
  if (isLocale(lower)) return lower;
  const language = lower.split(/[-_]/)[0];
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

/**
 * The entry for `locale`, else the one for its base language (`es-MX` → `es`), else the first.
 * Returns undefined only when there are no entries.
 */
export function pickLocalization<L extends Localization>(
  localizations: readonly L[] | null | undefined,
  locale: string,
): L | undefined {
  if (!localizations || localizations.length === 0) return undefined;
  const wanted = locale.toLowerCase();
  const language = wanted.split(/[-_]/)[0];
  return (
    localizations.find((entry) => entry.locale?.toLowerCase() === wanted) ??
    localizations.find((entry) => entry.locale?.toLowerCase().split(/[-_]/)[0] === language) ??
    localizations[0]
  );
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** Merges `override` onto `base`; blank override values never erase the base. */
export function mergeLocalized(base: unknown, override: unknown): unknown {
  if (isBlank(override)) return base;
  if (Array.isArray(override)) {
    if (!Array.isArray(base)) return override.map((entry) => mergeLocalized(undefined, entry));
    const length = Math.max(base.length, override.length);
    return Array.from({ length }, (_, index) => mergeLocalized(base[index], override[index]));
  }
  if (isPlainObject(override)) {
    const merged: Record<string, unknown> = isPlainObject(base) ? { ...base } : {};
    for (const [key, value] of Object.entries(override)) {
      const next = mergeLocalized(merged[key], value);
      if (next !== undefined) merged[key] = next;
    }
    return merged;
  }
  return override;
}

/** English, in any spelling (`en`, `EN`, `en-US`): the item's own fields are already English. */
function isDefaultLocale(locale: string): boolean {
  return locale.toLowerCase().split(/[-_]/)[0] === DEFAULT_LOCALE;
}

/** Keys of a localization entry that describe the entry itself, not the item. */
const ENTRY_KEYS = new Set(["locale", "localizations", "__typename"]);

/**
 * The item as seen in `locale`. English (the default) returns the item's own fields untouched; any
 * other locale, including an unknown one, merges the chosen entry (see pickLocalization) over them.
 * The `localizations` list is kept so the caller can still switch language.
 */
export function localize<T extends Localizable>(item: T, locale: string = DEFAULT_LOCALE): T {
  if (isDefaultLocale(locale)) return item;
  const entry = pickLocalization(item.localizations, locale);
  if (!entry) return item;
  const merged: Record<string, unknown> = { ...(item as Record<string, unknown>) };
  for (const [key, value] of Object.entries(entry as unknown as Record<string, unknown>)) {
    if (ENTRY_KEYS.has(key)) continue;
    const next = mergeLocalized(merged[key], value);
    if (next !== undefined) merged[key] = next;
  }
  return merged as T;
}

/**
 * Localizes the value and every object nested inside it that carries its own `localizations`
 * (the agencies, tags and topics of an activity, the activities of a topic…). Shared and circular
 * references are localized once and stay shared.
 */
export function localizeDeep<T>(value: T, locale: string = DEFAULT_LOCALE): T {
  if (isDefaultLocale(locale)) return value;
  const seen = new Map<object, unknown>();

  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) {
      const known = seen.get(node);
      if (known) return known;
      const out: unknown[] = [];
      seen.set(node, out);
      for (const entry of node) out.push(walk(entry));
      return out;
    }
    if (!isPlainObject(node)) return node;
    const known = seen.get(node);
    if (known) return known;
    const out: Record<string, unknown> = {};
    seen.set(node, out);
    const localized = Array.isArray(node.localizations) ? localize(node as Localizable, locale) : node;
    for (const [key, entry] of Object.entries(localized)) {
      // The raw entries stay as they are: they are the source for a later switch of language.
      out[key] = key === "localizations" ? entry : walk(entry);
    }
    return out;
  };

  return walk(value) as T;
}

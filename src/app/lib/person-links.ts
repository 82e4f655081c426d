/**
 * Links of the elected officials' pages, safe for any module (no server-only imports): a person's
 * page, and the `?lang=` an address chose, which links keep (as the property pages do).
 */
import type { Locale } from "../i18n";

/** The language the address chose (`?lang=`), if it did. */
export function langOf(url: URL): Locale | undefined {
  const lang = url.searchParams.get("lang");
  return lang === "en" || lang === "es" ? lang : undefined;
}

/** `?lang=…` when the address chose the language, else nothing. */
export function langQuery(url: URL): string {
  const lang = langOf(url);
  return lang ? `?lang=${lang}` : "";
}

/** A person's own page (the content item's default link, /{section}/{slug}). */
export const personHref = (id: string, lang = "") => `/person/${encodeURIComponent(id)}${lang}`;

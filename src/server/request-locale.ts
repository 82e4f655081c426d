import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale, languageCookie } from "../domain/localize";

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) {
      try {
        return decodeURIComponent(v.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The language of a request: `?lang=` (so each language has its own address, for search engines
 * and shared links), else the resident's stored choice (cookie), else English.
 */
export function requestLocale(url: URL, cookieHeader: string | undefined): Locale {
  const param = url.searchParams.get("lang");
  if (isLocale(param)) return param;
  const cookie = readCookie(cookieHeader, LANGUAGE_COOKIE);
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}

/**
 * The Set-Cookie that remembers the language an address names (`?lang=es`) for a visitor who has
 * not chosen one yet, as if they had used the switch: someone who arrives at a Spanish page (from
 * a search engine, a letter, a shared link) goes on in Spanish from every link, with or without
 * JavaScript. A stored choice is never changed this way: only the switch changes it.
 */
export function addressLanguageCookie(
  url: URL,
  cookieHeader: string | undefined,
  secure: boolean,
): string | undefined {
  const param = url.searchParams.get("lang");
  if (!isLocale(param) || isLocale(readCookie(cookieHeader, LANGUAGE_COOKIE))) return undefined;
  return languageCookie(param, secure);
}

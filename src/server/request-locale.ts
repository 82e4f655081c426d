import { DEFAULT_LOCALE, isLocale, LANGUAGE_COOKIE, type Locale } from "../domain/localize";

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

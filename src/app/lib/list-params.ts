/**
 * The page and the language a list's address asks for (/bids, /property-search): a page that is
 * not a whole number from 1 is the first (and one past the last is clamped by the list itself); a
 * `lang` other than en or es is none, and a list keeps the one asked in its own links.
 */
export const MAX_PAGE = 100_000;

export interface PageAndLang {
  page: number;
  lang?: "en" | "es";
}

export function pageAndLang(page: string | undefined, lang: string | undefined): PageAndLang {
  const n = Number.parseInt(page ?? "", 10);
  return {
    page: Number.isFinite(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1,
    ...(lang === "en" || lang === "es" ? { lang } : {}),
  };
}

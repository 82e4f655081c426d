/** `?lang=es` kept on the console's own links and redirects, as the public pages keep it. */
export const withLang = (href: string, locale: string) =>
  locale === "es" ? `${href}${href.includes("?") ? "&" : "?"}lang=es` : href;

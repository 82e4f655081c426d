/**
 * A link to a list page with new filter and page parameters (built by the list itself), keeping
 * the language of the address (`?lang=`) when it has one.
 */
export function listHref(path: string, query: string, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  const lang = new URLSearchParams(query).get("lang");
  if (lang) next.set("lang", lang);
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The hidden fields the no-JavaScript filter form must carry to keep the language. */
export function langParam(query: string): [string, string][] {
  const lang = new URLSearchParams(query).get("lang");
  return lang ? [["lang", lang]] : [];
}

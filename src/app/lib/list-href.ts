import { type FilterState, filtersFromSearchParams, filtersToSearchParams, PAGE_PARAM } from "../../domain/filters";

/**
 * A link to a list page with some of its state changed, keeping the rest (e.g. `lang`). A filter
 * change drops the page number, so the list starts again at page 1 (SPEC §4).
 */
export function listHref(path: string, query: string, change: { page?: number; filters?: FilterState }): string {
  const current = new URLSearchParams(query);
  const filters = change.filters ?? filtersFromSearchParams(current);
  const page = change.filters ? undefined : (change.page ?? Number(current.get(PAGE_PARAM) ?? 1));
  const next = filtersToSearchParams(filters, page);
  const lang = current.get("lang");
  if (lang) next.set("lang", lang);
  const qs = next.toString();
  return qs ? `${path}?${qs}` : path;
}

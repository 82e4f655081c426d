import type { Facets, FilterState } from "../../domain/filters";
import { filtersToSearchParams } from "../../domain/filters";
import { FiltersPanel } from "../components/FiltersPanel/FiltersPanel";
import { langParam, listHref } from "../lib/list-href";

export interface ListFiltersProps {
  facets: Facets;
  filters: FilterState;
  /** The list's path ('/activities', '/topic/property-taxes'). */
  path: string;
  /** The list's query string now, whose language (`lang`) the filter links keep. */
  query: string;
  headingLevel?: 2 | 3 | 4 | 5;
  /** What the no-JavaScript form carries along; the address's language by default. */
  hiddenParams?: ReadonlyArray<readonly [string, string]>;
}

/**
 * The filters panel of an activity list. With JavaScript a change applies at once: the page
 * loads the address the GET form would have sent (on page 1), so there is no Apply button.
 */
export function ListFilters({ path, query, hiddenParams, ...panel }: ListFiltersProps) {
  const hrefFor = (params: URLSearchParams) => listHref(path, query, params);
  return (
    <FiltersPanel
      {...panel}
      hrefFor={hrefFor}
      hiddenParams={hiddenParams ?? langParam(query)}
      onChange={(state) => window.location.assign(hrefFor(filtersToSearchParams(state)))}
    />
  );
}

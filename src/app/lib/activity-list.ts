import type { ActivitySummary } from "../../content/types";
import {
  facets,
  filterItems,
  filtersFromSearchParams,
  pageFromSearchParams,
  toFilterSet,
} from "../../domain/filters";
import { LIST_PAGE_SIZE, paginate } from "../../domain/paging";
import type { Locale } from "../i18n";
import { activityTile } from "./view-models";

/**
 * What every activity list (the activities page, an agency, a topic) needs from its address:
 * the filters and page it asks for, the facets of the whole list, and the page of tiles to show.
 */
export function activityListData(activities: ActivitySummary[], request: Request, locale: Locale) {
  const query = new URL(request.url).searchParams;
  const all = activities.map((a) => activityTile(a, locale));
  const filters = filtersFromSearchParams(query);
  const page = paginate(filterItems(all, toFilterSet(filters)), pageFromSearchParams(query), LIST_PAGE_SIZE);
  return { filters, facets: facets(all), ...page, query: query.toString() };
}

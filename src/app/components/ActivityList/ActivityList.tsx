import { clear, type Facets, type FilterState, filtersToSearchParams } from "../../../domain/filters";
import { contentLink, type LinkableItem } from "../../../domain/links";
import { useTranslation } from "../../i18n/use-translation";
import { Island } from "../../islands/Island";
import { listHref } from "../../lib/list-href";
import { type ActivityTileActivity, tileActivity } from "../ActivityTile/ActivityTile";
import { hasFilterChoices } from "../FiltersPanel/FiltersPanel";
import { Pagination } from "../Pagination/Pagination";
import "./ActivityList.css";

export type ActivityListItem = ActivityTileActivity & LinkableItem & { id?: string };

export interface ActivityListProps {
  /** The activities of this page, already filtered, paged and localized. */
  items: readonly ActivityListItem[];
  /** The filter options of the whole (unfiltered) list. */
  facets: Facets;
  filters: FilterState;
  page: number;
  pageCount: number;
  /** How many activities all pages hold. */
  total: number;
  /** The list's path; its filter, page and clear links go there. */
  path: string;
  /** The address's query string now: links keep its language (`lang`). */
  query: string;
  /** The level of the 'Filters' and result-count headings; tiles sit one below. */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Other query parameters the no-JavaScript filter form must keep; the language by default. */
  hiddenParams?: ReadonlyArray<readonly [string, string]>;
  /** Where a tile links to; the content item's link (SPEC §2) by default. */
  linkFor?: (activity: ActivityListItem) => string;
}

const defaultLink = (activity: ActivityListItem) => contentLink(activity, "activity");

/** Filter bar, result count, tiles, paging, and the blank state when nothing is left to show. */
export function ActivityList({
  items,
  facets,
  filters,
  page,
  pageCount,
  total,
  path,
  query,
  headingLevel = 2,
  hiddenParams,
  linkFor = defaultLink,
}: ActivityListProps) {
  const { t } = useTranslation("components");
  const Heading = `h${headingLevel}` as const;
  const tileLevel = (headingLevel + 1) as 3 | 4 | 5 | 6;
  const hrefFor = (params: URLSearchParams) => listHref(path, query, params);
  const withFilters = hasFilterChoices(facets, filters);
  const clearHref = hrefFor(filtersToSearchParams(clear()));
  return (
    <div className={withFilters ? "cp-activity-list cp-activity-list--filtered" : "cp-activity-list"}>
      {withFilters ? (
        <div className="cp-activity-list__filters">
          {/* With JavaScript a change applies at once (see ListFilters). */}
          <Island name="FiltersPanel" props={{ facets, filters, path, query, headingLevel, hiddenParams }} />
        </div>
      ) : null}
      <div className="cp-activity-list__results">
        {/* Polite live region: with JavaScript, filtering updates the count without a page load. */}
        <div className="cp-activity-list__summary" aria-live="polite">
          <Heading className="cp-activity-list__count">{t("list.count", { count: total })}</Heading>
          {pageCount > 1 ? (
            <p className="cp-activity-list__page">{t("list.pageOf", { page, pageCount })}</p>
          ) : null}
        </div>
        {items.length > 0 ? (
          <ul className="cp-grid cp-activity-list__grid">
            {items.map((activity) => (
              <Island
                key={activity.id ?? activity.slug}
                as="li"
                className="cp-activity-list__item"
                name="ActivityTile"
                props={{ activity: tileActivity(activity), href: linkFor(activity), headingLevel: tileLevel }}
              />
            ))}
          </ul>
        ) : (
          <div className="cp-activity-list__empty">
            <p className="cp-activity-list__empty-title">{t("list.empty")}</p>
            <p>{t("list.emptyHint")}</p>
            <a className="usa-button usa-button--outline" href={clearHref}>
              {t("filters.clear")}
            </a>
          </div>
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(target) => hrefFor(filtersToSearchParams(filters, target))}
        />
      </div>
    </div>
  );
}

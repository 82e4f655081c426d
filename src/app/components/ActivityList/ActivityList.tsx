import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { clear, type Facets, type FilterState, filtersToSearchParams } from "../../../domain/filters";
import { contentLink, type LinkableItem } from "../../../domain/links";
import { ActivityTile, type ActivityTileActivity } from "../ActivityTile/ActivityTile";
import { type FilterChange, FiltersPanel, hasFilterChoices } from "../FiltersPanel/FiltersPanel";
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
  /** The address of the list with these filter and page parameters, keeping any others. */
  hrefFor: (params: URLSearchParams) => string;
  /** The level of the 'Filters' and result-count headings; tiles sit one below. */
  headingLevel?: 2 | 3 | 4 | 5;
  /** See FiltersPanel: with it, filters apply as they change. */
  onFiltersChange?: (state: FilterState, change: FilterChange) => void;
  /** Other query parameters the no-JavaScript filter form must keep. */
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
  hrefFor,
  headingLevel = 2,
  onFiltersChange,
  hiddenParams,
  linkFor = defaultLink,
}: ActivityListProps) {
  const { t } = useTranslation("components");
  const Heading = `h${headingLevel}` as const;
  const tileLevel = (headingLevel + 1) as 3 | 4 | 5 | 6;
  const withFilters = hasFilterChoices(facets, filters);
  const clearHref = hrefFor(filtersToSearchParams(clear()));
  return (
    <div className={withFilters ? "cp-activity-list cp-activity-list--filtered" : "cp-activity-list"}>
      {withFilters ? (
        <div className="cp-activity-list__filters">
          <FiltersPanel
            facets={facets}
            filters={filters}
            hrefFor={hrefFor}
            onChange={onFiltersChange}
            headingLevel={headingLevel}
            hiddenParams={hiddenParams}
          />
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
              <li key={activity.id ?? activity.slug} className="cp-activity-list__item">
                <ActivityTile activity={activity} href={linkFor(activity)} headingLevel={tileLevel} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="cp-activity-list__empty">
            <p className="cp-activity-list__empty-title">{t("list.empty")}</p>
            <p>{t("list.emptyHint")}</p>
            <Link className="usa-button usa-button--outline" to={clearHref}>
              {t("filters.clear")}
            </Link>
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

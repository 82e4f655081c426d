import { type MouseEvent, useEffect, useId, useState } from "react";
import {
  clear,
  type Facets,
  FILTER_PARAMS,
  type FilterState,
  filtersToSearchParams,
  groupOptions,
  isCleared,
  only,
  toggle,
} from "../../../domain/filters";
import { useTranslation } from "../../i18n/use-translation";
import { FilterGroup } from "../FilterGroup/FilterGroup";
import "./FiltersPanel.css";

/** The groups the panel shows, in order, with their translation keys (SPEC §2 filters panel). */
const PANEL_GROUPS = [
  { group: "agencies", titleKey: "filters.agencies" },
  { group: "tags-verb", titleKey: "filters.verbs" },
  { group: "tags-user", titleKey: "filters.users" },
  { group: "tags-topic", titleKey: "filters.topics" },
] as const;

/** Mobile layout (SPEC §9): there the panel is always open. */
export const MOBILE_QUERY = "(max-width: 767px)";

export interface FilterChange {
  /** True when the change came from an 'only' link. */
  exclusive: boolean;
}

export interface FiltersPanelProps {
  /** The options on offer, titles already localized. */
  facets: Facets;
  /** The selection now in force (from the query string). */
  filters: FilterState;
  /**
   * The address of the list with these filter parameters, keeping the page's other query
   * parameters. The parameters never carry a page: a filter change goes back to page 1.
   */
  hrefFor: (params: URLSearchParams) => string;
  /**
   * With JavaScript, each change is reported at once with the whole selection (the route then
   * navigates, to page 1) and the Apply button goes. Without it the panel is a GET form.
   */
  onChange?: (state: FilterState, change: FilterChange) => void;
  /** The title's heading level; groups sit one below. */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Where the GET form goes; the current address by default. */
  action?: string;
  /** Other query parameters the GET form must carry along (e.g. stage=draft). */
  hiddenParams?: ReadonlyArray<readonly [string, string]>;
}

/** False when there is nothing to choose and nothing to clear: the panel then renders nothing. */
export function hasFilterChoices(facets: Facets, filters: FilterState): boolean {
  const options = groupOptions(facets);
  return PANEL_GROUPS.some(({ group }) => options[group].length > 0) || !isCleared(filters);
}

function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const media = window.matchMedia(query);
    const update = () => setMatches(media.matches);
    update();
    media.addEventListener("change", update);
    return () => media.removeEventListener("change", update);
  }, [query]);
  return matches;
}

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

const signature = (state: FilterState) => filtersToSearchParams(state).toString();

export function FiltersPanel({
  facets,
  filters,
  hrefFor,
  onChange,
  headingLevel = 3,
  action,
  hiddenParams = [],
}: FiltersPanelProps) {
  const { t } = useTranslation("components");
  const id = useId();
  const hydrated = useHydrated();
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [expanded, setExpanded] = useState(true);
  const [selection, setSelection] = useState(filters);
  // A navigation brings new filters: they replace whatever was ticked here.
  const [shown, setShown] = useState(() => signature(filters));
  if (signature(filters) !== shown) {
    setShown(signature(filters));
    setSelection(filters);
  }

  if (!hasFilterChoices(facets, filters)) return null;

  const options = groupOptions(facets);
  const collapsible = hydrated && !isMobile;
  const Heading = `h${headingLevel}` as const;
  const groupLevel = (headingLevel + 1) as 3 | 4 | 5 | 6;
  const change = (next: FilterState, exclusive: boolean) => {
    setSelection(next);
    onChange?.(next, { exclusive });
  };
  const onClear = onChange
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        change(clear(), false);
      }
    : undefined;

  return (
    <section className="cp-filters" aria-labelledby={`${id}-title`}>
      <Heading className="cp-filters__title" id={`${id}-title`}>
        {collapsible ? (
          <button
            type="button"
            className="cp-filters__toggle"
            aria-expanded={expanded}
            aria-controls={`${id}-body`}
            onClick={() => setExpanded((open) => !open)}
          >
            {t("filters.title")}
          </button>
        ) : (
          t("filters.title")
        )}
      </Heading>
      <div className="cp-filters__body" id={`${id}-body`} hidden={collapsible && !expanded}>
        <form className="cp-filters__form" method="get" action={action}>
          {hiddenParams.map(([name, value], index) => (
            <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
          ))}
          {PANEL_GROUPS.map(({ group, titleKey }) =>
            options[group].length > 0 ? (
              // Each group is a disclosure, so on a phone the open panel is a few lines tall and
              // the results follow on the first screen. A group with a choice in force starts
              // open; wide screens show every group (by CSS before hydration, then by `open`).
              <details
                key={group}
                className="cp-filters__group"
                open={selection[group].length > 0 || (hydrated && !isMobile)}
              >
                <summary className="cp-filters__group-summary">
                  <span>{t(titleKey)}</span>
                  {selection[group].length > 0 ? (
                    <span className="cp-filters__group-count">
                      {t("filters.selected", { count: selection[group].length })}
                    </span>
                  ) : null}
                </summary>
                <FilterGroup
                  name={FILTER_PARAMS[group]}
                  title={t(titleKey)}
                  headingLevel={groupLevel}
                  options={options[group]}
                  selected={selection[group]}
                  onlyHref={(option) => hrefFor(filtersToSearchParams(only(selection, group, option).state))}
                  onToggle={(option, on) => change(toggle(selection, group, option, on), false)}
                  onOnly={
                    onChange ? (option) => change(only(selection, group, option).state, true) : undefined
                  }
                />
              </details>
            ) : null,
          )}
          <button
            className="usa-button cp-filters__apply"
            type="submit"
            hidden={hydrated && Boolean(onChange)}
          >
            {t("filters.apply")}
          </button>
        </form>
        <a
          className="usa-button usa-button--outline cp-filters__clear"
          href={hrefFor(filtersToSearchParams(clear()))}
          onClick={onClear}
        >
          {t("filters.clear")}
        </a>
      </div>
    </section>
  );
}

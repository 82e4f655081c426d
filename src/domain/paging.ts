/**
 * Listing paging (SPEC §4): pages start at 1, a page outside the range is ignored.
 */

/** Activities per page on the activities, topic and agency lists. */
export const LIST_PAGE_SIZE = 12;

/**
 * The spec's search "list page size" of 1,000,000: in effect every result on one page. Use it as
 * a page size wherever a list must not be paged.
 */
export const ALL_ON_ONE_PAGE = 1_000_000;

export interface Page<T> {
  items: T[];
  /** The page actually shown, from 1. */
  page: number;
  /** At least 1, so an empty list still has its (empty) first page. */
  pageCount: number;
  total: number;
}

export function pageCountOf(total: number, pageSize: number): number {
  const size = validPageSize(pageSize);
  return Math.max(1, Math.ceil(total / size));
}

function validPageSize(pageSize: number): number {
  // A missing or nonsensical size must not hide the list: show it whole.
  return Number.isInteger(pageSize) && pageSize >= 1 ? pageSize : ALL_ON_ONE_PAGE;
}

export function isPageInRange(page: number, pageCount: number): boolean {
  return Number.isInteger(page) && page >= 1 && page <= pageCount;
}

/**
 * The page to move to when `requested` is asked for while `current` is shown: a request outside
 * the range is ignored.
 */
export function changePage(current: number, requested: number, pageCount: number): number {
  if (isPageInRange(requested, pageCount)) return requested;
  return isPageInRange(current, pageCount) ? current : 1;
}

/** One page of `items`; a page outside the range shows the first page instead. */
export function paginate<T>(items: readonly T[], page: number, pageSize: number): Page<T> {
  const size = validPageSize(pageSize);
  const pageCount = pageCountOf(items.length, size);
  const shown = isPageInRange(page, pageCount) ? page : 1;
  const start = (shown - 1) * size;
  return { items: items.slice(start, start + size), page: shown, pageCount, total: items.length };
}

export type PageLink =
  | { kind: "page"; page: number; current: boolean }
  | { kind: "gap"; key: "gap-start" | "gap-end" };

export interface PageNavigation {
  /** The page behind 'Previous', or null on the first page. */
  previous: number | null;
  /** Numbered pages, with gaps where pages are left out. */
  links: PageLink[];
  /** The page behind 'Next', or null on the last page. */
  next: number | null;
}

/** Up to this many slots (pages and gaps) show every page; more pages collapse into gaps. */
export const MAX_PAGE_SLOTS = 7;

/**
 * Previous / numbered pages / Next. Seven slots at most, in the way of the USWDS pagination:
 * first and last page always, the current page with its neighbours, and a gap for each run of
 * hidden pages (1 … 4 5 6 … 20).
 */
export function pageNumbers(page: number, pageCount: number): PageNavigation {
  const count = Math.max(1, Number.isInteger(pageCount) ? pageCount : 1);
  const current = isPageInRange(page, count) ? page : 1;
  const link = (n: number): PageLink => ({ kind: "page", page: n, current: n === current });
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => link(from + i));

  let links: PageLink[];
  if (count <= MAX_PAGE_SLOTS) {
    links = range(1, count);
  } else if (current <= 4) {
    links = [...range(1, 5), { kind: "gap", key: "gap-end" }, link(count)];
  } else if (current >= count - 3) {
    links = [link(1), { kind: "gap", key: "gap-start" }, ...range(count - 4, count)];
  } else {
    links = [
      link(1),
      { kind: "gap", key: "gap-start" },
      ...range(current - 1, current + 1),
      { kind: "gap", key: "gap-end" },
      link(count),
    ];
  }
  return {
    previous: current > 1 ? current - 1 : null,
    links,
    next: current < count ? current + 1 : null,
  };
}

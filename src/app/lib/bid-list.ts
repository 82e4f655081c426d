/**
 * What the bid list (/bids) reads from its address. Anything it does not understand is ignored,
 * never an error: an unknown status or agency is no filter, an unknown sort the default, a page
 * that is not a number the first (and one past the last, the last: the integration clamps it).
 */
import {
  BID_STATUSES,
  type BidSort,
  type BidStatus,
  isBidSort,
  type SortDirection,
} from "../../integrations/bids";
import { pageAndLang } from "./list-params";

export interface BidListParams {
  status?: BidStatus;
  agency?: string;
  sort: BidSort;
  direction: SortDirection;
  page: number;
  /** `lang` as asked, kept in the page's own links so a shared Spanish link stays Spanish. */
  lang?: "en" | "es";
}

export const DEFAULT_SORT: BidSort = "dueDate";
/** The latest due date first: open bids due furthest ahead, then the most recent ones. */
export const DEFAULT_DIRECTION: SortDirection = "desc";

/** The first value of a parameter, if it is a short string (a long one is not a code of ours). */
function one(query: URLSearchParams, name: string): string | undefined {
  const value = query.get(name);
  return value !== null && value.length <= 64 ? value.trim() : undefined;
}

export function bidListParams(query: URLSearchParams, agencies: readonly string[]): BidListParams {
  const status = one(query, "status");
  const agency = one(query, "agency");
  const sort = one(query, "sort");
  const dir = one(query, "dir");
  const sorted = isBidSort(sort) ? sort : DEFAULT_SORT;
  return {
    ...((BID_STATUSES as readonly string[]).includes(status ?? "") ? { status: status as BidStatus } : {}),
    ...(agency && agencies.includes(agency) ? { agency } : {}),
    sort: sorted,
    direction: dir === "asc" || dir === "desc" ? dir : isBidSort(sort) ? "asc" : DEFAULT_DIRECTION,
    ...pageAndLang(one(query, "page"), one(query, "lang")),
  };
}

/** The address of the list with `params` changed; defaults are left out, so addresses stay short. */
export function bidListHref(params: BidListParams, change: Partial<BidListParams> = {}): string {
  const p = { ...params, ...change };
  const query = new URLSearchParams();
  if (p.status) query.set("status", p.status);
  if (p.agency) query.set("agency", p.agency);
  if (p.sort !== DEFAULT_SORT || p.direction !== DEFAULT_DIRECTION) {
    query.set("sort", p.sort);
    query.set("dir", p.direction);
  }
  if (p.page > 1) query.set("page", String(p.page));
  if (p.lang) query.set("lang", p.lang);
  const text = query.toString();
  return text ? `/bids?${text}` : "/bids";
}

/** The link on a column's header: sorts by it, ascending first, the other way when it is sorted. */
export function sortHref(params: BidListParams, column: BidSort): string {
  const direction: SortDirection =
    params.sort === column ? (params.direction === "asc" ? "desc" : "asc") : "asc";
  return bidListHref(params, { sort: column, direction, page: 1 });
}

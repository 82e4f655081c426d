/**
 * What the property search (/property-search) reads from its address, and what it decides to do
 * with it. Nothing a resident types is an error of ours: an empty, overlong or symbol-only query
 * is a message on the page, an unknown kind or sort the default, a bad page the first.
 */

import { isParcelSort, normalizeParcelNumber, type ParcelSort } from "../../integrations/property-records";
import { keyText } from "../../integrations/property-records/address";
import { pageAndLang } from "./list-params";

export const SEARCH_KINDS = ["owner", "street", "parcel"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Longer than any owner name, street or state parcel number; longer text is refused, not cut. */
export const MAX_QUERY_LENGTH = 100;

export interface PropertySearchParams {
  /** As typed (trimmed); undefined when the form has not been sent. */
  query?: string;
  kind: SearchKind;
  sort?: ParcelSort;
  direction: "asc" | "desc";
  page: number;
  lang?: "en" | "es";
}

/** What the page does with the params: search, or show the form with a message, or just the form. */
export type SearchPlan =
  | { action: "none" }
  | { action: "error"; error: "empty" | "tooLong" | "noWords" | "parcelFormat" }
  | { action: "parcel"; parcelNumber: string; note?: "asParcel" }
  | { action: "search"; by: "owner" | "street" | "address"; query: string; note?: "asAddress" };

const first = (query: URLSearchParams, name: string) => query.get(name) ?? undefined;

export function propertySearchParams(query: URLSearchParams): PropertySearchParams {
  const q = first(query, "q");
  const kind = first(query, "by");
  const sort = first(query, "sort");
  const dir = first(query, "dir");
  return {
    ...(q !== undefined ? { query: q.trim() } : {}),
    kind: (SEARCH_KINDS as readonly string[]).includes(kind ?? "") ? (kind as SearchKind) : "owner",
    ...(isParcelSort(sort) ? { sort } : {}),
    direction: dir === "desc" ? "desc" : "asc",
    ...pageAndLang(first(query, "page"), first(query, "lang")),
  };
}

/**
 * A parcel number is a parcel number whatever "Search by" says (no name or street is all digits);
 * a street with a house number in front ("1418 N Cedar Ave") is an address.
 */
export function searchPlan(params: PropertySearchParams): SearchPlan {
  const { query, kind } = params;
  if (query === undefined) return { action: "none" };
  if (query === "") return { action: "error", error: "empty" };
  if (query.length > MAX_QUERY_LENGTH) return { action: "error", error: "tooLong" };
  const parcelNumber = normalizeParcelNumber(query);
  if (parcelNumber)
    return { action: "parcel", parcelNumber, ...(kind !== "parcel" ? { note: "asParcel" } : {}) };
  if (kind === "parcel") return { action: "error", error: "parcelFormat" };
  // What the search keys keep: letters and digits. Nothing left (%, _, emoji) cannot match anything.
  const words = keyText(query).replace(/[#,]/g, " ").split(" ").filter(Boolean);
  if (words.length === 0) return { action: "error", error: "noWords" };
  if (kind === "street" && /^\d{1,6}$/.test(words[0] ?? "") && words.length >= 3)
    return { action: "search", by: "address", query, note: "asAddress" };
  return { action: "search", by: kind, query };
}

export const defaultSort = (plan: SearchPlan): ParcelSort =>
  plan.action === "search" && plan.by === "owner" ? "owner" : "address";

/** The address of the search with `params` changed; defaults are left out, so addresses stay short. */
export function propertySearchHref(
  params: PropertySearchParams,
  change: Partial<PropertySearchParams> = {},
): string {
  const p = { ...params, ...change };
  const query = new URLSearchParams();
  if (p.query !== undefined) query.set("q", p.query);
  query.set("by", p.kind);
  if (p.sort) {
    query.set("sort", p.sort);
    query.set("dir", p.direction);
  }
  if (p.page > 1) query.set("page", String(p.page));
  if (p.lang) query.set("lang", p.lang);
  return `/property-search?${query.toString()}`;
}

/** The link on a column's header: sorts by it, ascending first, the other way when it is sorted. */
export function sortHref(params: PropertySearchParams, shown: ParcelSort, column: ParcelSort): string {
  const direction = shown === column ? (params.direction === "asc" ? "desc" : "asc") : "asc";
  return propertySearchHref(params, { sort: column, direction, page: 1 });
}

/** How a page of search results can be ordered (PropertyRecords.search). */

/** What a search page can be sorted by: the columns of the results table. */
export const PARCEL_SORTS = ["parcel", "address", "owner", "assessedValue"] as const;
export type ParcelSort = (typeof PARCEL_SORTS)[number];

export function isParcelSort(value: unknown): value is ParcelSort {
  return typeof value === "string" && (PARCEL_SORTS as readonly string[]).includes(value);
}

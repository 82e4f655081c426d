/**
 * The demo map of the nine City-County Council districts, drawn on the demo geography
 * (property-records/embedded/cedarport-geography.ts: nine townships, three by three, around
 * Center Township, streets numbered outwards from Market Street and Cedar Avenue).
 *
 * Each outer township is one district, numbered like its township code. Downtown (Center
 * Township) is too populous for one: its core, every address below 1500 and its subdivision
 * streets, is District 1; from 1500 outwards each direction joins the district beyond it, so
 * "2200 N College Ave" (Center) and "3400 N College Ave" (Harbor) are both in District 2, as a
 * district drawn along the street grid would be.
 *
 * Rules are address ranges, and they do not overlap: a parcel matches exactly one rule (the unit
 * test checks it for every demo parcel). Change the map here; the parcels need no new seed.
 */

export interface DistrictRule {
  district: number;
  /** The township on the parcel's record. */
  township: string;
  /** The street's direction ("N", "E", …; "" for a street with none); any when left out. */
  directions?: readonly string[];
  /** House numbers from and to (inclusive); any when left out. */
  from?: number;
  to?: number;
}

/** The outer townships, each one district: the district's number is the township's code. */
const WHOLE_TOWNSHIPS: ReadonlyArray<[district: number, township: string]> = [
  [2, "Harbor Township"],
  [3, "Lincoln Township"],
  [4, "Union Township"],
  [5, "Prairie Township"],
  [6, "Pleasant Township"],
  [7, "Maple Grove Township"],
  [8, "Riverside Township"],
  [9, "Sugar Creek Township"],
];

/** Where downtown's core ends along each grid street: from here on, the outer district's. */
export const DOWNTOWN_CORE_END = 1500;

/** Downtown's outer blocks: the district beyond them in each direction (north is Harbor, …). */
const DOWNTOWN_OUTER: ReadonlyArray<[direction: string, district: number]> = [
  ["N", 2],
  ["E", 4],
  ["S", 6],
  ["W", 8],
];

const CENTER = "Center Township";

export const DISTRICT_RULES: readonly DistrictRule[] = [
  { district: 1, township: CENTER, directions: [""] },
  {
    district: 1,
    township: CENTER,
    directions: DOWNTOWN_OUTER.map(([direction]) => direction),
    to: DOWNTOWN_CORE_END - 1,
  },
  ...DOWNTOWN_OUTER.map(([direction, district]) => ({
    district,
    township: CENTER,
    directions: [direction],
    from: DOWNTOWN_CORE_END,
  })),
  ...WHOLE_TOWNSHIPS.map(([district, township]) => ({ district, township })),
];

export const DISTRICT_NUMBERS: readonly number[] = [...new Set(DISTRICT_RULES.map((r) => r.district))].sort(
  (a, b) => a - b,
);

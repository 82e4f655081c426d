/**
 * The fictional geography the demo parcels are drawn on. Cedarport-and-County is a square of nine
 * townships, three by three, around Center Township downtown. Addresses follow a grid centred on
 * Market Street (north and south) and Cedar Avenue (east and west): north-south streets carry N or S,
 * east-west streets E or W, numbered from 100 near the centre to about 9999 at the county line.
 * Subdivisions in the outer townships have their own curving streets with no direction.
 */

export interface Township {
  /** The first digit of the township's parcel numbers (and its state township code, 0N). */
  code: number;
  name: string;
  /** Column and row in the 3 x 3 grid: -1 west or north, 0 centre, 1 east or south. */
  column: -1 | 0 | 1;
  row: -1 | 0 | 1;
  zips: readonly string[];
  /** School districts and the share of the township's streets in each; the first is the main one. */
  schoolDistricts: ReadonlyArray<{ name: string; share: number }>;
  /** Median assessed value of a home, in dollars. */
  medianValue: number;
  /** Relative number of parcels. */
  weight: number;
  /** Subdivision streets (name and suffix, no direction), each only in this township. */
  subdivisionStreets: readonly string[];
}

export const SCHOOL_DISTRICTS = [
  "Cedarport Public Schools",
  "Metropolitan School District of Harbor Township",
  "Metropolitan School District of Lincoln Township",
  "Union Township Community Schools",
  "Prairie Heights School Corporation",
  "Pleasant Township Schools",
  "Maple Grove Community Schools",
  "Metropolitan School District of Sugar Creek Township",
] as const;

const [
  CPS,
  HARBOR_MSD,
  LINCOLN_MSD,
  UNION_SCHOOLS,
  PRAIRIE_HEIGHTS,
  PLEASANT_SCHOOLS,
  MAPLE_GROVE_SCHOOLS,
  SUGAR_CREEK_MSD,
] = SCHOOL_DISTRICTS;

export const TOWNSHIPS: readonly Township[] = [
  {
    code: 1,
    name: "Center Township",
    column: 0,
    row: 0,
    zips: ["46201", "46202", "46203", "46204", "46225"],
    schoolDistricts: [{ name: CPS, share: 1 }],
    medianValue: 165_000,
    weight: 16,
    subdivisionStreets: ["Mulberry Pl", "Chatham Sq", "Cottage Ave", "Lantern Ct"],
  },
  {
    code: 2,
    name: "Harbor Township",
    column: 0,
    row: -1,
    zips: ["46205", "46208", "46220", "46228"],
    schoolDistricts: [
      { name: HARBOR_MSD, share: 0.75 },
      { name: CPS, share: 0.25 },
    ],
    medianValue: 245_000,
    weight: 12,
    subdivisionStreets: [
      "Fox Run Ct",
      "Lighthouse Dr",
      "Sailboat Cir",
      "Bayview Ln",
      "Heron Pointe Dr",
      "Marina Way",
      "Anchor Ct",
      "Windward Pl",
      "Gull Cove Ct",
      "Schooner Ln",
      "Driftwood Dr",
      "Compass Pointe Way",
    ],
  },
  {
    code: 3,
    name: "Lincoln Township",
    column: 1,
    row: -1,
    zips: ["46226", "46235", "46236", "46256"],
    schoolDistricts: [{ name: LINCOLN_MSD, share: 1 }],
    medianValue: 290_000,
    weight: 11,
    subdivisionStreets: [
      "Quail Ridge Dr",
      "Timber Ridge Ct",
      "Autumn Woods Dr",
      "Stone Mill Way",
      "Brookstone Ln",
      "Kensington Pl",
      "Ashbury Ct",
      "Canterbury Dr",
      "Sheffield Ln",
      "Whispering Pines Dr",
      "Hawthorn Trl",
      "Cardinal Crest Ct",
    ],
  },
  {
    code: 4,
    name: "Union Township",
    column: 1,
    row: 0,
    zips: ["46218", "46219", "46229"],
    schoolDistricts: [
      { name: UNION_SCHOOLS, share: 0.75 },
      { name: CPS, share: 0.25 },
    ],
    medianValue: 135_000,
    weight: 10,
    subdivisionStreets: [
      "Cobblestone Ct",
      "Redbud Ln",
      "Dogwood Dr",
      "Sassafras Way",
      "Persimmon Ct",
      "Buckeye Ln",
      "Chickadee Dr",
      "Bluebird Ct",
      "Meadowlark Ln",
      "Lilac Way",
      "Clover Ct",
      "Sunflower Dr",
    ],
  },
  {
    code: 5,
    name: "Prairie Township",
    column: 1,
    row: 1,
    zips: ["46237", "46239", "46259"],
    schoolDistricts: [{ name: PRAIRIE_HEIGHTS, share: 1 }],
    medianValue: 210_000,
    weight: 10,
    subdivisionStreets: [
      "Prairie View Dr",
      "Wheatfield Ct",
      "Harvest Moon Ln",
      "Tallgrass Way",
      "Bluestem Ct",
      "Cornflower Dr",
      "Windmill Ln",
      "Silo Ridge Ct",
      "Meadow Brook Dr",
      "Switchgrass Ln",
      "Homestead Trl",
      "Bobwhite Ct",
    ],
  },
  {
    code: 6,
    name: "Pleasant Township",
    column: 0,
    row: 1,
    zips: ["46217", "46227"],
    schoolDistricts: [
      { name: PLEASANT_SCHOOLS, share: 0.7 },
      { name: PRAIRIE_HEIGHTS, share: 0.3 },
    ],
    medianValue: 185_000,
    weight: 11,
    subdivisionStreets: [
      "Pleasant Valley Pkwy",
      "Greenbrier Ct",
      "Orchard Hill Dr",
      "Applewood Ln",
      "Cherry Blossom Ct",
      "Hillcrest Dr",
      "Fairview Ter",
      "Valley Forge Ct",
      "Lexington Dr",
      "Concord Ln",
      "Brandywine Ct",
      "Shenandoah Dr",
    ],
  },
  {
    code: 7,
    name: "Maple Grove Township",
    column: -1,
    row: 1,
    zips: ["46221", "46241"],
    schoolDistricts: [{ name: MAPLE_GROVE_SCHOOLS, share: 1 }],
    medianValue: 155_000,
    weight: 9,
    subdivisionStreets: [
      "Maple Leaf Ct",
      "Sugar Maple Dr",
      "Silver Maple Ln",
      "Walnut Grove Way",
      "Chestnut Ct",
      "Sycamore Bend Dr",
      "Hickory Hollow Ln",
      "Cottonwood Ct",
      "Linden Dr",
      "Tamarack Way",
      "Juniper Ct",
      "Aspen Trl",
    ],
  },
  {
    code: 8,
    name: "Riverside Township",
    column: -1,
    row: 0,
    zips: ["46214", "46222", "46224"],
    schoolDistricts: [
      { name: MAPLE_GROVE_SCHOOLS, share: 0.75 },
      { name: CPS, share: 0.25 },
    ],
    medianValue: 125_000,
    weight: 10,
    subdivisionStreets: [
      "River Bend Dr",
      "Riverview Ct",
      "Willow Bend Ln",
      "Kingfisher Ct",
      "Otter Creek Dr",
      "Mill Race Way",
      "Canal Ct",
      "Ferry Landing Dr",
      "Towpath Ln",
      "Sandbar Ct",
      "Rapids Way",
      "Waterside Dr",
    ],
  },
  {
    code: 9,
    name: "Sugar Creek Township",
    column: -1,
    row: -1,
    zips: ["46254", "46268", "46278"],
    schoolDistricts: [{ name: SUGAR_CREEK_MSD, share: 1 }],
    medianValue: 265_000,
    weight: 11,
    subdivisionStreets: [
      "Sugar Creek Pkwy",
      "Deer Creek Dr",
      "Fawn Meadow Ct",
      "Doe Run Ln",
      "Antler Ct",
      "Briar Patch Way",
      "Foxglove Ct",
      "Wild Turkey Ln",
      "Pheasant Run Dr",
      "Shawnee Trl",
      "Tecumseh Ct",
      "Wyandotte Dr",
    ],
  },
];

/** North-south streets by grid column (west, centre, east), each "Name Suffix". */
export const NORTH_SOUTH_STREETS: Record<-1 | 0 | 1, readonly string[]> = {
  "-1": ["Belmont Ave", "Holt Rd", "Lynnwood Dr", "Tremont St", "Kestrel Rd", "Elmhurst Ave"],
  0: ["Cedar Ave", "Lake Ave", "College Ave", "Pennsylvania St", "Delaware St", "Fulton St"],
  1: ["Sheridan Dr", "Emerson Ave", "Arlington Ave", "Ridgeview Dr", "Franklin Rd", "Buckeye Rd"],
};

/** East-west streets by grid row (north, centre, south). */
export const EAST_WEST_STREETS: Record<-1 | 0 | 1, readonly string[]> = {
  "-1": ["38th St", "46th St", "52nd St", "56th St", "71st St", "86th St"],
  0: ["Market St", "Washington St", "Michigan St", "Ohio St", "New York St", "10th St", "16th St", "30th St"],
  1: ["Raymond St", "Troy Ave", "Hanna Ave", "Thompson Rd", "Edgewood Ave", "Southport Rd"],
};

/** Mobile-home parks: one street address, homes on numbered lots ("6100 W Washington St Lot 14"). */
export const MOBILE_HOME_PARKS = [
  {
    name: "Westgate Village",
    township: 8,
    houseNumber: 6100,
    direction: "W",
    street: "Washington St",
    lots: 160,
  },
  { name: "Shady Acres", township: 7, houseNumber: 4700, direction: "S", street: "Belmont Ave", lots: 120 },
  {
    name: "Lakeside Manor",
    township: 5,
    houseNumber: 7200,
    direction: "E",
    street: "Southport Rd",
    lots: 140,
  },
  {
    name: "Oakbrook Estates",
    township: 3,
    houseNumber: 5900,
    direction: "N",
    street: "Franklin Rd",
    lots: 120,
  },
  { name: "Pine Hollow", township: 9, houseNumber: 8300, direction: "W", street: "71st St", lots: 100 },
] as const;

export const CITY = "Cedarport";
export const STATE = "IN";

export function townshipByCode(code: number): Township {
  const township = TOWNSHIPS.find((t) => t.code === code);
  if (!township) throw new Error(`no township ${code}`);
  return township;
}

/**
 * The owners' mailing addresses of the generated parcels. Most owners get their letters at the
 * property; some at a PO box in town, a relative's or a second home elsewhere in the country, a
 * few abroad; companies at their office or a PO box; a trust sometimes in care of its trustee.
 *
 * Drawn from a random source of their own, after every other field: the parcels of version 1 are
 * unchanged but for this one field (generate-parcels.test.ts checks it).
 */

import { propertyAsMailingAddress } from "../mailing-address";
import type { MailingAddress, Parcel } from "../property-records";
import { CITY, STATE } from "./cedarport-geography";
import { NAME_GROUPS, ORGANIZATION_NAMES } from "./owner-names";
import type { Random } from "./random";

/** Cities elsewhere in the United States, with a ZIP code of each (the military's "APO AE" too). */
// biome-ignore format: a table reads better one city a line
const US_CITIES: ReadonlyArray<{ city: string; region: string; zips: readonly string[]; weight: number }> = [
  { city: "Carmel", region: "IN", zips: ["46032", "46033"], weight: 4 },
  { city: "Fishers", region: "IN", zips: ["46037", "46038"], weight: 4 },
  { city: "Bloomington", region: "IN", zips: ["47401", "47408"], weight: 3 },
  { city: "Fort Wayne", region: "IN", zips: ["46802", "46814"], weight: 2 },
  { city: "Lafayette", region: "IN", zips: ["47901", "47905"], weight: 2 },
  { city: "Evansville", region: "IN", zips: ["47708", "47715"], weight: 1 },
  { city: "Chicago", region: "IL", zips: ["60614", "60657", "60616"], weight: 3 },
  { city: "Naperville", region: "IL", zips: ["60540"], weight: 1 },
  { city: "Louisville", region: "KY", zips: ["40205", "40207"], weight: 2 },
  { city: "Columbus", region: "OH", zips: ["43215", "43221"], weight: 2 },
  { city: "Cincinnati", region: "OH", zips: ["45202", "45208"], weight: 1 },
  { city: "Detroit", region: "MI", zips: ["48226"], weight: 1 },
  { city: "Nashville", region: "TN", zips: ["37203", "37215"], weight: 1 },
  { city: "Atlanta", region: "GA", zips: ["30309", "30327"], weight: 1 },
  { city: "Naples", region: "FL", zips: ["34102", "34108"], weight: 3 },
  { city: "Sarasota", region: "FL", zips: ["34236", "34242"], weight: 2 },
  { city: "Tampa", region: "FL", zips: ["33602", "33629"], weight: 1 },
  { city: "Scottsdale", region: "AZ", zips: ["85251", "85255"], weight: 2 },
  { city: "Denver", region: "CO", zips: ["80202", "80206"], weight: 1 },
  { city: "Dallas", region: "TX", zips: ["75201", "75205"], weight: 1 },
  { city: "Houston", region: "TX", zips: ["77002", "77005"], weight: 1 },
  { city: "San Diego", region: "CA", zips: ["92101", "92103"], weight: 1 },
  { city: "Seattle", region: "WA", zips: ["98101", "98122"], weight: 1 },
  { city: "New York", region: "NY", zips: ["10016", "10025"], weight: 1 },
  { city: "Charlotte", region: "NC", zips: ["28202", "28207"], weight: 1 },
  { city: "Minneapolis", region: "MN", zips: ["55402", "55408"], weight: 1 },
];
const US_STREETS = [
  "Oak St",
  "Maple Ave",
  "Lakeview Dr",
  "Park Pl",
  "Elm St",
  "Washington Ave",
  "Ridge Rd",
  "Harbor Way",
  "Sunset Blvd",
  "Highland Ave",
  "Willow Ln",
  "Cherry St",
  "Spring St",
  "Prospect Ave",
  "Forest Dr",
  "Meadow Ln",
  "Church St",
  "River Rd",
  "Hillcrest Dr",
  "Jefferson St",
] as const;
/** Downtown streets with offices, for companies' addresses in town. */
const OFFICE_STREETS = ["E Market St", "N Cedar Ave", "W Washington St", "S Lake Ave", "E Ohio St"] as const;
/** The ZIP of Cedarport's post office boxes (the main post office downtown). */
const PO_BOX_ZIP = "46206";

/** Addresses abroad: a street of each city, written as the country writes it, and its postal code. */
// biome-ignore format: a table reads better one city a line
const ABROAD: ReadonlyArray<{
  country: string; city: string; region: string; postalCode: string;
  street: (n: number, random: Random) => string[];
}> = [
  { country: "CA", city: "Toronto", region: "ON", postalCode: "M5V 2T6", street: (n) => [`${n} King St W`] },
  { country: "CA", city: "Vancouver", region: "BC", postalCode: "V6B 1A1", street: (n, r) => [`${r.int(101, 2405)}-${n} Robson St`] },
  { country: "CA", city: "Montréal", region: "QC", postalCode: "H2X 1Y4", street: (n) => [`${n} rue Sainte-Catherine O`] },
  { country: "MX", city: "Ciudad de México", region: "CDMX", postalCode: "06600", street: (n) => [`Calle Hamburgo ${n}`, "Col. Juárez"] },
  { country: "MX", city: "Guadalajara", region: "Jal.", postalCode: "44100", street: (n) => [`Av. Juárez ${n}`, "Col. Centro"] },
  { country: "GB", city: "LONDON", region: "", postalCode: "NW1 6XE", street: (n, r) => [`Flat ${r.int(1, 24)}`, `${n} Baker Street`] },
  { country: "GB", city: "MANCHESTER", region: "", postalCode: "M1 1AE", street: (n) => [`${n} Portland Street`] },
  { country: "DE", city: "Berlin", region: "", postalCode: "10115", street: (n) => [`Invalidenstraße ${n}`] },
  { country: "DE", city: "München", region: "", postalCode: "80331", street: (n) => [`Sendlinger Straße ${n}`] },
  { country: "ES", city: "Madrid", region: "", postalCode: "28014", street: (n, r) => [`Calle de Alcalá ${n}, ${r.int(1, 6)}.º B`] },
  { country: "ES", city: "Sevilla", region: "", postalCode: "41004", street: (n, r) => [`Calle Betis ${n}, ${r.int(1, 4)}.º A`] },
  { country: "IN", city: "Bengaluru", region: "Karnataka", postalCode: "560001", street: (n) => [`${n} MG Road`] },
  { country: "IN", city: "Pune", region: "Maharashtra", postalCode: "411001", street: (n) => [`${n} FC Road`, "Shivajinagar"] },
];

const ORGANIZATION_FORMS: ReadonlySet<string> = new Set(ORGANIZATION_NAMES.form);
const isOrganization = (owner: string) => ORGANIZATION_FORMS.has(owner.split(" ").at(-1) ?? "");

function poBox(random: Random): MailingAddress {
  return {
    lines: [`PO Box ${random.int(1000, 9999)}`],
    city: CITY,
    region: STATE,
    postalCode: PO_BOX_ZIP,
    country: "US",
  };
}

function elsewhereInUs(random: Random, opts: { careOf?: string; unit?: "Apt" | "Ste" } = {}): MailingAddress {
  const place = random.weighted(US_CITIES, (c) => c.weight);
  const street = `${random.int(10, 9899)} ${random.pick(US_STREETS)}`;
  const unit = random.chance(0.3)
    ? [`${opts.unit ?? "Apt"} ${random.int(1, 40)}${random.pick(["", "A", "B"])}`]
    : [];
  const zip = random.pick(place.zips);
  return {
    lines: [...(opts.careOf ? [`c/o ${opts.careOf}`] : []), street, ...unit],
    city: place.city,
    region: place.region,
    // Some ZIP+4, as a resident writes it when they know it.
    postalCode: random.chance(0.2) ? `${zip}-${String(random.int(1000, 9999))}` : zip,
    country: "US",
  };
}

/** A service member's address: a city of APO, a "state" of AE, a ZIP of 09xxx. Counted as US. */
function military(random: Random): MailingAddress {
  return {
    lines: [`Unit ${random.int(2000, 9999)} Box ${random.int(100, 9999)}`],
    city: "APO",
    region: "AE",
    postalCode: `09${random.int(100, 999)}`,
    country: "US",
  };
}

function abroad(random: Random): MailingAddress {
  const place = random.pick(ABROAD);
  return {
    lines: place.street(random.int(1, 240), random),
    city: place.city,
    region: place.region,
    postalCode: place.postalCode,
    country: place.country,
  };
}

function office(random: Random): MailingAddress {
  return {
    lines: [
      `${random.int(1, 9) * 100 + random.int(1, 60)} ${random.pick(OFFICE_STREETS)} Ste ${random.int(1, 9) * 100}`,
    ],
    city: CITY,
    region: STATE,
    postalCode: "46204",
    country: "US",
  };
}

/** The mailing address on record of one generated parcel. */
export function mailingAddressOf(random: Random, parcel: Parcel): MailingAddress {
  const [owner = ""] = parcel.owners;
  const roll = random.next();
  if (isOrganization(owner)) {
    if (roll < 0.45) return poBox(random);
    if (roll < 0.8) return office(random);
    return elsewhereInUs(random, { unit: "Ste" });
  }
  if (owner.endsWith(" Trust")) {
    if (roll < 0.6) return propertyAsMailingAddress(parcel);
    // In care of a trustee of the family's name: "Okafor Family Trust", "Grace Okafor Living Trust".
    const family = owner.endsWith(" Family Trust")
      ? owner.slice(0, -" Family Trust".length)
      : owner.split(" ").slice(1, -2).join(" ");
    const group = NAME_GROUPS.find((g) => g.last.includes(family)) ?? random.pick(NAME_GROUPS);
    return elsewhereInUs(random, {
      careOf: `${random.pick(group.first)} ${family || random.pick(group.last)}, Trustee`,
    });
  }
  if (parcel.mobileHome) return roll < 0.95 ? propertyAsMailingAddress(parcel) : poBox(random);
  if (roll < 0.86) return propertyAsMailingAddress(parcel);
  if (roll < 0.9) return poBox(random);
  if (roll < 0.975) return elsewhereInUs(random);
  if (roll < 0.98) return military(random);
  return abroad(random);
}

/**
 * The deterministic demo-data generator: the same options give the same parcels, byte for byte, on
 * every machine. The demo parcels come first, then generated ones spread over the nine townships.
 *
 * Changing what this produces for the same options (a name list, a weight, the order of random
 * draws) changes the data behind existing databases: bump PARCEL_GENERATOR_VERSION so they are
 * seeded again. The digest test in generate-parcels.test.ts fails until you do.
 */

import { formatStateParcelNumber } from "../../../domain/parcel-number";
import { addressKeyText, parseAddress } from "../address";
import type { DeductionKind } from "../deductions";
import type { Parcel } from "../property-records";
import {
  CITY,
  EAST_WEST_STREETS,
  MOBILE_HOME_PARKS,
  NORTH_SOUTH_STREETS,
  STATE,
  TOWNSHIPS,
  type Township,
} from "./cedarport-geography";
import { demoParcelList } from "./demo-parcels";
import { mailingAddressOf } from "./mailing-addresses";
import { NAME_GROUPS, type NameGroup, ORGANIZATION_NAMES } from "./owner-names";
import { createRandom, type Random } from "./random";

/** 2: owners' mailing addresses (mailing-addresses.ts); every other field as version 1 made it. */
export const PARCEL_GENERATOR_VERSION = 2;
export const DEFAULT_PARCEL_COUNT = 5000;
export const DEFAULT_SEED = 46204;

/** Share of generated parcels that are mobile homes on park lots. */
const MOBILE_HOME_SHARE = 0.02;
/**
 * Seeds the mailing addresses' own random source (seed XOR "mail"), so drawing them changes none of
 * the draws of the fields before them.
 */
const MAILING_SALT = 0x6d61696c;
/** Generated serials start here, leaving 1 to 100 of every township to the fixed demo parcels. */
const FIRST_GENERATED_SERIAL = 101;

export interface GenerateOptions {
  /** Total parcels, demo parcels included. */
  count?: number;
  seed?: number;
}

interface Segment {
  township: Township;
  direction: string;
  street: string;
  min: number;
  max: number;
  /** The next free house number in each hundred block used so far. */
  blocks: Map<number, number>;
  full: boolean;
  zip: string;
  schoolDistrict: string;
  taxingDistrict: string;
  section: number;
  weight: number;
}

const segmentId = (township: number, direction: string, street: string) =>
  `${township}|${direction}|${street.toUpperCase()}`;

function buildSegments(random: Random): Map<string, Segment> {
  const segments = new Map<string, Segment>();
  for (const township of TOWNSHIPS) {
    const add = (direction: string, street: string, min: number, max: number, weight: number) => {
      const district = random.weighted(township.schoolDistricts, (d) => d.share);
      segments.set(segmentId(township.code, direction, street), {
        township,
        direction,
        street,
        min,
        max,
        blocks: new Map(),
        full: false,
        zip: random.pick(township.zips),
        schoolDistrict: district.name,
        taxingDistrict: String(township.code * 100 + township.schoolDistricts.indexOf(district) + 1),
        section: random.int(1, 36),
        weight,
      });
    };
    const northSouth = township.row === 0 ? ["N", "S"] : [township.row < 0 ? "N" : "S"];
    const [nsMin, nsMax] = township.row === 0 ? [100, 2999] : [3000, 9999];
    for (const street of NORTH_SOUTH_STREETS[township.column]) {
      for (const direction of northSouth) add(direction, street, nsMin, nsMax, 3);
    }
    const eastWest = township.column === 0 ? ["E", "W"] : [township.column < 0 ? "W" : "E"];
    const [ewMin, ewMax] = township.column === 0 ? [100, 2999] : [3000, 9999];
    for (const street of EAST_WEST_STREETS[township.row]) {
      for (const direction of eastWest) add(direction, street, ewMin, ewMax, 3);
    }
    for (const street of township.subdivisionStreets) {
      const start = random.int(30, 94) * 100;
      add("", street, start, start + 598, 2);
    }
  }
  return segments;
}

/**
 * A house number on the segment: a random hundred block, then the block's next number, so houses
 * spread along the street and neighbours sit a few numbers apart. Null when the block picked is full.
 */
function nextHouseNumber(random: Random, segment: Segment): number | null {
  const first = Math.floor(segment.min / 100);
  const last = Math.floor(segment.max / 100);
  const block = random.int(first, last);
  const house = segment.blocks.get(block) ?? Math.max(segment.min, block * 100 + random.int(1, 20));
  if (house > Math.min(segment.max, block * 100 + 99)) {
    segment.blocks.set(block, Number.POSITIVE_INFINITY);
    segment.full =
      [...segment.blocks.values()].filter((next) => next === Number.POSITIVE_INFINITY).length > last - first;
    return null;
  }
  segment.blocks.set(block, house + random.int(2, 8));
  return house;
}

/** The segment a line like "200 E Market St Lot 4" lies on, in a township. */
function segmentOf(segments: Map<string, Segment>, township: number, line1: string): Segment {
  const match = /^\d+ (?:([NSEW]) )?(.+?)(?: Lot \d+)?$/.exec(line1);
  const segment = match && segments.get(segmentId(township, match[1] ?? "", match[2] ?? ""));
  if (!segment) throw new Error(`no street segment for ${line1} in township ${township}`);
  return segment;
}

/** Demo parcels fix the attributes of their street segment, so their neighbours agree with them. */
function pinToDemoParcels(segments: Map<string, Segment>, demos: Parcel[]) {
  for (const demo of demos) {
    const segment = segmentOf(segments, Number(demo.parcelNumber[0]), demo.address.line1);
    segment.zip = demo.address.zip;
    segment.schoolDistrict = demo.schoolDistrict;
    segment.taxingDistrict = demo.stateParcelNumber.slice(-3);
    segment.section = Number(demo.stateParcelNumber.slice(6, 8));
    if (segment.direction === "") {
      const house = Number.parseInt(demo.address.line1, 10);
      segment.min = Math.max(100, Math.floor(house / 100) * 100 - 200);
      segment.max = segment.min + 598;
    }
  }
}

function person(random: Random, group: NameGroup = random.weighted(NAME_GROUPS, (g) => g.weight)) {
  return { first: random.pick(group.first), last: random.pick(group.last), group };
}

function owners(random: Random, mobileHome: boolean): { names: string[]; organization: boolean } {
  const roll = random.next();
  if (!mobileHome && roll < 0.06) {
    const { first, second, form } = ORGANIZATION_NAMES;
    return {
      names: [`${random.pick(first)} ${random.pick(second)} ${random.pick(form)}`],
      organization: true,
    };
  }
  if (!mobileHome && roll < 0.11) {
    const { first, last } = person(random);
    const trust = random.pick([
      `${last} Family Trust`,
      `${first} ${last} Revocable Trust`,
      `${first} ${last} Living Trust`,
    ]);
    return { names: [trust], organization: false };
  }
  const a = person(random);
  if (roll < 0.41) {
    // Spouses: usually one family name, sometimes each their own.
    let first = random.pick(a.group.first);
    if (first === a.first) first = random.pick(a.group.first);
    const last = random.chance(0.78) ? a.last : random.pick(a.group.last);
    return { names: [`${a.first} ${a.last}`, `${first} ${last}`], organization: false };
  }
  if (roll < 0.45) {
    const b = person(random);
    return { names: [`${a.first} ${a.last}`, `${b.first} ${b.last}`], organization: false };
  }
  return { names: [`${a.first} ${a.last}`], organization: false };
}

function assessedValueCents(
  random: Random,
  township: Township,
  mobileHome: boolean,
  organization: boolean,
): number {
  if (mobileHome) return (8_000 + random.int(0, 520) * 100) * 100;
  // The mean of three uniforms is a cheap bell curve around the township's median.
  let multiplier = 0.5 + ((random.next() + random.next() + random.next()) / 3) * 1.1;
  if (random.chance(0.04)) multiplier *= 1.6 + random.next();
  if (organization) multiplier *= 0.9;
  return Math.round((township.medianValue * multiplier) / 100) * 100 * 100;
}

function deductions(random: Random, mobileHome: boolean, organization: boolean): DeductionKind[] {
  if (organization || !random.chance(mobileHome ? 0.6 : 0.72)) return [];
  const out: DeductionKind[] = ["homestead"];
  if (random.chance(mobileHome ? 0.1 : 0.4)) out.push("mortgage");
  if (random.chance(0.15)) out.push("over-65");
  if (random.chance(0.025)) out.push("blind-or-disabled");
  if (random.chance(0.025)) out.push("disabled-veteran");
  return out;
}

const keyOf = (line1: string) => {
  const key = parseAddress(line1);
  if (!key) throw new Error(`unparseable demo address ${line1}`);
  return addressKeyText(key);
};

export function generateParcels(options: GenerateOptions = {}): Parcel[] {
  const count = options.count ?? DEFAULT_PARCEL_COUNT;
  const random = createRandom(options.seed ?? DEFAULT_SEED);
  const demos = demoParcelList();
  if (!Number.isInteger(count) || count < demos.length) {
    throw new Error(`count must be an integer of at least ${demos.length} (the demo parcels)`);
  }

  const segments = buildSegments(random);
  pinToDemoParcels(segments, demos);
  const byTownship = new Map(
    TOWNSHIPS.map((t) => [t.code, [...segments.values()].filter((s) => s.township === t)]),
  );
  const used = new Set(demos.map((demo) => keyOf(demo.address.line1)));
  const parks = MOBILE_HOME_PARKS.map((park) => {
    const base = `${park.houseNumber} ${park.direction} ${park.street}`;
    used.add(keyOf(base));
    return { ...park, base, segment: segmentOf(segments, park.township, base), nextLot: 1 };
  });
  const serials = new Map(TOWNSHIPS.map((t) => [t.code, FIRST_GENERATED_SERIAL - 1]));

  const nextLot = (): { line1: string; segment: Segment } | null => {
    const open = parks.filter((park) => park.nextLot <= park.lots);
    if (open.length === 0) return null;
    const park = random.pick(open);
    const line1 = `${park.base} Lot ${park.nextLot++}`;
    return used.has(keyOf(line1)) ? nextLot() : { line1, segment: park.segment };
  };
  const nextHouse = (): { line1: string; segment: Segment } => {
    const township = random.weighted(TOWNSHIPS, (t) => t.weight);
    const open = (byTownship.get(township.code) ?? []).filter((s) => !s.full);
    if (open.length === 0) throw new Error(`no free addresses left in ${township.name}: lower the count`);
    const segment = random.weighted(open, (s) => s.weight);
    const house = nextHouseNumber(random, segment);
    if (house === null) return nextHouse();
    const line1 = [house, segment.direction, segment.street].filter((part) => part !== "").join(" ");
    return used.has(keyOf(line1)) ? nextHouse() : { line1, segment };
  };

  const demoCount = demos.length;
  const parcels = demos;
  while (parcels.length < count) {
    const lot = random.chance(MOBILE_HOME_SHARE) ? nextLot() : null;
    const { line1, segment } = lot ?? nextHouse();
    used.add(keyOf(line1));
    const mobileHome = lot !== null;
    const { township } = segment;
    const serial = (serials.get(township.code) ?? 0) + 1 + (random.chance(0.12) ? random.int(1, 6) : 0);
    serials.set(township.code, serial);
    const parcelNumber = String(township.code * 1_000_000 + serial);
    const owner = owners(random, mobileHome);
    parcels.push({
      parcelNumber,
      stateParcelNumber: formatStateParcelNumber(parcelNumber, segment.section, segment.taxingDistrict),
      address: { line1, city: CITY, state: STATE, zip: segment.zip },
      owners: owner.names,
      // Drawn below, once every parcel is made.
      mailingAddress: { lines: [line1], city: CITY, region: STATE, postalCode: segment.zip, country: "US" },
      mobileHome,
      assessedValueCents: assessedValueCents(random, township, mobileHome, owner.organization),
      schoolDistrict: segment.schoolDistrict,
      township: township.name,
      existingDeductions: deductions(random, mobileHome, owner.organization),
    });
  }
  const mail = createRandom((options.seed ?? DEFAULT_SEED) ^ MAILING_SALT);
  for (const parcel of parcels.slice(demoCount)) parcel.mailingAddress = mailingAddressOf(mail, parcel);
  return parcels;
}

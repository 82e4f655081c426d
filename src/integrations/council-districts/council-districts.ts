/**
 * City-County Council districts: which district an address lies in. Callers depend on the
 * CouncilDistricts interface only; `createCouncilDistricts` picks the implementation from
 * configuration, as the property records do, so the county's GIS is one more `kind` here and
 * nothing else (docs/content.md, "Council districts"). Who represents a district is content (a person's `district`,
 * docs/content.md), not this integration's business: redistricting changes the map, an election
 * changes a YAML file.
 */
import type { ParcelAddress } from "../property-records";
import { embeddedCouncilDistricts } from "./embedded/embedded-council-districts";

/** What a district lookup is asked about: a parcel of the property records. */
export interface DistrictLocation {
  parcelNumber: string;
  address: ParcelAddress;
  /** The township on the parcel's record ("Center Township"). */
  township: string;
}

export interface CouncilDistricts {
  /** The district numbers, in order (1 to 9 in the demo). */
  districts(): Promise<number[]>;
  /**
   * The district a parcel lies in; null when it lies in none the map knows (an address outside
   * the county, or a gap in the map): callers say so instead of guessing.
   */
  districtOf(location: DistrictLocation): Promise<number | null>;
}

export type CouncilDistrictsConfig = { kind: "embedded" };

export function createCouncilDistricts(config: CouncilDistrictsConfig): CouncilDistricts {
  switch (config.kind) {
    case "embedded":
      return embeddedCouncilDistricts();
    default:
      throw new Error(`unknown council-districts kind: ${(config as { kind: unknown }).kind}`);
  }
}

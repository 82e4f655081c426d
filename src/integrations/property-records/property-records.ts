/**
 * Property records: the county's parcels, looked up by parcel number, address, owner or street.
 * Callers depend on the PropertyRecords interface only; `createPropertyRecords` picks the
 * implementation from configuration, so a county system is one more `kind` here and nothing else.
 */
import type { Database } from "../../db/database";
import { embeddedPropertyRecords } from "./embedded/embedded-property-records";

export interface ParcelAddress {
  line1: string;
  city: string;
  state: string;
  zip: string;
}

export interface Parcel {
  /** Canonical local parcel number, 7 digits (see parcel-number.ts). */
  parcelNumber: string;
  /** The 18-digit Indiana state parcel number, "49-01-12-000-001.000-101". */
  stateParcelNumber: string;
  address: ParcelAddress;
  owners: string[];
  mobileHome: boolean;
  assessedValueCents: number;
  schoolDistrict: string;
  township: string;
  /** Deductions already on the parcel: values of DEDUCTION_KINDS. */
  existingDeductions: string[];
}

export interface PropertyRecords {
  /** Accepts any format normalizeParcelNumber accepts; null for an unknown or malformed number. */
  findByParcelNumber(parcel: string): Promise<Parcel | null>;
  /**
   * Case-insensitive and tolerant of abbreviations ("St"/"Street", "N"/"North"), spacing and a
   * trailing city, state or ZIP; the street may be a prefix of the name. [] when nothing matches.
   * Limits default to DEFAULT_LIMITS and never exceed MAX_LIMIT.
   */
  searchByAddress(query: string, limit?: number): Promise<Parcel[]>;
  /** Every word of the query must start a word of one owner's name, in any order. */
  searchByOwner(name: string, limit?: number): Promise<Parcel[]>;
  /** All parcels on a street (optionally one direction of it), by house number. */
  searchByStreet(street: string, limit?: number): Promise<Parcel[]>;
}

export type PropertyRecordsConfig = { kind: "embedded"; db: Database };

export function createPropertyRecords(config: PropertyRecordsConfig): PropertyRecords {
  switch (config.kind) {
    case "embedded":
      return embeddedPropertyRecords(config.db);
    default:
      throw new Error(`unknown property-records kind: ${(config as { kind: unknown }).kind}`);
  }
}

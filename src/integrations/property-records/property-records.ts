/**
 * Property records: the county's parcels, looked up by parcel number, address, owner or street.
 * Callers depend on the PropertyRecords interface only; `createPropertyRecords` picks the
 * implementation from configuration, so a county system is one more `kind` here and nothing else.
 */
import type { Database } from "../../db/database";
import { embeddedPropertyRecords } from "./embedded/embedded-property-records";
import type { ParcelSort } from "./sorts";

export interface ParcelAddress {
  line1: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * Where the county sends the owner's tax bills and notices: the mailing address on record. Often the
 * property's own address, but an owner may live elsewhere in the country or abroad, and a company
 * or trust uses its office or a PO box.
 */
export interface MailingAddress {
  /** What comes before the city, each line as written: "c/o …", the street or PO box, a unit. */
  lines: string[];
  city: string;
  /** The state's two letters in the United States; a province or region elsewhere, or "". */
  region: string;
  /** A ZIP code in the United States (5 or 9 digits); the country's postal code elsewhere, or "". */
  postalCode: string;
  /** ISO 3166-1 alpha-2: "US" for the United States (its territories and military addresses too). */
  country: string;
}

export interface Parcel {
  /** Canonical local parcel number, 7 digits (see parcel-number.ts). */
  parcelNumber: string;
  /** The 18-digit Indiana state parcel number, "49-01-12-000-001.000-101". */
  stateParcelNumber: string;
  address: ParcelAddress;
  owners: string[];
  /** The owner's mailing address on record (public, like the owners' names). */
  mailingAddress: MailingAddress;
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
  searchByAddress(query: string, limit?: number, options?: AddressSearchOptions): Promise<Parcel[]>;
  /**
   * Whether a parcel lies within the city limits: where the city's own services (its police's
   * vacation checks) go. A county's records may hold parcels of towns with their own police and
   * services; a workflow's `find` with `cityLimits` keeps to the city's (docs/workflows.md).
   */
  withinCityLimits(parcel: Parcel): Promise<boolean>;
  /** Every word of the query must start a word of one owner's name, in any order. */
  searchByOwner(name: string, limit?: number): Promise<Parcel[]>;
  /** All parcels on a street (optionally one direction of it), by house number. */
  searchByStreet(street: string, limit?: number): Promise<Parcel[]>;
  /**
   * One page of an owner, street or address search, with the total: what the property search page
   * (/property-search) lists. Matches as the search above of the same kind; a query that cannot
   * match (no words) is an empty page, never an error.
   */
  search(query: ParcelSearch): Promise<ParcelPage>;
}

export interface AddressSearchOptions {
  /**
   * The query is still being typed (the address suggestions of /api/v1/addresses): its house
   * number may be the start of a longer one ("141 Ma" finds 1418 Main St, "141" alone every house
   * number starting with 141), and the parcels with exactly the number typed come first. Searches
   * that answer a sent form leave it off: there "141 Main St" is number 141 and nothing else.
   */
  partial?: boolean;
}

export interface ParcelSearch {
  /** owner: as searchByOwner; street: as searchByStreet; address: as searchByAddress. */
  by: "owner" | "street" | "address";
  query: string;
  /** Default: owner for an owner search, address otherwise. */
  sort?: ParcelSort;
  direction?: "asc" | "desc";
  /** From 1; a page past the last shows the last. */
  page?: number;
  /** Default 20, at most 100. */
  pageSize?: number;
}

export interface ParcelPage {
  items: Parcel[];
  /** The page shown, from 1. */
  page: number;
  /** At least 1. */
  pageCount: number;
  total: number;
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

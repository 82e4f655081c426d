/**
 * The embedded property records: parcels in the site's own database (tables of migration
 * 003-property-records), filled with demo data by seed.ts.
 */
import type { Database, Params } from "../../../db/database";
import { normalizeParcelNumber } from "../../../domain/parcel-number";
import { parseAddress, prefixRange } from "../address";
import { clampLimit, DEFAULT_LIMITS } from "../limits";
import { ownerQueryWords } from "../owner-name";
import type { Parcel, PropertyRecords } from "../property-records";
import { addressCondition } from "./address-sql";

export interface ParcelRow {
  parcel_number: string;
  state_parcel_number: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  owners: string;
  mobile_home: number | string;
  assessed_value_cents: number | string;
  school_district: string;
  township: string;
  existing_deductions: string;
}

const COLUMNS =
  "parcel_number, state_parcel_number, line1, city, state, zip, owners, mobile_home, assessed_value_cents, school_district, township, existing_deductions";

// PostgreSQL returns BIGINT as a string; both dialects store the flag as 0 or 1.
export function parcelFromRow(row: ParcelRow): Parcel {
  return {
    parcelNumber: row.parcel_number,
    stateParcelNumber: row.state_parcel_number,
    address: { line1: row.line1, city: row.city, state: row.state, zip: row.zip },
    owners: JSON.parse(row.owners) as string[],
    mobileHome: Number(row.mobile_home) === 1,
    assessedValueCents: Number(row.assessed_value_cents),
    schoolDistrict: row.school_district,
    township: row.township,
    existingDeductions: JSON.parse(row.existing_deductions) as string[],
  };
}

const ADDRESS_ORDER = "ORDER BY street_key, direction, house_number, LENGTH(unit), unit, parcel_number";

export function embeddedPropertyRecords(db: Database): PropertyRecords {
  const select = async (where: string, params: Params, order: string, limit: number) => {
    const rows = await db.all<ParcelRow>(`SELECT ${COLUMNS} FROM parcels WHERE ${where} ${order} LIMIT ?`, [
      ...params,
      limit,
    ]);
    return rows.map(parcelFromRow);
  };

  return {
    async findByParcelNumber(parcel) {
      const parcelNumber = normalizeParcelNumber(parcel);
      if (!parcelNumber) return null;
      const [found] = await select("parcel_number = ?", [parcelNumber], "", 1);
      return found ?? null;
    },

    async searchByAddress(query, limit) {
      const key = parseAddress(query);
      if (!key) return [];
      const { where, params } = addressCondition(key);
      return select(where, params, ADDRESS_ORDER, clampLimit(limit, DEFAULT_LIMITS.address));
    },

    async searchByStreet(street, limit) {
      const key = parseAddress(street, { houseNumber: false });
      if (!key?.street) return [];
      const { where, params } = addressCondition({ ...key, unit: "" });
      return select(where, params, ADDRESS_ORDER, clampLimit(limit, DEFAULT_LIMITS.street));
    },

    async searchByOwner(name, limit) {
      // The longest word is the most selective: it drives the join, the others must be words of the same owner.
      const words = ownerQueryWords(name).sort((a, b) => b.length - a.length);
      const [first, ...others] = words;
      if (!first) return [];
      const joins = others.map(
        (_, i) =>
          `JOIN parcel_owner_words w${i + 1} ON w${i + 1}.parcel_number = w0.parcel_number AND w${i + 1}.owner_index = w0.owner_index AND w${i + 1}.word >= ? AND w${i + 1}.word < ?`,
      );
      const params = [...others.flatMap((word) => prefixRange(word)), ...prefixRange(first)];
      const matching = `SELECT w0.parcel_number FROM parcel_owner_words w0 ${joins.join(" ")} WHERE w0.word >= ? AND w0.word < ?`;
      return select(
        `parcel_number IN (${matching})`,
        params,
        "ORDER BY owner_sort, parcel_number",
        clampLimit(limit, DEFAULT_LIMITS.owner),
      );
    },
  };
}

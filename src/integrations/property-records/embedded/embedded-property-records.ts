/**
 * The embedded property records: parcels in the site's own database (tables of migration
 * 003-property-records), filled with demo data by seed.ts.
 */
import type { Database, Params } from "../../../db/database";
import { normalizeParcelNumber } from "../../../domain/parcel-number";
import { parseAddress, prefixRange } from "../address";
import { clampLimit, DEFAULT_LIMITS } from "../limits";
import { propertyAsMailingAddress } from "../mailing-address";
import { ownerQueryWords } from "../owner-name";
import type { MailingAddress, Parcel, ParcelSearch, PropertyRecords } from "../property-records";
import { isParcelSort, type ParcelSort } from "../sorts";
import { addressCondition } from "./address-sql";
import { CITY } from "./cedarport-geography";

export interface ParcelRow {
  parcel_number: string;
  state_parcel_number: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  owners: string;
  mailing_address: string;
  mobile_home: number | string;
  assessed_value_cents: number | string;
  school_district: string;
  township: string;
  existing_deductions: string;
}

const COLUMNS =
  "parcel_number, state_parcel_number, line1, city, state, zip, owners, mailing_address, mobile_home, assessed_value_cents, school_district, township, existing_deductions";

// PostgreSQL returns BIGINT as a string; both dialects store the flag as 0 or 1.
export function parcelFromRow(row: ParcelRow): Parcel {
  const address = { line1: row.line1, city: row.city, state: row.state, zip: row.zip };
  return {
    parcelNumber: row.parcel_number,
    stateParcelNumber: row.state_parcel_number,
    address,
    owners: JSON.parse(row.owners) as string[],
    // Empty only in a row written before the column was (seeding again fills it): the property's.
    mailingAddress: row.mailing_address
      ? (JSON.parse(row.mailing_address) as MailingAddress)
      : propertyAsMailingAddress({ address }),
    mobileHome: Number(row.mobile_home) === 1,
    assessedValueCents: Number(row.assessed_value_cents),
    schoolDistrict: row.school_district,
    township: row.township,
    existingDeductions: JSON.parse(row.existing_deductions) as string[],
  };
}

const ADDRESS_COLUMNS = ["street_key", "direction", "house_number", "LENGTH(unit)", "unit", "parcel_number"];
const ADDRESS_ORDER = `ORDER BY ${ADDRESS_COLUMNS.join(", ")}`;

/** The columns each sort of a search page orders by; the parcel number last makes every order total. */
const SORT_COLUMNS: Record<ParcelSort, readonly string[]> = {
  parcel: ["parcel_number"],
  address: ADDRESS_COLUMNS,
  owner: ["owner_sort", "parcel_number"],
  assessedValue: ["assessed_value_cents", "parcel_number"],
};

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

interface Condition {
  where: string;
  params: Params;
}

function streetCondition(street: string): Condition | null {
  const key = parseAddress(street, { houseNumber: false });
  if (!key?.street) return null;
  return addressCondition({ ...key, unit: "" });
}

function addressSearchCondition(query: string): Condition | null {
  const key = parseAddress(query);
  return key ? addressCondition(key) : null;
}

function ownerCondition(name: string): Condition | null {
  // The longest word is the most selective: it drives the join, the others must be words of the same owner.
  const words = ownerQueryWords(name).sort((a, b) => b.length - a.length);
  const [first, ...others] = words;
  if (!first) return null;
  const joins = others.map(
    (_, i) =>
      `JOIN parcel_owner_words w${i + 1} ON w${i + 1}.parcel_number = w0.parcel_number AND w${i + 1}.owner_index = w0.owner_index AND w${i + 1}.word >= ? AND w${i + 1}.word < ?`,
  );
  const params = [...others.flatMap((word) => prefixRange(word)), ...prefixRange(first)];
  const matching = `SELECT w0.parcel_number FROM parcel_owner_words w0 ${joins.join(" ")} WHERE w0.word >= ? AND w0.word < ?`;
  return { where: `parcel_number IN (${matching})`, params };
}

const CONDITIONS: Record<ParcelSearch["by"], (query: string) => Condition | null> = {
  owner: ownerCondition,
  street: streetCondition,
  address: addressSearchCondition,
};

export function embeddedPropertyRecords(db: Database): PropertyRecords {
  const select = async (
    where: string,
    params: Params,
    order: string,
    limit: number,
    orderParams: Params = [],
  ) => {
    const rows = await db.all<ParcelRow>(`SELECT ${COLUMNS} FROM parcels WHERE ${where} ${order} LIMIT ?`, [
      ...params,
      ...orderParams,
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

    async searchByAddress(query, limit, options = {}) {
      const key = parseAddress(query);
      if (!key) return [];
      const partial = options.partial === true && key.houseNumber !== null;
      const condition = addressCondition(key, { houseNumberPrefix: partial });
      // Typing "141 Ma": 141 Market St before 1413 Market St, and before 1410 Maple Leaf Ct.
      const [order, orderParams]: [string, Params] = partial
        ? [`ORDER BY house_number <> ?, ${ADDRESS_COLUMNS.join(", ")}`, [key.houseNumber]]
        : [ADDRESS_ORDER, []];
      return select(
        condition.where,
        condition.params,
        order,
        clampLimit(limit, DEFAULT_LIMITS.address),
        orderParams,
      );
    },

    async withinCityLimits(parcel) {
      // The consolidated city and county: a parcel is the city's when its address is in the city
      // (all the demo parcels are), not in another town the county's records might hold.
      return parcel.address.city.trim().toUpperCase() === CITY.toUpperCase();
    },

    async searchByStreet(street, limit) {
      const condition = streetCondition(street);
      if (!condition) return [];
      return select(
        condition.where,
        condition.params,
        ADDRESS_ORDER,
        clampLimit(limit, DEFAULT_LIMITS.street),
      );
    },

    async searchByOwner(name, limit) {
      const condition = ownerCondition(name);
      if (!condition) return [];
      return select(
        condition.where,
        condition.params,
        "ORDER BY owner_sort, parcel_number",
        clampLimit(limit, DEFAULT_LIMITS.owner),
      );
    },

    async search(query) {
      const pageSize =
        query.pageSize !== undefined && Number.isInteger(query.pageSize) && query.pageSize >= 1
          ? Math.min(query.pageSize, MAX_PAGE_SIZE)
          : DEFAULT_PAGE_SIZE;
      const condition = typeof query.query === "string" ? CONDITIONS[query.by]?.(query.query) : null;
      if (!condition) return { items: [], page: 1, pageCount: 1, total: 0 };
      const [count] = await db.all<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM parcels WHERE ${condition.where}`,
        condition.params,
      );
      const total = Number(count?.n ?? 0);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const asked =
        query.page !== undefined && Number.isInteger(query.page) && query.page >= 1 ? query.page : 1;
      const page = Math.min(asked, pageCount);
      if (total === 0) return { items: [], page, pageCount, total };
      const sort =
        query.sort && isParcelSort(query.sort) ? query.sort : query.by === "owner" ? "owner" : "address";
      const direction = query.direction === "desc" ? " DESC" : "";
      const order = SORT_COLUMNS[sort].map((column) => `${column}${direction}`).join(", ");
      const rows = await db.all<ParcelRow>(
        `SELECT ${COLUMNS} FROM parcels WHERE ${condition.where} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...condition.params, pageSize, (page - 1) * pageSize],
      );
      return { items: rows.map(parcelFromRow), page, pageCount, total };
    },
  };
}

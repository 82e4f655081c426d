/**
 * Fills the embedded property records with the generated demo parcels: once per generator version
 * and count, in one transaction, with multi-row inserts.
 */
import type { Database, Params, Queryable } from "../../../db/database";
import { addressKeyText, parseAddress } from "../address";
import { ownerSortKey, ownerWords } from "../owner-name";
import type { Parcel } from "../property-records";
import {
  DEFAULT_PARCEL_COUNT,
  DEFAULT_SEED,
  generateParcels,
  PARCEL_GENERATOR_VERSION,
} from "./generate-parcels";

export interface SeedOptions {
  /** Total parcels, demo parcels included (default 5,000). */
  count?: number;
  seed?: number;
}

export interface SeedResult {
  /** False when the records already held this generator version and count: nothing was written. */
  seeded: boolean;
  count: number;
  signature: string;
}

const PARCEL_COLUMNS = [
  "parcel_number",
  "state_parcel_number",
  "line1",
  "city",
  "state",
  "zip",
  "house_number",
  "direction",
  "street_key",
  "unit",
  "address_key",
  "owners",
  "owner_sort",
  "mailing_address",
  "mobile_home",
  "assessed_value_cents",
  "school_district",
  "township",
  "existing_deductions",
] as const;
const WORD_COLUMNS = ["word", "parcel_number", "owner_index"] as const;

// Well under SQLite's 32,766 and PostgreSQL's 65,535 parameters per statement.
const MAX_PARAMS_PER_INSERT = 8000;

/** The row of a parcel in the `parcels` table. */
export function parcelRow(parcel: Parcel): Params {
  const key = parseAddress(parcel.address.line1);
  if (!key) throw new Error(`parcel ${parcel.parcelNumber}: unreadable address ${parcel.address.line1}`);
  return [
    parcel.parcelNumber,
    parcel.stateParcelNumber,
    parcel.address.line1,
    parcel.address.city,
    parcel.address.state,
    parcel.address.zip,
    key.houseNumber,
    key.direction,
    key.street,
    key.unit,
    addressKeyText(key),
    JSON.stringify(parcel.owners),
    ownerSortKey(parcel.owners[0] ?? ""),
    JSON.stringify(parcel.mailingAddress),
    parcel.mobileHome ? 1 : 0,
    parcel.assessedValueCents,
    parcel.schoolDistrict,
    parcel.township,
    JSON.stringify(parcel.existingDeductions),
  ];
}

function ownerWordRows(parcel: Parcel): Params[] {
  return parcel.owners.flatMap((owner, index) =>
    ownerWords(owner).map((word) => [word, parcel.parcelNumber, index] as const),
  );
}

export async function insertRows(
  tx: Queryable,
  table: string,
  columns: readonly string[],
  rows: readonly Params[],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS_PER_INSERT / columns.length));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    await tx.run(
      `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${batch.map(() => tuple).join(", ")}`,
      batch.flat(),
    );
  }
}

/** Replaces every parcel with `parcels` (inside the caller's transaction). */
export async function storeParcels(tx: Queryable, parcels: readonly Parcel[]): Promise<void> {
  await tx.run("DELETE FROM parcel_owner_words");
  await tx.run("DELETE FROM parcels");
  await insertRows(tx, "parcels", PARCEL_COLUMNS, parcels.map(parcelRow));
  await insertRows(tx, "parcel_owner_words", WORD_COLUMNS, parcels.flatMap(ownerWordRows));
}

/**
 * Seeds the demo parcels unless the records already hold this generator version with the same
 * count and seed. Safe to call on every start, from several processes at once.
 */
export async function seedPropertyRecords(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const count = options.count ?? DEFAULT_PARCEL_COUNT;
  const seed = options.seed ?? DEFAULT_SEED;
  const signature = `generator=${PARCEL_GENERATOR_VERSION};count=${count};seed=${seed}`;
  return db.transaction(async (tx) => {
    // Updating the row locks it (PostgreSQL; SQLite's write transaction locks everything): a second
    // process seeding at the same time waits here, then sees the first one's signature and stops.
    await tx.run("UPDATE property_records_state SET value = value WHERE key = ?", ["seed"]);
    const [row] = await tx.all<{ value: string }>("SELECT value FROM property_records_state WHERE key = ?", [
      "seed",
    ]);
    if (row?.value === signature) return { seeded: false, count, signature };
    await storeParcels(tx, generateParcels({ count, seed }));
    await tx.run("UPDATE property_records_state SET value = ? WHERE key = ?", [signature, "seed"]);
    return { seeded: true, count, signature };
  });
}

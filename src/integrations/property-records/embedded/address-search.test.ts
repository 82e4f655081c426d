import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../db/database";
import { migrate } from "../../../db/migrate";
import { parseAddress } from "../address";
import { createPropertyRecords, DEMO_PARCELS, type PropertyRecords, seedPropertyRecords } from "../index";

/** searchByAddress over the demo parcels: what residents type, however they type it. */
let db: Database;
let records: PropertyRecords;
const { withHomestead, mobileHome, firstTimeHomeowner } = DEMO_PARCELS;

beforeAll(async () => {
  db = await openDatabase({ file: ":memory:" });
  await migrate(db);
  await seedPropertyRecords(db, { count: 1500 });
  records = createPropertyRecords({ kind: "embedded", db });
});
afterAll(() => db.close());

const numbers = async (query: string, limit?: number) =>
  (await records.searchByAddress(query, limit)).map((p) => p.parcelNumber);

describe("searchByAddress", () => {
  it.each([
    "1418 N Cedar Ave",
    "1418 North Cedar Avenue",
    "1418 n. cedar ave.",
    "  1418   NORTH   CEDAR  ",
    "1418 N Cedar Ave, Cedarport, IN 46202",
    "1418 N Cedar Aven",
  ])("finds %j", async (query) => {
    expect(await numbers(query)).toEqual([withHomestead.parcelNumber]);
  });

  it("finds a suffix still being typed", async () => {
    expect(await numbers("200 E Market Stre")).toEqual([firstTimeHomeowner.parcelNumber]);
    expect(await numbers("200 E Market Stree")).toEqual([firstTimeHomeowner.parcelNumber]);
  });

  it.each([
    "6100 W Washington St Lot 14",
    "6100 W Washington St Apt 14",
    "6100 W Washington St Unit 14",
    "6100 W Washington St #14",
    "6100 W Washington St, Lot 14",
    "Lot 14 6100 West Washington Street",
  ])("finds the unit in %j", async (query) => {
    expect(await numbers(query)).toEqual([mobileHome.parcelNumber]);
  });

  it("does not find a unit that is not there", async () => {
    expect(await numbers("6100 W Washington St Lot 9999")).toEqual([]);
  });

  it("lists a street's addresses for a street alone, in house-number order", async () => {
    const found = await records.searchByAddress("N Cedar Avenue", 500);
    expect(found.length).toBeGreaterThan(1);
    expect(found.map((p) => p.parcelNumber)).toContain(withHomestead.parcelNumber);
    for (const parcel of found) {
      expect(parseAddress(parcel.address.line1)).toMatchObject({ direction: "N", street: "CEDAR AVE" });
    }
    const houses = found.map((p) => parseAddress(p.address.line1)?.houseNumber ?? 0);
    expect(houses).toEqual([...houses].sort((a, b) => a - b));
    // Without the direction: both North and South Cedar Avenue.
    const both = await records.searchByAddress("cedar ave", 500);
    expect(new Set(both.map((p) => parseAddress(p.address.line1)?.direction))).toEqual(new Set(["N", "S"]));
  });

  it("keeps to the limit", async () => {
    expect(await numbers("Cedar Ave", 8)).toHaveLength(8);
  });

  it("finds nothing, without an error, for text that is no address", async () => {
    for (const query of ["", "%", "_", "%%__", "' OR 1=1 --", "🏠", "x".repeat(500), "Apt", "#"]) {
      expect(await numbers(query), query).toEqual([]);
    }
  });
});

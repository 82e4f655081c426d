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

  it("reads the house number as typed, never as the start of a longer one, unless told", async () => {
    const exact = await records.searchByAddress("1418", 500);
    expect(exact.length).toBeGreaterThan(0);
    for (const parcel of exact) expect(parseAddress(parcel.address.line1)?.houseNumber).toBe(1418);
  });

  describe("partial (an address still being typed)", () => {
    const houses = (parcels: { address: { line1: string } }[]) =>
      parcels.map((p) => parseAddress(p.address.line1)?.houseNumber ?? null);

    it("finds the house numbers that start with the digits typed, the exact number first", async () => {
      const all = await records.searchByAddress("141", 500, { partial: true });
      const numbers = houses(all);
      expect(numbers.length).toBeGreaterThan(1);
      for (const n of numbers) expect(String(n)).toMatch(/^141/);
      // Longer numbers are there: the point of it.
      expect(numbers.some((n) => n !== null && n > 141)).toBe(true);
      const exact = numbers.filter((n) => n === 141).length;
      expect(numbers.slice(0, exact).every((n) => n === 141)).toBe(true);
      // The same parcels as every exact search of a number that starts with 141.
      const one = async (n: number) => (await records.searchByAddress(String(n), 500)).length;
      let expected = 0;
      for (const n of [141, ...Array.from({ length: 10 }, (_, i) => 1410 + i)]) expected += await one(n);
      expect(all).toHaveLength(expected);
    });

    it('keeps to the street typed after the number: "1418 n ced" and "141 N Ced"', async () => {
      expect(await numbers("1418 n ced")).toEqual([withHomestead.parcelNumber]);
      const found = await records.searchByAddress("141 N Ced", 500, { partial: true });
      expect(found.map((p) => p.parcelNumber)).toContain(withHomestead.parcelNumber);
      for (const parcel of found) {
        expect(parseAddress(parcel.address.line1)).toMatchObject({ direction: "N", street: "CEDAR AVE" });
        expect(parcel.address.line1).toMatch(/^141/);
      }
    });

    it("puts the exact number first, then the address order", async () => {
      const [first] = await records.searchByAddress("1418 N Cedar", 8, { partial: true });
      expect(first?.parcelNumber).toBe(withHomestead.parcelNumber);
      const found = await records.searchByAddress("14", 500, { partial: true });
      const numbers = houses(found);
      const exact = numbers.filter((n) => n === 14).length;
      expect(numbers.slice(0, exact).every((n) => n === 14)).toBe(true);
      const rest = found.slice(exact).map((p) => parseAddress(p.address.line1));
      for (const [i, key] of rest.entries()) {
        const before = rest[i - 1];
        if (!before || !key) continue;
        const order = before.street < key.street ? -1 : before.street > key.street ? 1 : 0;
        expect(order < 0 || (order === 0 && before.direction <= key.direction), `${i}`).toBe(true);
      }
    });

    it("still finds units and parcels of a whole address", async () => {
      expect(
        (await records.searchByAddress("6100 W Washington St #14", 8, { partial: true })).map(
          (p) => p.parcelNumber,
        ),
      ).toEqual([mobileHome.parcelNumber]);
    });
  });

  it("finds nothing, without an error, for text that is no address", async () => {
    for (const query of ["", "%", "_", "%%__", "' OR 1=1 --", "🏠", "x".repeat(500), "Apt", "#"]) {
      expect(await numbers(query), query).toEqual([]);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../../db/database";
import { migrate } from "../../../db/migrate";
import {
  createPropertyRecords,
  DEMO_PARCELS,
  PARCEL_SORTS,
  type Parcel,
  type PropertyRecords,
  seedPropertyRecords,
} from "../index";

/** PropertyRecords.search: the paged search the property search page lists. */
let db: Database;
let records: PropertyRecords;
const numbers = (parcels: Parcel[]) => parcels.map((p) => p.parcelNumber);

beforeAll(async () => {
  db = await openDatabase({ file: ":memory:" });
  await migrate(db);
  await seedPropertyRecords(db, { count: 1500 });
  records = createPropertyRecords({ kind: "embedded", db });
});
afterAll(() => db.close());

describe("search", () => {
  it("finds what searchByOwner, searchByStreet and searchByAddress find, with the total", async () => {
    const owner = await records.search({ by: "owner", query: "Okafor" });
    expect(numbers(owner.items)).toEqual(numbers(await records.searchByOwner("Okafor")));
    expect(numbers(owner.items)).toContain(DEMO_PARCELS.withHomestead.parcelNumber);
    expect(owner.total).toBe(owner.items.length);

    const street = await records.search({ by: "street", query: "Cedar Ave", pageSize: 100 });
    expect(numbers(street.items)).toEqual(numbers(await records.searchByStreet("Cedar Ave", 100)));
    expect(numbers(street.items)).toContain(DEMO_PARCELS.withHomestead.parcelNumber);

    const address = await records.search({ by: "address", query: "1418 N Cedar" });
    expect(numbers(address.items)).toEqual([DEMO_PARCELS.withHomestead.parcelNumber]);
  });

  it("pages through every match exactly once, a page past the last showing the last", async () => {
    const first = await records.search({ by: "street", query: "Cedar Ave", pageSize: 5 });
    expect(first.total).toBeGreaterThan(10);
    expect(first.pageCount).toBe(Math.ceil(first.total / 5));
    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const result = await records.search({ by: "street", query: "Cedar Ave", pageSize: 5, page });
      expect(result.page).toBe(page);
      seen.push(...numbers(result.items));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    const past = await records.search({ by: "street", query: "Cedar Ave", pageSize: 5, page: 10_000 });
    expect(past.page).toBe(first.pageCount);
    expect(numbers(past.items)).toEqual(seen.slice((first.pageCount - 1) * 5));
  });

  it("sorts by each column, either way", async () => {
    const all = (await records.search({ by: "street", query: "Cedar Ave", pageSize: 100 })).items;
    const byValue = (
      await records.search({ by: "street", query: "Cedar Ave", pageSize: 100, sort: "assessedValue" })
    ).items;
    const values = byValue.map((p) => p.assessedValueCents);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(numbers(byValue))).toEqual(new Set(numbers(all)));
    for (const sort of PARCEL_SORTS) {
      const up = await records.search({ by: "street", query: "Cedar Ave", pageSize: 100, sort });
      const down = await records.search({
        by: "street",
        query: "Cedar Ave",
        pageSize: 100,
        sort,
        direction: "desc",
      });
      expect(numbers(down.items), sort).toEqual(numbers(up.items).reverse());
    }
    const byParcel = await records.search({ by: "owner", query: "Okafor", sort: "parcel" });
    expect(numbers(byParcel.items)).toEqual([...numbers(byParcel.items)].sort());
  });

  it("answers an empty page, never an error, for queries that cannot match", async () => {
    const queries = [
      "",
      "   ",
      "%",
      "_",
      "%%__",
      "' OR 1=1 --",
      "'; DROP TABLE parcels; --",
      "🏠🏠",
      "x".repeat(500),
    ];
    for (const query of queries)
      for (const by of ["owner", "street", "address"] as const) {
        const result = await records.search({ by, query });
        expect(result.page, `${by} ${query}`).toBe(1);
        expect(result.pageCount).toBe(1);
        expect(result.items).toHaveLength(Math.min(result.total, 20));
      }
    // Wildcards are never wildcards: keys hold letters, digits and spaces only.
    expect((await records.search({ by: "owner", query: "%" })).total).toBe(0);
    expect((await records.search({ by: "street", query: "_" })).total).toBe(0);
    expect((await records.search({ by: "owner", query: "🏠" })).total).toBe(0);
    // The parcels are all still there.
    expect((await records.findByParcelNumber("1000002"))?.owners).toEqual(["James Okafor", "Grace Okafor"]);
  });

  it("takes a bad page size or page as the default", async () => {
    for (const pageSize of [0, -1, 1.5, Number.NaN])
      expect((await records.search({ by: "street", query: "Cedar Ave", pageSize })).items).toHaveLength(20);
    expect(
      (await records.search({ by: "street", query: "Cedar Ave", pageSize: 10_000 })).items.length,
    ).toBeLessThanOrEqual(100);
    expect((await records.search({ by: "street", query: "Cedar Ave", page: -3 })).page).toBe(1);
  });
});

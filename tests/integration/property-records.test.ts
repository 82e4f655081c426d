import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPropertyRecords,
  DEMO_PARCELS,
  generateParcels,
  type Parcel,
  type PropertyRecords,
  parseAddress,
  seedPropertyRecords,
} from "../../src/integrations/property-records";
import { ownerQueryWords, ownerWords } from "../../src/integrations/property-records/owner-name";
import { DATABASES, hasPostgres, openTestDatabase, type TestDatabase } from "./databases";

const numbers = (parcels: Parcel[]) => parcels.map((p) => p.parcelNumber);
const {
  firstTimeHomeowner: delgado,
  withHomestead: okafor,
  rental,
  mobileHome,
  disabledVeteran,
} = DEMO_PARCELS;

/** Every query of the tests below, to compare the two databases' answers. */
const QUERIES: Array<[keyof PropertyRecords, string]> = [
  ["searchByAddress", "200 Market"],
  ["searchByAddress", "1418 n cedar"],
  ["searchByAddress", "e 38th"],
  ["searchByAddress", "6100 W Washington"],
  ["searchByOwner", "Delgado"],
  ["searchByOwner", "maria"],
  ["searchByOwner", "okafor grace"],
  ["searchByStreet", "Fox Run Ct"],
  ["searchByStreet", "E Market St"],
  ["searchByStreet", "38"],
];

const answers = new Map<string, string[][]>();

describe.each(DATABASES)("property records on %s", (kind) => {
  let t: TestDatabase;
  let records: PropertyRecords;
  let firstSeedMs = 0;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const start = performance.now();
    const result = await seedPropertyRecords(t.db);
    firstSeedMs = performance.now() - start;
    expect(result.seeded).toBe(true);
    console.info(`property records: seeded 5,000 parcels on ${kind} in ${Math.round(firstSeedMs)} ms`);
    records = createPropertyRecords({ kind: "embedded", db: t.db });
  });
  afterAll(() => t.drop());

  const countParcels = async () =>
    Number((await t.db.all<{ n: number | string }>("SELECT COUNT(*) AS n FROM parcels"))[0]?.n);

  describe("seeding", () => {
    // How long seeding takes is a figure of `npm run bench` (bench/lookups.ts), not a test's.
    it("stores 5,000 parcels", async () => {
      expect(await countParcels()).toBe(5000);
    });

    it("does nothing when already seeded by the same generator version", async () => {
      await t.db.run("UPDATE parcels SET township = ? WHERE parcel_number = ?", [
        "Marked",
        rental.parcelNumber,
      ]);
      const again = await seedPropertyRecords(t.db);
      expect(again).toMatchObject({ seeded: false, count: 5000 });
      expect((await records.findByParcelNumber(rental.parcelNumber))?.township).toBe("Marked");
      await t.db.run("UPDATE parcels SET township = ? WHERE parcel_number = ?", [
        rental.township,
        rental.parcelNumber,
      ]);
    });

    it("seeds again for another count, once even when asked twice at the same time", async () => {
      const results = await Promise.all([
        seedPropertyRecords(t.db, { count: 800 }),
        seedPropertyRecords(t.db, { count: 800 }),
      ]);
      expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
      expect(await countParcels()).toBe(800);
      expect((await seedPropertyRecords(t.db)).seeded).toBe(true);
      expect(await countParcels()).toBe(5000);
      expect(await records.findByParcelNumber(delgado.parcelNumber)).toEqual(delgado);
    });
  });

  describe("findByParcelNumber", () => {
    it("finds every demo parcel, as it is documented", async () => {
      for (const parcel of Object.values(DEMO_PARCELS)) {
        expect(await records.findByParcelNumber(parcel.parcelNumber)).toEqual(parcel);
      }
    });

    it("keeps each owner's mailing address as generated: at the property, elsewhere, abroad", async () => {
      const generated = generateParcels();
      const samples = [
        ...generated.filter((p) => p.mailingAddress.country !== "US").slice(0, 5),
        ...generated.filter((p) => p.mailingAddress.lines.length > 1).slice(0, 5),
        ...generated.filter((p) => p.mailingAddress.city === "APO").slice(0, 1),
      ];
      expect(samples.length).toBeGreaterThan(8);
      for (const parcel of samples)
        expect((await records.findByParcelNumber(parcel.parcelNumber))?.mailingAddress).toEqual(
          parcel.mailingAddress,
        );
    });

    it("accepts any common format, and the state parcel number", async () => {
      for (const input of [
        "1000001",
        " 1000001 ",
        "100-0001",
        "1-000-001",
        "1.000.001",
        "1 000 001",
        delgado.stateParcelNumber,
      ]) {
        expect((await records.findByParcelNumber(input))?.parcelNumber).toBe("1000001");
      }
      expect((await records.findByParcelNumber(mobileHome.stateParcelNumber))?.mobileHome).toBe(true);
    });

    it("returns null for an unknown or malformed number", async () => {
      expect(await records.findByParcelNumber("9999999")).toBeNull();
      expect(await records.findByParcelNumber("123")).toBeNull();
      expect(await records.findByParcelNumber("'; DROP TABLE parcels; --")).toBeNull();
      expect(await records.findByParcelNumber("")).toBeNull();
    });

    it("returns types that are the same on both databases", async () => {
      const parcel = await records.findByParcelNumber(okafor.parcelNumber);
      expect(typeof parcel?.assessedValueCents).toBe("number");
      expect(typeof parcel?.mobileHome).toBe("boolean");
      expect(parcel?.owners).toEqual(["James Okafor", "Grace Okafor"]);
      expect(parcel?.existingDeductions).toEqual(["homestead"]);
    });
  });

  describe("searchByAddress", () => {
    it.each([
      "200 E Market St",
      "200 e market st",
      "200 East Market Street",
      "  200   EAST   market   street ",
      "200 E. Market St.",
      "200 E Market St, Cedarport, IN 46204",
      "200 Market St E",
    ])("finds 200 E Market St from %j", async (query) => {
      expect(numbers(await records.searchByAddress(query))).toEqual([delgado.parcelNumber]);
    });

    it("finds an address without its direction or suffix, and from a prefix of the street", async () => {
      expect(numbers(await records.searchByAddress("200 Market"))).toContain(delgado.parcelNumber);
      expect(numbers(await records.searchByAddress("200 Market St"))).toContain(delgado.parcelNumber);
      expect(numbers(await records.searchByAddress("200 E Mark"))).toContain(delgado.parcelNumber);
      expect(numbers(await records.searchByAddress("1418 North Cedar Avenue"))).toEqual([
        okafor.parcelNumber,
      ]);
      expect(numbers(await records.searchByAddress("5412 fox run court"))).toEqual([
        disabledVeteran.parcelNumber,
      ]);
    });

    it("finds a mobile home by its lot, and lists a park's lots in order", async () => {
      expect(numbers(await records.searchByAddress("6100 W Washington St Lot 14"))).toEqual([
        mobileHome.parcelNumber,
      ]);
      expect(numbers(await records.searchByAddress("6100 west washington st #14"))).toEqual([
        mobileHome.parcelNumber,
      ]);
      const lots = (await records.searchByAddress("6100 W Washington St", 50)).map(
        (p) => parseAddress(p.address.line1)?.unit ?? "",
      );
      expect(lots.length).toBeGreaterThan(1);
      expect(lots.map(Number)).toEqual([...lots.map(Number)].sort((a, b) => a - b));
    });

    it("matches only what the query says", async () => {
      const found = await records.searchByAddress("E 38th", 500);
      expect(found.length).toBeGreaterThan(10);
      for (const p of found) expect(p.address.line1).toMatch(/^\d+ E 38th St$/);
      for (const p of await records.searchByAddress("200 Market"))
        expect(p.address.line1).toMatch(/^200 [EW] Market/);
    });

    it("returns [] when nothing matches", async () => {
      expect(await records.searchByAddress("12345 Nowhere Blvd")).toEqual([]);
      expect(await records.searchByAddress("200 E Market Ave")).toEqual([]);
      expect(await records.searchByAddress("")).toEqual([]);
      expect(await records.searchByAddress("   ,  ")).toEqual([]);
      expect(await records.searchByAddress("%")).toEqual([]);
    });

    it("keeps to the limit: 10 by default", async () => {
      expect(await records.searchByAddress("Market")).toHaveLength(10);
      expect(await records.searchByAddress("Market", 3)).toHaveLength(3);
      expect(await records.searchByAddress("Market", 0)).toHaveLength(10);
    });
  });

  describe("searchByOwner", () => {
    it("finds an owner by any part of the name, in any order and case", async () => {
      for (const query of [
        "Maria Delgado",
        "delgado, maria",
        "DELGADO MARIA",
        "Mar Delg",
        "Maria L. Delgado",
      ]) {
        expect(numbers(await records.searchByOwner(query))).toContain(delgado.parcelNumber);
      }
    });

    it("finds every owner of a jointly owned parcel", async () => {
      expect(numbers(await records.searchByOwner("Grace Okafor"))).toContain(okafor.parcelNumber);
      expect(numbers(await records.searchByOwner("James Okafor"))).toContain(okafor.parcelNumber);
      expect(numbers(await records.searchByOwner("Cedarport Rental Holdings"))).toContain(
        rental.parcelNumber,
      );
    });

    it("needs all the words in one owner's name", async () => {
      const found = await records.searchByOwner("Delgado Maria", 500);
      for (const p of found) {
        const words = ownerQueryWords("Delgado Maria");
        expect(p.owners.some((o) => words.every((w) => ownerWords(o).some((ow) => ow.startsWith(w))))).toBe(
          true,
        );
      }
      // James is an Okafor and Grace is an Okafor, but "James Grace" is nobody.
      expect(numbers(await records.searchByOwner("James Grace Okafor"))).not.toContain(okafor.parcelNumber);
    });

    it("matches accented names without the accents", async () => {
      const found = await records.searchByOwner("Garcia", 500);
      expect(found.length).toBeGreaterThan(0);
      expect(found.some((p) => p.owners.some((o) => o.includes("García")))).toBe(true);
    });

    it("sorts by the first owner's last name and keeps to the limit", async () => {
      const found = await records.searchByOwner("Maria", 500);
      expect(found.length).toBeGreaterThan(20);
      expect(await records.searchByOwner("Maria")).toHaveLength(Math.min(50, found.length));
      expect(await records.searchByOwner("Maria", 5)).toEqual(found.slice(0, 5));
    });

    it("returns [] when nothing matches", async () => {
      expect(await records.searchByOwner("Zzyzx Quux")).toEqual([]);
      expect(await records.searchByOwner("")).toEqual([]);
      expect(await records.searchByOwner(" ,. ")).toEqual([]);
    });
  });

  describe("searchByStreet", () => {
    it("lists a street by house number", async () => {
      const found = await records.searchByStreet("Fox Run Ct");
      expect(numbers(found)).toContain(disabledVeteran.parcelNumber);
      for (const p of found) expect(p.address.line1).toMatch(/^\d+ Fox Run Ct$/);
      const houses = found.map((p) => Number.parseInt(p.address.line1, 10));
      expect(houses).toEqual([...houses].sort((a, b) => a - b));
      expect(numbers(await records.searchByStreet("fox run court"))).toEqual(numbers(found));
    });

    it("keeps to one side of the grid when a direction is given", async () => {
      const east = await records.searchByStreet("E Market Street", 500);
      expect(numbers(east)).toContain(delgado.parcelNumber);
      for (const p of east) expect(p.address.line1).toMatch(/^\d+ E Market St$/);
      const both = await records.searchByStreet("Market St", 500);
      expect(both.length).toBeGreaterThan(east.length);
    });

    it("reads a number as a numbered street", async () => {
      const found = await records.searchByStreet("38", 500);
      expect(found.length).toBeGreaterThan(0);
      for (const p of found) expect(p.address.line1).toMatch(/ 38th St$/);
    });

    it("returns [] when nothing matches", async () => {
      expect(await records.searchByStreet("Nowhere Blvd")).toEqual([]);
      expect(await records.searchByStreet("")).toEqual([]);
    });
  });

  it("answers the comparison queries", async () => {
    for (const [method, query] of QUERIES) {
      const found = await (records[method] as (q: string, limit?: number) => Promise<Parcel[]>)(query, 200);
      answers.set(`${kind} ${method} ${query}`, [numbers(found)]);
    }
  });
});

describe.runIf(hasPostgres)("property records on both databases", () => {
  it("give the same answers in the same order", () => {
    for (const [method, query] of QUERIES) {
      expect(answers.get(`postgres ${method} ${query}`), `${method} ${query}`).toEqual(
        answers.get(`sqlite ${method} ${query}`),
      );
    }
  });
});

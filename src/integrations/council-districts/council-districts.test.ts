import { describe, expect, it } from "vitest";
import { DEMO_PARCELS, generateParcels } from "../property-records";
import { parseAddress } from "../property-records/address";
import { createCouncilDistricts, type DistrictLocation } from "./council-districts";
import { DISTRICT_NUMBERS, DOWNTOWN_CORE_END } from "./embedded/demo-districts";
import { demoDistrictOf, matchingRules } from "./embedded/embedded-council-districts";

const parcels = generateParcels();
const at = (line1: string, township: string): DistrictLocation => ({
  parcelNumber: "1000000",
  address: { line1, city: "Cedarport", state: "IN", zip: "46204" },
  township,
});

describe("the demo council districts", () => {
  it("put every one of the 5,000 demo parcels in exactly one district", () => {
    const notOne = parcels
      .map((p) => ({ parcel: p.parcelNumber, line1: p.address.line1, rules: matchingRules(p).length }))
      .filter((p) => p.rules !== 1);
    expect(parcels).toHaveLength(5000);
    expect(notOne).toEqual([]);
  });

  it("use all nine districts, each with a plausible share of the parcels", () => {
    expect(DISTRICT_NUMBERS).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const counts = new Map<number, number>();
    for (const p of parcels) {
      const district = demoDistrictOf(p);
      counts.set(district ?? 0, (counts.get(district ?? 0) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(DISTRICT_NUMBERS);
    for (const [district, count] of counts) {
      expect(count / parcels.length, `District ${district}`).toBeGreaterThan(0.05);
      expect(count / parcels.length, `District ${district}`).toBeLessThan(0.2);
    }
  });

  it("place the fixed demo parcels where the tests and demos expect them", () => {
    expect(demoDistrictOf(DEMO_PARCELS.firstTimeHomeowner)).toBe(1); // 200 E Market St
    expect(demoDistrictOf(DEMO_PARCELS.withHomestead)).toBe(1); // 1418 N Cedar Ave
    expect(demoDistrictOf(DEMO_PARCELS.rental)).toBe(1); // 915 S Lake Ave
    expect(demoDistrictOf(DEMO_PARCELS.disabledVeteran)).toBe(2); // Harbor Township
    expect(demoDistrictOf(DEMO_PARCELS.over65)).toBe(4); // Union Township
    expect(demoDistrictOf(DEMO_PARCELS.blindOrDisabled)).toBe(6); // Pleasant Township
    expect(demoDistrictOf(DEMO_PARCELS.mobileHome)).toBe(8); // Riverside Township, on a lot
  });

  it("split downtown at 1500: the outer blocks join the district beyond them", () => {
    const center = "Center Township";
    const last = DOWNTOWN_CORE_END - 1;
    expect(demoDistrictOf(at(`${last} N College Ave`, center))).toBe(1);
    expect(demoDistrictOf(at(`${DOWNTOWN_CORE_END} N College Ave`, center))).toBe(2);
    expect(demoDistrictOf(at("2200 E Market St", center))).toBe(4);
    expect(demoDistrictOf(at("2999 S Delaware St", center))).toBe(6);
    expect(demoDistrictOf(at("1500 W Washington St", center))).toBe(8);
    // Subdivision streets have no direction: downtown's, whatever the number.
    expect(demoDistrictOf(at("4210 Mulberry Pl", center))).toBe(1);
    // A written-out direction and a unit are read like the record's.
    expect(demoDistrictOf(at("2200 North College Avenue Apt 4", center))).toBe(2);
  });

  it("keep every block of a street in one district, across the township line too", () => {
    const districtsOfBlock = new Map<string, Set<number | null>>();
    for (const p of parcels) {
      const key = parseAddress(p.address.line1);
      if (!key?.houseNumber) throw new Error(`no house number in ${p.address.line1}`);
      const block = `${key.direction} ${key.street} ${Math.floor(key.houseNumber / 100)}`;
      const set = districtsOfBlock.get(block) ?? new Set();
      set.add(demoDistrictOf(p));
      districtsOfBlock.set(block, set);
    }
    const split = [...districtsOfBlock].filter(([, set]) => set.size > 1).map(([block]) => block);
    expect(split).toEqual([]);
    // The north side of College Ave is District 2 from 1500 on, downtown and in Harbor Township alike.
    const northCollege = parcels.filter((p) => / N College Ave$/.test(p.address.line1));
    expect(northCollege.length).toBeGreaterThan(10);
    for (const p of northCollege)
      expect(demoDistrictOf(p), p.address.line1).toBe(Number.parseInt(p.address.line1, 10) < 1500 ? 1 : 2);
  });

  it("say null for an address the map does not cover, rather than guess", () => {
    expect(demoDistrictOf(at("100 Main St", "Elsewhere Township"))).toBeNull();
    // A grid street downtown needs a house number to know which side of 1500 it is on.
    expect(demoDistrictOf(at("N College Ave", "Center Township"))).toBeNull();
    expect(matchingRules(at("N College Ave", "Center Township"))).toEqual([]);
  });
});

describe("createCouncilDistricts", () => {
  it("answers through the interface with the embedded map", async () => {
    const districts = createCouncilDistricts({ kind: "embedded" });
    expect(await districts.districts()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await districts.districtOf(DEMO_PARCELS.disabledVeteran)).toBe(2);
    expect(await districts.districtOf(at("3517 E Michigan St", "Union Township"))).toBe(4);
  });

  it("refuses a kind it does not know", () => {
    expect(() => createCouncilDistricts({ kind: "gis" } as never)).toThrow(/unknown council-districts kind/);
  });
});

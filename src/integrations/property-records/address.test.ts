import { describe, expect, it } from "vitest";
import {
  addressKeyText,
  houseNumberPrefixRanges,
  keyText,
  parseAddress,
  prefixRange,
  streetPrefixes,
} from "./address";

const key = (text: string) => {
  const parsed = parseAddress(text);
  return parsed && addressKeyText(parsed);
};

describe("parseAddress", () => {
  it("reads a plain address", () => {
    expect(parseAddress("200 E Market St")).toEqual({
      houseNumber: 200,
      direction: "E",
      street: "MARKET ST",
      unit: "",
    });
  });

  it.each([
    "200 East Market Street",
    "200 e. market st.",
    "  200   E   MARKET   ST  ",
    "200 E Market St, Cedarport, IN 46204",
    "200 E Market St Cedarport IN 46204-1234",
    "200 East Market Str",
    "200 Market St E",
  ])("reads %j as 200 E MARKET ST", (text) => {
    expect(key(text)).toBe("200 E MARKET ST");
  });

  it("abbreviates directions and suffixes the way the USPS does", () => {
    expect(key("1418 North Cedar Avenue")).toBe("1418 N CEDAR AVE");
    expect(key("5412 Fox Run Court")).toBe("5412 FOX RUN CT");
    expect(key("77 Sugar Creek Parkway")).toBe("77 SUGAR CREEK PKWY");
    expect(key("9 Southwest Harbor Boulevard")).toBe("9 SW HARBOR BLVD");
  });

  it("keeps a direction word that is the street's name", () => {
    expect(parseAddress("12 North St")).toMatchObject({ direction: "", street: "NORTH ST" });
    expect(parseAddress("12 East Street")).toMatchObject({ direction: "", street: "EAST ST" });
    expect(parseAddress("North")).toMatchObject({ houseNumber: null, direction: "", street: "NORTH" });
  });

  it("keeps a suffix word that is part of the name", () => {
    expect(key("40 Court St")).toBe("40 COURT ST");
    expect(key("40 Park")).toBe("40 PARK");
  });

  it("writes numbered streets as ordinals", () => {
    expect(key("135 E 38 St")).toBe("135 E 38TH ST");
    expect(key("135 E 38th Street")).toBe("135 E 38TH ST");
    expect(key("1 W 1 St")).toBe("1 W 1ST ST");
    expect(key("1 W 52 St")).toBe("1 W 52ND ST");
    expect(key("1 W 13 St")).toBe("1 W 13TH ST");
  });

  it("reads unit designators", () => {
    expect(parseAddress("6100 W Washington St Lot 14")).toMatchObject({
      street: "WASHINGTON ST",
      unit: "14",
    });
    expect(parseAddress("6100 W Washington St #14")).toMatchObject({ unit: "14" });
    expect(parseAddress("6100 W Washington St Unit 14")).toMatchObject({ unit: "14" });
  });

  it.each([
    "6100 W Washington St Apt 4",
    "6100 W Washington St Apt. 4",
    "6100 W Washington St Apt4",
    "6100 W Washington St apartment no 4",
    "6100 W Washington St Unit#4",
    "6100 W Washington St # 4",
    "6100 W Washington St, Apt 4",
    "6100 W Washington St, #4, Cedarport, IN 46222",
    "Apt 4 6100 W Washington St",
    "unit 4, 6100 west washington street",
  ])("reads the unit of %j", (text) => {
    expect(parseAddress(text)).toEqual({
      houseNumber: 6100,
      direction: "W",
      street: "WASHINGTON ST",
      unit: "4",
    });
  });

  it("keeps a designator still waiting for its number out of the street", () => {
    expect(parseAddress("6100 W Washington St Lot")).toMatchObject({ street: "WASHINGTON ST", unit: "" });
    expect(parseAddress("6100 W Washington St, Apt")).toMatchObject({ street: "WASHINGTON ST", unit: "" });
  });

  it("reads a street alone, without a house number", () => {
    expect(parseAddress("cedar avenue")).toEqual({
      houseNumber: null,
      direction: "",
      street: "CEDAR AVE",
      unit: "",
    });
    expect(parseAddress("North Cedar Ave.")).toEqual({
      houseNumber: null,
      direction: "N",
      street: "CEDAR AVE",
      unit: "",
    });
  });

  it("reads partial queries", () => {
    expect(parseAddress("200")).toEqual({ houseNumber: 200, direction: "", street: "", unit: "" });
    expect(parseAddress("200 E")).toEqual({ houseNumber: 200, direction: "E", street: "", unit: "" });
    expect(parseAddress("e mark")).toEqual({ houseNumber: null, direction: "E", street: "MARK", unit: "" });
    expect(parseAddress("Market")).toEqual({ houseNumber: null, direction: "", street: "MARKET", unit: "" });
  });

  it("drops accents and punctuation", () => {
    expect(key("12 Ñandú Way")).toBe("12 NANDU WAY");
    expect(key("12 O'Neil Ct")).toBe("12 ONEIL CT");
    expect(key("12 St. Clair St")).toBe("12 ST CLAIR ST");
    expect(key("12 Saint Clair Street")).toBe("12 ST CLAIR ST");
  });

  it("reads a leading number as part of the street when told to", () => {
    expect(parseAddress("38", { houseNumber: false })).toMatchObject({ houseNumber: null, street: "38TH" });
    expect(parseAddress("E 38", { houseNumber: false })).toMatchObject({ direction: "E", street: "38TH" });
  });

  it("returns null for nothing", () => {
    expect(parseAddress("")).toBeNull();
    expect(parseAddress("   ")).toBeNull();
    expect(parseAddress("!!! ,,,")).toBeNull();
  });
});

describe("streetPrefixes", () => {
  it("adds the abbreviations a suffix still being typed may become", () => {
    expect(streetPrefixes("MARKET STRE")).toEqual(["MARKET STRE", "MARKET ST"]);
    expect(streetPrefixes("CEDAR AVENU")).toEqual(["CEDAR AVENU"].concat([])); // AVENU is a spelling: parsed already
    expect(streetPrefixes("FOX RUN CO")).toEqual(["FOX RUN CO", "FOX RUN CT", "FOX RUN CV"]);
    expect(streetPrefixes("SUGAR CREEK PARKW")).toEqual(["SUGAR CREEK PARKW", "SUGAR CREEK PKWY"]);
  });

  it("leaves a street alone when the last word is a suffix, a name's first word, or one letter", () => {
    expect(streetPrefixes("MARKET ST")).toEqual(["MARKET ST"]);
    expect(streetPrefixes("BOULEV")).toEqual(["BOULEV"]);
    expect(streetPrefixes("MARKET S")).toEqual(["MARKET S"]);
    expect(streetPrefixes("E 38TH")).toEqual(["E 38TH"]);
    // "Cir" is an abbreviation the letters already begin: the prefix as typed finds it.
    expect(streetPrefixes("OAK CI")).toEqual(["OAK CI"]);
  });
});

describe("keyText", () => {
  it("keeps only upper-case letters, digits, # and commas", () => {
    expect(keyText(" Ça  va-bien, #2 ")).toBe("CA VA BIEN,# 2");
  });
});

describe("prefixRange", () => {
  it("bounds every key that starts with the prefix", () => {
    const [low, high] = prefixRange("MARKET");
    for (const k of ["MARKET", "MARKET ST", "MARKETVIEW DR", "MARKET 9"]) {
      expect(k >= low && k < high).toBe(true);
    }
    for (const k of ["MARKEU", "MARK", "MAPLE ST", "N MARKET"]) {
      expect(k >= low && k < high).toBe(false);
    }
  });
});

describe("houseNumberPrefixRanges", () => {
  const covered = (n: number, typed: number) =>
    houseNumberPrefixRanges(typed).some(([low, high]) => n >= low && n <= high);

  it("covers every house number of up to six digits that starts with the digits typed", () => {
    expect(houseNumberPrefixRanges(141)).toEqual([
      [141, 141],
      [1410, 1419],
      [14100, 14199],
      [141000, 141999],
    ]);
    expect(houseNumberPrefixRanges(123456)).toEqual([[123456, 123456]]);
    for (const n of [141, 1418, 14100, 141999]) expect(covered(n, 141), String(n)).toBe(true);
    for (const n of [14, 142, 1420, 2141, 1409]) expect(covered(n, 141), String(n)).toBe(false);
  });

  it("agrees with the digits, for every typed number against every house number below 2,000", () => {
    for (const typed of [1, 9, 19, 100, 141, 999])
      for (let n = 1; n < 2000; n++)
        expect(covered(n, typed), `${n} for ${typed}`).toBe(String(n).startsWith(String(typed)));
  });

  it("is 0 alone for 0: no house number starts with a zero", () => {
    expect(houseNumberPrefixRanges(0)).toEqual([[0, 0]]);
  });
});

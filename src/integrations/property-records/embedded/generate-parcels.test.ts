import { createHash } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { normalizeParcelNumber } from "../../../domain/parcel-number";
import { parseAddress } from "../address";
import { isDeductionKind } from "../deductions";
import { SCHOOL_DISTRICTS, TOWNSHIPS } from "./cedarport-geography";
import { DEMO_PARCELS, demoParcelList } from "./demo-parcels";
import { generateParcels, PARCEL_GENERATOR_VERSION } from "./generate-parcels";

const parcels = generateParcels();

/**
 * The SHA-256 of the default 5,000 parcels, per generator version. When a change to the generator
 * changes its output, bump PARCEL_GENERATOR_VERSION (so existing databases are seeded again) and
 * add the new digest here; never edit a digest already listed.
 */
const DIGESTS: Record<number, string> = {
  1: "5bf29ce585db97ad3f42ad19f96ed0eea7d999db3c45841024f82e92610e1147",
  2: "1d25b31b0a720a5717a5aed5d8f78fa698f40bffcd564693e0844da55a1396ec",
};

describe("generateParcels", () => {
  it("makes 5,000 parcels by default, the demo parcels first and unchanged", () => {
    expect(parcels).toHaveLength(5000);
    expect(parcels.slice(0, 7)).toEqual(demoParcelList());
    expect(parcels[0]).toEqual(DEMO_PARCELS.firstTimeHomeowner);
  });

  it("is deterministic", () => {
    expect(generateParcels({ count: 300 })).toEqual(generateParcels({ count: 300 }));
    expect(generateParcels({ count: 300 })).toEqual(parcels.slice(0, 300));
    expect(generateParcels({ count: 300, seed: 1 })).not.toEqual(parcels.slice(0, 300));
  });

  it("produces the data of its version", () => {
    const digest = createHash("sha256").update(JSON.stringify(parcels)).digest("hex");
    expect(digest).toBe(DIGESTS[PARCEL_GENERATOR_VERSION]);
  });

  it("added the mailing addresses (version 2) without changing anything version 1 made", () => {
    const withoutMailing = parcels.map(({ mailingAddress: _, ...rest }) => rest);
    expect(createHash("sha256").update(JSON.stringify(withoutMailing)).digest("hex")).toBe(DIGESTS[1]);
  });

  it("sends most owners' letters to the property, some elsewhere in the US, a few abroad", () => {
    const atProperty = parcels.filter((p) =>
      isDeepStrictEqual(p.mailingAddress, {
        lines: [p.address.line1],
        city: p.address.city,
        region: p.address.state,
        postalCode: p.address.zip,
        country: "US",
      }),
    );
    const abroad = parcels.filter((p) => p.mailingAddress.country !== "US");
    const elsewhere = parcels.filter(
      (p) => p.mailingAddress.country === "US" && p.mailingAddress.city !== "Cedarport",
    );
    expect(atProperty.length / parcels.length).toBeGreaterThan(0.7);
    expect(atProperty.length / parcels.length).toBeLessThan(0.9);
    expect(elsewhere.length / parcels.length).toBeGreaterThan(0.05);
    expect(abroad.length / parcels.length).toBeGreaterThan(0.005);
    expect(abroad.length / parcels.length).toBeLessThan(0.03);
    expect(new Set(abroad.map((p) => p.mailingAddress.country)).size).toBeGreaterThanOrEqual(4);
    for (const p of parcels) {
      const m = p.mailingAddress;
      expect(m.lines.length).toBeGreaterThan(0);
      expect(m.city).not.toBe("");
      if (m.country === "US") {
        expect(m.region).toMatch(/^[A-Z]{2}$/);
        expect(m.postalCode).toMatch(/^\d{5}(-\d{4})?$/);
      } else expect(m.country).toMatch(/^[A-Z]{2}$/);
    }
    // Companies get their letters at an office or a PO box, never at the houses they rent out.
    const companies = parcels.filter((p) => / (LLC|Inc|LP)$/.test(p.owners[0] ?? ""));
    expect(companies.length).toBeGreaterThan(100);
    for (const p of companies) expect(p.mailingAddress.lines).not.toEqual([p.address.line1]);
    // Service members abroad have a US military address (APO/FPO/DPO and AA/AE/AP).
    expect(parcels.some((p) => p.mailingAddress.city === "APO" && p.mailingAddress.region === "AE")).toBe(
      true,
    );
  });

  it("gives every parcel a unique canonical number and a state number that maps back to it", () => {
    expect(new Set(parcels.map((p) => p.parcelNumber)).size).toBe(parcels.length);
    expect(new Set(parcels.map((p) => p.stateParcelNumber)).size).toBe(parcels.length);
    for (const p of parcels) {
      expect(normalizeParcelNumber(p.parcelNumber)).toBe(p.parcelNumber);
      expect(normalizeParcelNumber(p.stateParcelNumber)).toBe(p.parcelNumber);
    }
  });

  it("gives every parcel a unique, readable Cedarport address", () => {
    const keys = parcels.map((p) => {
      const key = parseAddress(p.address.line1);
      expect(key?.houseNumber).toBeGreaterThan(0);
      expect(key?.street).toMatch(/ (ST|AVE|DR|CT|LN|RD|BLVD|PL|WAY|CIR|TRL|PKWY|TER|SQ)$/);
      return JSON.stringify(key);
    });
    expect(new Set(keys).size).toBe(parcels.length);
    for (const p of parcels) {
      expect(p.address).toMatchObject({ city: "Cedarport", state: "IN" });
      expect(p.address.zip).toMatch(/^462\d\d$/);
    }
  });

  it("uses directions and a variety of suffixes", () => {
    const lines = parcels.map((p) => p.address.line1);
    for (const d of ["N", "S", "E", "W"]) expect(lines.some((l) => l.includes(` ${d} `))).toBe(true);
    expect(lines.filter((l) => /^\d+ [A-Z][a-z]/.test(l)).length).toBeGreaterThan(500);
    for (const suffix of ["St", "Ave", "Dr", "Ct", "Ln", "Rd", "Way", "Pkwy"]) {
      expect(lines.some((l) => l.endsWith(` ${suffix}`))).toBe(true);
    }
  });

  it("numbers parcels by township and keeps township, ZIP and school district consistent", () => {
    const townships = new Map(TOWNSHIPS.map((t) => [t.name, t]));
    for (const p of parcels) {
      const township = townships.get(p.township);
      expect(township?.code).toBe(Number(p.parcelNumber[0]));
      expect(township?.zips).toContain(p.address.zip);
      expect(township?.schoolDistricts.map((d) => d.name)).toContain(p.schoolDistrict);
    }
    expect(new Set(parcels.map((p) => p.township)).size).toBe(9);
    expect(new Set(parcels.map((p) => p.schoolDistrict))).toEqual(new Set(SCHOOL_DISTRICTS));
    expect(SCHOOL_DISTRICTS.length).toBeGreaterThanOrEqual(6);
    expect(SCHOOL_DISTRICTS.length).toBeLessThanOrEqual(8);
  });

  it("has about 2% mobile homes, on park lots, worth less than houses", () => {
    const mobile = parcels.filter((p) => p.mobileHome);
    expect(mobile.length / parcels.length).toBeGreaterThan(0.015);
    expect(mobile.length / parcels.length).toBeLessThan(0.03);
    for (const p of mobile) {
      expect(p.address.line1).toMatch(/ Lot \d+$/);
      expect(p.assessedValueCents).toBeLessThanOrEqual(6_000_000);
    }
  });

  it("has plausible assessed values in whole dollars", () => {
    const values = parcels.filter((p) => !p.mobileHome).map((p) => p.assessedValueCents);
    for (const v of values) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v % 100).toBe(0);
      expect(v).toBeGreaterThanOrEqual(5_000_000);
      expect(v).toBeLessThanOrEqual(200_000_000);
    }
    const sorted = [...values].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(15_000_000);
    expect(median).toBeLessThan(30_000_000);
  });

  it("has varied owners: joint owners, organizations, accented names", () => {
    const joint = parcels.filter((p) => p.owners.length === 2).length;
    expect(joint / parcels.length).toBeGreaterThan(0.25);
    expect(parcels.some((p) => p.owners.some((o) => / LLC$/.test(o)))).toBe(true);
    expect(parcels.some((p) => p.owners.some((o) => / Trust$/.test(o)))).toBe(true);
    expect(parcels.some((p) => p.owners.some((o) => /[áéíóúñ]/.test(o)))).toBe(true);
    expect(new Set(parcels.flatMap((p) => p.owners)).size).toBeGreaterThan(2500);
    for (const p of parcels) expect(p.owners.length).toBeGreaterThan(0);
  });

  it("has some existing deductions, homestead under all the others, none for companies", () => {
    const withAny = parcels.filter((p) => p.existingDeductions.length > 0);
    expect(withAny.length / parcels.length).toBeGreaterThan(0.4);
    expect(withAny.length / parcels.length).toBeLessThan(0.85);
    for (const p of parcels) {
      for (const d of p.existingDeductions) expect(isDeductionKind(d)).toBe(true);
      if (p.existingDeductions.length > 0) expect(p.existingDeductions[0]).toBe("homestead");
      if (p.owners.some((o) => / (LLC|Inc|LP)$/.test(o))) expect(p.existingDeductions).toEqual([]);
    }
    for (const kind of ["mortgage", "over-65", "blind-or-disabled", "disabled-veteran"]) {
      expect(parcels.some((p) => p.existingDeductions.includes(kind))).toBe(true);
    }
  });

  it("generates larger and smaller sets, but not fewer than the demo parcels", () => {
    expect(generateParcels({ count: 7 })).toEqual(demoParcelList());
    expect(generateParcels({ count: 20_000 })).toHaveLength(20_000);
    expect(() => generateParcels({ count: 3 })).toThrow(/at least 7/);
    expect(() => generateParcels({ count: 10.5 })).toThrow();
  });
});

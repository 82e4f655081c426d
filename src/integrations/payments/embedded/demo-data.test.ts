import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEMO_PARCELS, generateParcels } from "../../property-records";
import { DEMO_GALLERY_ACCOUNTS, nameKey, normalizeGalleryNumber } from "./demo-gallery-accounts";
import { INVOICE_GENERATOR_VERSION, INVOICE_ID, installmentCents, invoicesForParcel } from "./demo-invoices";

/**
 * The digest of the invoices generated for the default parcels, per generator version. A change to
 * what the generator produces changes the data behind existing databases: bump
 * INVOICE_GENERATOR_VERSION and add the new digest here; never edit one already listed.
 */
const DIGESTS: Record<number, string> = {
  1: "da60ed1adad2106e2918925dc95303963d8eb1279ce48c496a318f619862abf6",
};

const parcels = generateParcels({});
const invoices = parcels.flatMap(invoicesForParcel);

describe("the demo invoices", () => {
  it("are the same on every machine (or the generator version was bumped)", () => {
    const digest = createHash("sha256").update(JSON.stringify(invoices)).digest("hex");
    expect(digest).toBe(DIGESTS[INVOICE_GENERATOR_VERSION]);
  });

  it("are what the table in demo-invoices.ts documents for the demo parcels", () => {
    const of = (parcel: keyof typeof DEMO_PARCELS) =>
      invoicesForParcel(DEMO_PARCELS[parcel]).map((i) => [
        i.id,
        i.taxType,
        i.dueDate,
        i.balanceCents,
        i.amountCents,
      ]);
    expect(of("firstTimeHomeowner")).toEqual([
      ["RP-2026-2-1000001", "real-property", "2026-11-10", 184_300, 184_300],
    ]);
    expect(of("withHomestead")).toEqual([
      ["RP-2026-1-1000002", "real-property", "2026-05-11", 36_250, 106_250],
      ["RP-2026-2-1000002", "real-property", "2026-11-10", 106_250, 106_250],
    ]);
    expect(of("rental")).toEqual([
      ["RP-2025-2-1000003", "real-property", "2025-11-10", 143_200, 143_200],
      ["RP-2026-2-1000003", "real-property", "2026-11-10", 143_200, 143_200],
      ["BP-2026-2-1000003", "business-personal-property", "2026-11-10", 41_875, 41_875],
    ]);
    expect(of("disabledVeteran")).toEqual([]);
    expect(of("over65")).toEqual([["RP-2026-2-4000001", "real-property", "2026-11-10", 49_350, 49_350]]);
    expect(of("blindOrDisabled")).toEqual([
      ["RP-2026-2-6000001", "real-property", "2026-11-10", 84_450, 84_450],
    ]);
    expect(of("mobileHome")).toEqual([
      ["MH-2026-1-8000001", "mobile-home", "2026-05-11", 24_600, 24_600],
      ["MH-2026-2-8000001", "mobile-home", "2026-11-10", 24_600, 24_600],
    ]);
  });

  it("charge half of 1% of the assessed value on a homestead, half of 2% elsewhere, to the cent", () => {
    expect(installmentCents({ ...DEMO_PARCELS.withHomestead })).toBe(106_250);
    expect(installmentCents({ ...DEMO_PARCELS.rental })).toBe(143_200);
    // Half a cent rounds up.
    expect(installmentCents({ ...DEMO_PARCELS.rental, assessedValueCents: 25 })).toBe(0);
    expect(installmentCents({ ...DEMO_PARCELS.rental, assessedValueCents: 50 })).toBe(1);
  });

  it("go to about half of the parcels, with unique well-formed ids and something due on each", () => {
    const owing = new Set(invoices.map((i) => i.parcelNumber)).size;
    expect(owing / parcels.length).toBeGreaterThan(0.4);
    expect(owing / parcels.length).toBeLessThan(0.6);
    expect(new Set(invoices.map((i) => i.id)).size).toBe(invoices.length);
    for (const i of invoices) {
      expect(i.id).toMatch(INVOICE_ID);
      expect(i.balanceCents).toBeGreaterThan(0);
      expect(i.balanceCents).toBeLessThanOrEqual(i.amountCents);
      expect(Number.isSafeInteger(i.balanceCents)).toBe(true);
    }
  });

  it("of one parcel do not depend on the other parcels", () => {
    const parcel = parcels[1234]!;
    expect(invoicesForParcel(parcel)).toEqual(invoices.filter((i) => i.parcelNumber === parcel.parcelNumber));
  });

  it("put mobile-home tax on mobile homes only", () => {
    const mobile = new Set(parcels.filter((p) => p.mobileHome).map((p) => p.parcelNumber));
    for (const i of invoices) expect(i.taxType === "mobile-home").toBe(mobile.has(i.parcelNumber));
  });
});

describe("the demo gallery accounts", () => {
  it("have unique 7-digit numbers and real dates of birth", () => {
    const numbers = DEMO_GALLERY_ACCOUNTS.map((a) => a.galleryNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const a of DEMO_GALLERY_ACCOUNTS) {
      expect(normalizeGalleryNumber(a.galleryNumber)).toBe(a.galleryNumber);
      expect(Number.isNaN(Date.parse(a.dateOfBirth))).toBe(false);
    }
  });

  it("are matched by name whatever the case, accents, commas and word order", () => {
    const key = nameKey("Luis Hernández");
    expect(nameKey("luis hernandez")).toBe(key);
    expect(nameKey("HERNÁNDEZ, Luis")).toBe(key);
    expect(nameKey("  Luis   Hernandez ")).toBe(key);
    expect(nameKey("Luis Hernandes")).not.toBe(key);
    expect(nameKey("Luis")).not.toBe(key);
  });

  it("numbers may be typed with spaces or dashes", () => {
    expect(normalizeGalleryNumber("241-7035")).toBe("2417035");
    expect(normalizeGalleryNumber("241 7035")).toBe("2417035");
    expect(normalizeGalleryNumber("241703")).toBeNull();
    expect(normalizeGalleryNumber("24170355")).toBeNull();
  });
});

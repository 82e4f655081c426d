/**
 * Fixed parcels that tests, demos and the replay recordings rely on. The generator always writes
 * them first, with exactly these values; generated parcels never share their addresses or numbers
 * (generated serials start at 101 in every township).
 *
 * | key                 | parcel  | address                                | owners                       | existing deductions          |
 * |---------------------|---------|----------------------------------------|------------------------------|------------------------------|
 * | firstTimeHomeowner  | 1000001 | 200 E Market St, 46204                 | Maria Delgado                | none                         |
 * | withHomestead       | 1000002 | 1418 N Cedar Ave, 46202                | James Okafor, Grace Okafor   | homestead                    |
 * | rental              | 1000003 | 915 S Lake Ave, 46203                  | Cedarport Rental Holdings LLC| none                         |
 * | disabledVeteran     | 2000001 | 5412 Fox Run Ct, 46220                 | Marcus Bell, Tanya Bell      | homestead, disabled-veteran  |
 * | over65              | 4000001 | 3517 E Michigan St, 46218              | Dorothy Whitfield            | homestead                    |
 * | blindOrDisabled     | 6000001 | 3822 S Cedar Ave, 46227                | Minh Tran, Linh Tran         | homestead                    |
 * | mobileHome          | 8000001 | 6100 W Washington St Lot 14, 46222     | Dale Hutchins                | none (a mobile home)         |
 *
 * Each owner's mailing address is the property's, but the rental company's: a PO box downtown.
 */
import type { Parcel } from "../property-records";

const cedarport = (line1: string, zip: string) => ({ line1, city: "Cedarport", state: "IN", zip });
/** Letters to the owner go to the property itself. */
const atProperty = (line1: string, zip: string) => ({
  lines: [line1],
  city: "Cedarport",
  region: "IN",
  postalCode: zip,
  country: "US",
});

export type DemoParcelKey =
  | "firstTimeHomeowner"
  | "withHomestead"
  | "rental"
  | "disabledVeteran"
  | "over65"
  | "blindOrDisabled"
  | "mobileHome";

export const DEMO_PARCELS: Readonly<Record<DemoParcelKey, Readonly<Parcel>>> = {
  /** A homeowner with no deductions yet: the homestead application's happy path. */
  firstTimeHomeowner: {
    parcelNumber: "1000001",
    stateParcelNumber: "49-01-12-000-001.000-101",
    address: cedarport("200 E Market St", "46204"),
    owners: ["Maria Delgado"],
    mailingAddress: atProperty("200 E Market St", "46204"),
    mobileHome: false,
    assessedValueCents: 18_430_000,
    schoolDistrict: "Cedarport Public Schools",
    township: "Center Township",
    existingDeductions: [],
  },
  /** Joint owners who already have the homestead deduction: the mortgage application. */
  withHomestead: {
    parcelNumber: "1000002",
    stateParcelNumber: "49-01-07-000-002.000-101",
    address: cedarport("1418 N Cedar Ave", "46202"),
    owners: ["James Okafor", "Grace Okafor"],
    mailingAddress: atProperty("1418 N Cedar Ave", "46202"),
    mobileHome: false,
    assessedValueCents: 21_250_000,
    schoolDistrict: "Cedarport Public Schools",
    township: "Center Township",
    existingDeductions: ["homestead"],
  },
  /** A rental owned by a company: no homestead deduction can apply. */
  rental: {
    parcelNumber: "1000003",
    stateParcelNumber: "49-01-13-000-003.000-101",
    address: cedarport("915 S Lake Ave", "46203"),
    owners: ["Cedarport Rental Holdings LLC"],
    mailingAddress: {
      lines: ["PO Box 6120"],
      city: "Cedarport",
      region: "IN",
      postalCode: "46206",
      country: "US",
    },
    mobileHome: false,
    assessedValueCents: 14_320_000,
    schoolDistrict: "Cedarport Public Schools",
    township: "Center Township",
    existingDeductions: [],
  },
  /** A veteran's household that already has the disabled-veteran deduction. */
  disabledVeteran: {
    parcelNumber: "2000001",
    stateParcelNumber: "49-02-21-000-001.000-201",
    address: cedarport("5412 Fox Run Ct", "46220"),
    owners: ["Marcus Bell", "Tanya Bell"],
    mailingAddress: atProperty("5412 Fox Run Ct", "46220"),
    mobileHome: false,
    assessedValueCents: 27_690_000,
    schoolDistrict: "Metropolitan School District of Harbor Township",
    township: "Harbor Township",
    existingDeductions: ["homestead", "disabled-veteran"],
  },
  /** An owner past 65 with a homestead deduction: the over-65 application. */
  over65: {
    parcelNumber: "4000001",
    stateParcelNumber: "49-04-09-000-001.000-401",
    address: cedarport("3517 E Michigan St", "46218"),
    owners: ["Dorothy Whitfield"],
    mailingAddress: atProperty("3517 E Michigan St", "46218"),
    mobileHome: false,
    assessedValueCents: 9_870_000,
    schoolDistrict: "Union Township Community Schools",
    township: "Union Township",
    existingDeductions: ["homestead"],
  },
  /** Joint owners with a homestead deduction: the blind-or-disabled application. */
  blindOrDisabled: {
    parcelNumber: "6000001",
    stateParcelNumber: "49-06-28-000-001.000-601",
    address: cedarport("3822 S Cedar Ave", "46227"),
    owners: ["Minh Tran", "Linh Tran"],
    mailingAddress: atProperty("3822 S Cedar Ave", "46227"),
    mobileHome: false,
    assessedValueCents: 16_890_000,
    schoolDistrict: "Pleasant Township Schools",
    township: "Pleasant Township",
    existingDeductions: ["homestead"],
  },
  /** A mobile home on a park lot: the 48-hour copy-of-title rule applies. */
  mobileHome: {
    parcelNumber: "8000001",
    stateParcelNumber: "49-08-16-000-001.000-801",
    address: cedarport("6100 W Washington St Lot 14", "46222"),
    owners: ["Dale Hutchins"],
    mailingAddress: atProperty("6100 W Washington St Lot 14", "46222"),
    mobileHome: true,
    assessedValueCents: 2_460_000,
    schoolDistrict: "Maple Grove Community Schools",
    township: "Riverside Township",
    existingDeductions: [],
  },
};

/** The demo parcels as plain (mutable) Parcel values, in the order above. */
export function demoParcelList(): Parcel[] {
  return Object.values(DEMO_PARCELS).map((parcel) => ({
    ...parcel,
    address: { ...parcel.address },
    owners: [...parcel.owners],
    mailingAddress: { ...parcel.mailingAddress, lines: [...parcel.mailingAddress.lines] },
    existingDeductions: [...parcel.existingDeductions],
  }));
}

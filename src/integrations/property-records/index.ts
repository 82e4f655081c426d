/** The property-records integration: what callers import. */

export {
  formatStateParcelNumber,
  isLocalParcelNumber,
  normalizeParcelNumber,
  PARCEL_NUMBER_INVALID,
} from "../../domain/parcel-number";
export { type AddressKey, parseAddress } from "./address";
export { DEDUCTION_KINDS, type DeductionKind, isDeductionKind } from "./deductions";
export { DEMO_PARCELS, type DemoParcelKey, demoParcelList } from "./embedded/demo-parcels";
export { DEFAULT_PARCEL_COUNT, generateParcels, PARCEL_GENERATOR_VERSION } from "./embedded/generate-parcels";
export { type SeedOptions, type SeedResult, seedPropertyRecords } from "./embedded/seed";
export { DEFAULT_LIMITS, MAX_LIMIT } from "./limits";
export { mailingAddressLines, oneLineMailingAddress, propertyAsMailingAddress } from "./mailing-address";
export {
  type AddressSearchOptions,
  createPropertyRecords,
  type MailingAddress,
  type Parcel,
  type ParcelAddress,
  type ParcelPage,
  type ParcelSearch,
  type PropertyRecords,
  type PropertyRecordsConfig,
} from "./property-records";
export {
  SCHOOL_DISTRICT_CONTACTS,
  type SchoolDistrict,
  type SchoolDistrictContact,
  type SchoolDistrictName,
  schoolDistrictOf,
} from "./school-districts";
export { isParcelSort, PARCEL_SORTS, type ParcelSort } from "./sorts";

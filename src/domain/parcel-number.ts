/**
 * Parcel numbers as residents type them.
 *
 * Canonical form: Cedarport's 7-digit local parcel number, digits only ("1000001"). Its first digit
 * is the township (1 to 9; see TOWNSHIPS), the other six the parcel's serial number within it, so
 * "0123456" is not a parcel number. This is the number on the tax bill and the one stored and shown.
 *
 * Also accepted: the 18-digit Indiana state parcel number, "49-01-23-456-789.000-101":
 *   county (49, Cedarport's) - township (01 to 09) - section - block - parcel . split - taxing district
 * It maps to the local number as township digit + block + parcel: "49-01-23-456-789.000-101" is
 * "1456789". The section and the taxing district are read from the county's records, not from the
 * number, so they do not take part in the mapping. A split parcel (split other than 000) has a local
 * number of its own that its state number does not reveal, so it is rejected, as are other counties.
 *
 * Separators between digit groups may be dashes, dots or spaces, in any grouping; anything else
 * (letters, a doubled dash, another digit count) is not a parcel number.
 */

/** Message key (validation namespace) for input that is not a parcel number. */
export const PARCEL_NUMBER_INVALID = "parcelNumberInvalid";

/** The county code Indiana gives Cedarport in state parcel numbers. */
export const STATE_COUNTY_CODE = "49";

// One separator between digit groups: a dash (any Unicode hyphen or dash) or a dot, with optional
// spaces around it, or spaces alone.
const SEPARATED_DIGITS = /^\d+(?:(?:\s*[-.\u2010-\u2015\u2212]\s*|\s+)\d+)*$/;

export function normalizeParcelNumber(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const text = input.trim();
  if (!SEPARATED_DIGITS.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length === 7) return isLocalParcelNumber(digits) ? digits : null;
  if (digits.length === 18) return fromStateParcelNumber(digits);
  return null;
}

/** True for a canonical local parcel number. */
export function isLocalParcelNumber(value: string): boolean {
  return /^[1-9]\d{6}$/.test(value);
}

function fromStateParcelNumber(digits: string): string | null {
  const county = digits.slice(0, 2);
  const township = digits.slice(2, 4);
  const split = digits.slice(12, 15);
  if (county !== STATE_COUNTY_CODE || !/^0[1-9]$/.test(township) || split !== "000") return null;
  return township[1] + digits.slice(6, 12);
}

/**
 * The state form of a local parcel number, given the section (1 to 36) and the 3-digit taxing
 * district the county's records hold for it.
 */
export function formatStateParcelNumber(
  parcelNumber: string,
  section: number,
  taxingDistrict: string,
): string {
  if (!isLocalParcelNumber(parcelNumber)) throw new Error(`not a local parcel number: ${parcelNumber}`);
  if (!Number.isInteger(section) || section < 1 || section > 99) throw new Error(`bad section: ${section}`);
  if (!/^\d{3}$/.test(taxingDistrict)) throw new Error(`bad taxing district: ${taxingDistrict}`);
  const township = `0${parcelNumber[0]}`;
  const block = parcelNumber.slice(1, 4);
  const parcel = parcelNumber.slice(4, 7);
  return `${STATE_COUNTY_CODE}-${township}-${String(section).padStart(2, "0")}-${block}-${parcel}.000-${taxingDistrict}`;
}

/**
 * The SQL condition for an address key over a table with the columns street_key, house_number,
 * direction and unit (parcels and deduction_applications both have them).
 */
import { type AddressKey, houseNumberPrefixRanges, prefixRange, streetPrefixes } from "../address";

export interface AddressConditionOptions {
  /** The house number may be the start of a longer one (an address still being typed). */
  houseNumberPrefix?: boolean;
}

export function addressCondition(
  key: AddressKey,
  options: AddressConditionOptions = {},
): { where: string; params: Array<string | number> } {
  const where: string[] = [];
  const params: Array<string | number> = [];
  if (key.street) {
    // One range per spelling the street may stand for (a suffix still being typed: streetPrefixes).
    const prefixes = streetPrefixes(key.street);
    where.push(`(${prefixes.map(() => "(street_key >= ? AND street_key < ?)").join(" OR ")})`);
    params.push(...prefixes.flatMap((prefix) => prefixRange(prefix)));
  }
  if (key.houseNumber !== null && options.houseNumberPrefix) {
    const ranges = houseNumberPrefixRanges(key.houseNumber);
    where.push(`(${ranges.map(() => "(house_number >= ? AND house_number <= ?)").join(" OR ")})`);
    params.push(...ranges.flat());
  } else if (key.houseNumber !== null) {
    where.push("house_number = ?");
    params.push(key.houseNumber);
  }
  if (key.direction) {
    where.push("direction = ?");
    params.push(key.direction);
  }
  if (key.unit) {
    where.push("unit = ?");
    params.push(key.unit);
  }
  // parseAddress returns a key with at least a street, a house number or a direction.
  return { where: where.length > 0 ? where.join(" AND ") : "1 = 0", params };
}

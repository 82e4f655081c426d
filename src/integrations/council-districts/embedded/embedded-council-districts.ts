/**
 * The embedded council districts: the demo map (demo-districts.ts) applied to a parcel's township
 * and address. Pure and in memory: no table, no seed, nothing to keep in step with the parcels.
 */
import { parseAddress } from "../../property-records/address";
import type { CouncilDistricts, DistrictLocation } from "../council-districts";
import { DISTRICT_NUMBERS, DISTRICT_RULES, type DistrictRule } from "./demo-districts";

/** The rules a location matches: exactly one for every parcel of the demo (the map has no overlaps). */
export function matchingRules(
  location: Pick<DistrictLocation, "address" | "township">,
  rules: readonly DistrictRule[] = DISTRICT_RULES,
): DistrictRule[] {
  const key = parseAddress(location.address.line1);
  const house = key?.houseNumber ?? null;
  const direction = key?.direction ?? "";
  return rules.filter(
    (rule) =>
      rule.township === location.township &&
      (rule.directions === undefined || rule.directions.includes(direction)) &&
      (rule.from === undefined || (house !== null && house >= rule.from)) &&
      (rule.to === undefined || (house !== null && house <= rule.to)),
  );
}

/** The district of a location by the demo map; null when no rule (or, by mistake, two) match. */
export function demoDistrictOf(location: Pick<DistrictLocation, "address" | "township">): number | null {
  const [rule, another] = matchingRules(location);
  return rule && !another ? rule.district : null;
}

export function embeddedCouncilDistricts(): CouncilDistricts {
  return {
    async districts() {
      return [...DISTRICT_NUMBERS];
    },
    async districtOf(location) {
      return demoDistrictOf(location);
    },
  };
}

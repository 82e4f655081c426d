/** The council-districts integration: what callers import. */

export {
  type CouncilDistricts,
  type CouncilDistrictsConfig,
  createCouncilDistricts,
  type DistrictLocation,
} from "./council-districts";

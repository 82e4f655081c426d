// The index rule belongs to the client (it picks the index by host); the backend uses the same names.
export {
  type ContentIndexName,
  hasTestMarker,
  hostNameOf,
  INDEX_NAMES,
  indexNameForHost,
  PRODUCTION_INDEX,
  TEST_INDEX,
} from "../search/index-name";

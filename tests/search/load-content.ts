/** The demo content as an IndexSource, read from content/ and workflows/ at the project root. */
import { resolve } from "node:path";
import type { IndexSource } from "../../src/search-service/records";
import { loadContentSource } from "../../src/search-service/yaml-source";

export const PROJECT_ROOT = resolve(import.meta.dirname, "../..");

export function loadContent(): IndexSource {
  return loadContentSource(PROJECT_ROOT);
}

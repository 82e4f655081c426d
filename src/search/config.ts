/**
 * Search configuration from the environment:
 *   SEARCH_BACKEND       "embedded" (default) or "algolia"
 *   ALGOLIA_APP_ID       Algolia application id (backend "algolia")
 *   ALGOLIA_SEARCH_KEY   Algolia search-only key (backend "algolia"; never the admin key)
 *   SEARCH_INDEX         index name override; otherwise by host name (SPEC §7.1)
 */
import type { InProcessSearchHandler, SearchClientConfig } from "./client";
import { indexNameForHost } from "./index-name";

export type SearchEnv = Record<string, string | undefined>;

export class SearchConfigError extends Error {
  override name = "SearchConfigError";
}

export interface SearchPlacement {
  /** Host name of the request (decides test or production index). */
  host?: string | null;
  /** The site's own origin, for the embedded backend over HTTP. */
  origin?: string;
  /** The embedded backend's handler, to search in-process instead of over HTTP. */
  handler?: InProcessSearchHandler;
}

export function searchBackendOf(env: SearchEnv): "algolia" | "embedded" {
  const backend = (env.SEARCH_BACKEND ?? "embedded").trim().toLowerCase();
  if (backend === "" || backend === "embedded") return "embedded";
  if (backend === "algolia") return "algolia";
  throw new SearchConfigError(`SEARCH_BACKEND must be "embedded" or "algolia", not "${env.SEARCH_BACKEND}"`);
}

export function searchClientConfigFromEnv(
  env: SearchEnv,
  placement: SearchPlacement = {},
): SearchClientConfig {
  const indexName = env.SEARCH_INDEX?.trim() || indexNameForHost(placement.host);
  if (searchBackendOf(env) === "algolia") {
    const appId = env.ALGOLIA_APP_ID?.trim();
    const apiKey = env.ALGOLIA_SEARCH_KEY?.trim();
    if (!appId || !apiKey) {
      throw new SearchConfigError("SEARCH_BACKEND=algolia needs ALGOLIA_APP_ID and ALGOLIA_SEARCH_KEY");
    }
    return { backend: "algolia", appId, apiKey, indexName };
  }
  return {
    backend: "embedded",
    indexName,
    ...(placement.handler ? { handler: placement.handler } : {}),
    ...(placement.origin ? { origin: placement.origin } : {}),
  };
}

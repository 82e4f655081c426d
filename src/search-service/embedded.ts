/**
 * The embedded search backend in one call, for the web server: the engine with the synonyms file,
 * the Algolia-compatible handler to mount at /search-api, and a re-index function to call at
 * start-up and whenever content changes.
 *
 * Environment:
 *   SEARCH_SYNONYMS_FILE  synonyms file (default config/synonyms.json)
 *   SEARCH_ADMIN_KEY      key that allows writes over /search-api (the indexer's push); unset: none
 */
import { AlgoliaCompatibleHandler } from "./algolia-handler";
import { SearchEngine } from "./engine";
import { INDEX_NAMES } from "./index-name";
import { type IndexCounts, indexContent } from "./indexer";
import type { IndexSource } from "./records";
import { loadSynonyms, synonymsFilePath } from "./synonyms";

export interface EmbeddedSearch {
  engine: SearchEngine;
  handler: AlgoliaCompatibleHandler;
  /** Mount under SEARCH_API_PREFIX: (method, path, body, headers) => { status, body }. */
  handleAlgoliaRequest: AlgoliaCompatibleHandler["handleAlgoliaRequest"];
  /** The largest body a request to the handler may send (see AlgoliaCompatibleHandler.bodyLimit). */
  bodyLimit: AlgoliaCompatibleHandler["bodyLimit"];
  /** Rebuilds both indexes from the content; searches keep using the old index until it is ready. */
  reindex(source: IndexSource): Promise<IndexCounts>;
}

export function createEmbeddedSearch(
  options: {
    env?: Record<string, string | undefined>;
    root?: string;
    /** Between slices of an index build (indexContent). */
    pause?: () => Promise<void>;
  } = {},
): EmbeddedSearch {
  const env = options.env ?? process.env;
  const engine = new SearchEngine({ synonyms: loadSynonyms(synonymsFilePath(env, options.root)) });
  const handler = new AlgoliaCompatibleHandler(engine, { adminApiKey: env.SEARCH_ADMIN_KEY?.trim() || null });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    engine,
    handler,
    handleAlgoliaRequest: handler.handleAlgoliaRequest,
    bodyLimit: handler.bodyLimit,
    reindex(source) {
      // one rebuild at a time, in order, so a slow rebuild never overwrites a newer one
      const run = queue.then(() => indexContent(engine, source, [...INDEX_NAMES], options.pause));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/**
 * The indexer: builds the records of the content and puts them in the embedded engine (at start-up
 * and whenever content changes), or pushes them with algoliasearch to Algolia, or to any backend
 * speaking its API (the embedded one included), with the settings and synonyms that go with them.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { SearchEngine } from "./engine";
import { INDEX_NAMES } from "./index-name";
import { type IndexSource, recordsOf, type SearchRecord } from "./records";
import type { SynonymGroups } from "./synonyms";

export interface IndexCounts {
  records: number;
  byType: Record<string, number>;
  byLocale: Record<string, number>;
}

export function countRecords(records: SearchRecord[]): IndexCounts {
  const byType: Record<string, number> = {};
  const byLocale: Record<string, number> = {};
  for (const record of records) {
    byType[record.__typename] = (byType[record.__typename] ?? 0) + 1;
    byLocale[record.locale] = (byLocale[record.locale] ?? 0) + 1;
  }
  return { records: records.length, byType, byLocale };
}

/**
 * Rebuilds the embedded index from the content and swaps it in whole, so searches never see a
 * half-built index. In one process both index names serve the same content.
 */
export async function indexContent(
  engine: SearchEngine,
  source: IndexSource,
  indexNames: string | string[] = [...INDEX_NAMES],
  pause: () => Promise<void> = nextTurn,
): Promise<IndexCounts> {
  // Built in slices of ~20 ms, letting requests in between (`pause`; the server's waits while it
  // answers one: src/server/request-priority.ts): the first index is built while the server
  // already answers (src/server/app.ts), and parsing every text takes about a second.
  const records: SearchRecord[] = [];
  let slice = performance.now();
  for (const record of recordsOf(source)) {
    records.push(record);
    if (performance.now() - slice < 20) continue;
    await pause();
    slice = performance.now();
  }
  await engine.replaceAll(indexNames, records);
  return countRecords(records);
}

/** Index settings for Algolia: the same searchable attributes, facets and typo rules as the embedded engine. */
export const ALGOLIA_INDEX_SETTINGS = {
  searchableAttributes: ["title", "subtitle", "tags,agencies,topics", "unordered(description)"],
  attributesForFaceting: [
    "filterOnly(locale)",
    "__typename",
    "kind",
    "activity_type",
    "tag_ids",
    "agency_ids",
    "topic_ids",
  ],
  attributesToHighlight: [],
  attributesToSnippet: [],
  indexLanguages: ["en", "es"],
  queryLanguages: ["en", "es"],
  ignorePlurals: ["en", "es"],
  removeStopWords: ["en", "es"],
  typoTolerance: true,
  minWordSizefor1Typo: 4,
  minWordSizefor2Typos: 8,
} as const;

/** What pushRecords needs of algoliasearch's client (kept narrow so tests can see what is called). */
export interface AlgoliaWriter {
  setSettings(args: {
    indexName: string;
    indexSettings: Record<string, unknown>;
  }): Promise<{ taskID: number }>;
  saveSynonyms(args: {
    indexName: string;
    synonymHit: Array<{ objectID: string; type: "synonym"; synonyms: string[] }>;
    replaceExistingSynonyms?: boolean;
    forwardToReplicas?: boolean;
  }): Promise<{ taskID: number }>;
  waitForTask(args: { indexName: string; taskID: number }): Promise<unknown>;
  replaceAllObjects(args: {
    indexName: string;
    objects: Array<Record<string, unknown>>;
    batchSize?: number;
  }): Promise<unknown>;
}

/**
 * Pushes records to an Algolia-compatible backend: settings and synonyms first, then every record
 * atomically (a temporary index moved over the live one, so the site never searches a half index).
 */
export async function pushRecords(
  client: AlgoliaWriter,
  indexName: string,
  records: SearchRecord[],
  synonyms: SynonymGroups,
): Promise<IndexCounts> {
  const settings = await client.setSettings({ indexName, indexSettings: { ...ALGOLIA_INDEX_SETTINGS } });
  await client.waitForTask({ indexName, taskID: settings.taskID });
  const synonymTask = await client.saveSynonyms({
    indexName,
    synonymHit: synonyms.map((group, index) => ({
      objectID: `synonyms-${index + 1}`,
      type: "synonym",
      synonyms: group,
    })),
    replaceExistingSynonyms: true,
  });
  await client.waitForTask({ indexName, taskID: synonymTask.taskID });
  await client.replaceAllObjects({
    indexName,
    objects: records as unknown as Array<Record<string, unknown>>,
    batchSize: 500,
  });
  return countRecords(records);
}

/**
 * The embedded search engine: named indexes (as in Algolia: content_production, content_test), each
 * split into one Orama database per language. It speaks in Algolia's terms (records with an
 * objectID, a query, filters, pages) so the HTTP layer only has to translate JSON.
 */
import { combineFilters, type FilterNode, filterForLocale } from "./filters";
import { DEFAULT_RANKING, isFacetAttribute, LocaleIndex, type RankingConfig } from "./locale-index";
import { foldedWords, MAX_QUERY_WORDS, sanitizeText } from "./normalize";
import { FACET_ATTRIBUTES, type SearchRecord } from "./records";
import type { SynonymGroups } from "./synonyms";

export interface EngineOptions {
  synonyms?: SynonymGroups;
  ranking?: RankingConfig;
}

export interface EngineQuery {
  query?: string;
  filter?: FilterNode | null;
  page?: number;
  hitsPerPage?: number;
  facets?: string[];
  /** Attributes to return; undefined or ['*'] means all. objectID is always returned. */
  attributesToRetrieve?: string[];
}

export type EngineHit = Partial<SearchRecord> & { objectID: string };

export interface EngineResult {
  hits: EngineHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: boolean;
  facets?: Record<string, Record<string, number>>;
  processingTimeMS: number;
}

export class IndexNotFoundError extends Error {
  override name = "IndexNotFoundError";
  constructor(readonly indexName: string) {
    super("Index does not exist");
  }
}

export const DEFAULT_HITS_PER_PAGE = 20;
export const MAX_HITS_PER_PAGE = 1000;
/** As Algolia's paginationLimitedTo: hits past this position are not reachable by paging. */
export const PAGINATION_LIMIT = 1000;

/** The records of one named index, split by language. */
export class EngineIndex {
  readonly records = new Map<string, SearchRecord>();
  readonly locales = new Map<string, LocaleIndex>();
  settings: Record<string, unknown> = {};
  updatedAt = new Date().toISOString();

  constructor(
    private readonly synonyms: SynonymGroups,
    private readonly ranking: RankingConfig,
  ) {}

  private localeIndex(locale: string): LocaleIndex {
    let index = this.locales.get(locale);
    if (!index) {
      index = new LocaleIndex(locale, this.synonyms, this.ranking);
      this.locales.set(locale, index);
    }
    return index;
  }

  /** Adds or replaces records (by objectID). */
  async save(records: SearchRecord[]): Promise<void> {
    await this.remove(records.map((record) => record.objectID).filter((id) => this.records.has(id)));
    const byLocale = new Map<string, SearchRecord[]>();
    for (const record of records) {
      this.records.set(record.objectID, record);
      const list = byLocale.get(record.locale) ?? [];
      list.push(record);
      byLocale.set(record.locale, list);
    }
    for (const [locale, list] of byLocale) await this.localeIndex(locale).insert(list);
    this.updatedAt = new Date().toISOString();
  }

  async remove(objectIDs: string[]): Promise<void> {
    const byLocale = new Map<string, string[]>();
    for (const id of objectIDs) {
      const record = this.records.get(id);
      if (!record) continue;
      this.records.delete(id);
      const list = byLocale.get(record.locale) ?? [];
      list.push(id);
      byLocale.set(record.locale, list);
    }
    for (const [locale, ids] of byLocale) await this.locales.get(locale)?.remove(ids);
    this.updatedAt = new Date().toISOString();
  }

  clear(): void {
    this.records.clear();
    this.locales.clear();
    this.updatedAt = new Date().toISOString();
  }
}

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

function pick(record: SearchRecord, attributes: string[] | undefined): EngineHit {
  if (!attributes || attributes.includes("*")) return { ...record };
  const hit: Record<string, unknown> = { objectID: record.objectID };
  for (const attribute of attributes) {
    if (Object.hasOwn(record, attribute)) hit[attribute] = record[attribute as keyof SearchRecord];
  }
  return hit as EngineHit;
}

export class SearchEngine {
  private readonly indexes = new Map<string, EngineIndex>();
  private readonly synonyms: SynonymGroups;
  private readonly ranking: RankingConfig;

  constructor(options: EngineOptions = {}) {
    this.synonyms = options.synonyms ?? [];
    this.ranking = options.ranking ?? DEFAULT_RANKING;
  }

  /** The index of that name, created empty when asked to (writes create indexes, as in Algolia). */
  index(name: string, createIfMissing = false): EngineIndex {
    let index = this.indexes.get(name);
    if (!index) {
      if (!createIfMissing) throw new IndexNotFoundError(name);
      index = new EngineIndex(this.synonyms, this.ranking);
      this.indexes.set(name, index);
    }
    return index;
  }

  has(name: string): boolean {
    return this.indexes.has(name);
  }

  indexNames(): string[] {
    return [...this.indexes.keys()];
  }

  /** Builds a fresh index from the records and swaps it in whole, under every given name. */
  async replaceAll(names: string | string[], records: SearchRecord[]): Promise<EngineIndex> {
    const index = new EngineIndex(this.synonyms, this.ranking);
    await index.save(records);
    for (const name of [names].flat()) this.indexes.set(name, index);
    return index;
  }

  /**
   * Algolia's operationIndex. Move renames. Copy with a scope copies only those parts (here:
   * settings) into the destination and keeps its records; copy without a scope replaces it whole.
   */
  async operation(
    source: string,
    destination: string,
    operation: "copy" | "move",
    scope?: string[],
  ): Promise<void> {
    const from = this.index(source, operation === "copy");
    if (operation === "move") {
      this.indexes.set(destination, from);
      this.indexes.delete(source);
      return;
    }
    if (scope && scope.length > 0) {
      const target = this.index(destination, true);
      if (scope.includes("settings")) target.settings = { ...from.settings };
      return;
    }
    const copy = new EngineIndex(this.synonyms, this.ranking);
    copy.settings = { ...from.settings };
    await copy.save([...from.records.values()]);
    this.indexes.set(destination, copy);
  }

  delete(name: string): void {
    this.indexes.delete(name);
  }

  async search(indexName: string, params: EngineQuery): Promise<EngineResult> {
    const started = performance.now();
    const index = this.index(indexName);
    const hitsPerPage = clampInt(params.hitsPerPage, 0, MAX_HITS_PER_PAGE, DEFAULT_HITS_PER_PAGE);
    const page = clampInt(params.page, 0, PAGINATION_LIMIT, 0);
    const filter = combineFilters(params.filter ?? null);
    const facets = (params.facets ?? []).flatMap((facet) =>
      facet === "*" ? [...FACET_ATTRIBUTES] : isFacetAttribute(facet) ? [facet] : [],
    );
    const words = foldedWords(sanitizeText(params.query ?? "")).slice(0, MAX_QUERY_WORDS);
    const offset = page * hitsPerPage;
    const limit = Math.min(offset + hitsPerPage, PAGINATION_LIMIT);

    // each language's index holds one locale, so locale clauses are settled before Orama sees them
    const plans = [...index.locales.values()].flatMap((locale) => {
      const where = filterForLocale(filter, locale.locale);
      return where === false ? [] : [{ locale, where: where === true ? null : where }];
    });
    const results = await Promise.all(
      plans.map(({ locale, where }) => locale.search({ words, where, limit: Math.max(limit, 1), facets })),
    );

    const merged = results.flatMap((result) => result.hits).sort((a, b) => b.score - a.score);
    const nbHits = results.reduce((sum, result) => sum + result.count, 0);
    const mergedFacets: Record<string, Record<string, number>> = {};
    for (const result of results) {
      for (const [facet, values] of Object.entries(result.facets)) {
        const target = mergedFacets[facet] ?? {};
        for (const [value, count] of Object.entries(values)) target[value] = (target[value] ?? 0) + count;
        mergedFacets[facet] = target;
      }
    }
    const hits = merged.slice(offset, offset + hitsPerPage).flatMap((hit) => {
      const record = index.records.get(hit.id);
      return record ? [pick(record, params.attributesToRetrieve)] : [];
    });
    const reachable = Math.min(nbHits, PAGINATION_LIMIT);
    return {
      hits,
      nbHits,
      page,
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage),
      hitsPerPage,
      exhaustiveNbHits: true,
      ...(facets.length > 0 ? { facets: mergedFacets } : {}),
      processingTimeMS: Math.round(performance.now() - started),
    };
  }
}

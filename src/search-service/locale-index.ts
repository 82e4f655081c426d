/**
 * One Orama database for one language: its stemmer, its stop words, its synonyms, and the
 * vocabulary that tells a typo from a word the index knows.
 */
import { type AnyOrama, create, insertMultiple, removeMultiple, search } from "@orama/orama";
import { stemmer as englishStemmer } from "@orama/stemmers/english";
import { stemmer as spanishStemmer } from "@orama/stemmers/spanish";
import type { FilterNode } from "./filters";
import { FilterSyntaxError } from "./filters";
import { foldedWords, foldText, MAX_QUERY_WORDS } from "./normalize";
import type { SearchRecord } from "./records";
import { stopWordsFor } from "./stopwords";
import { type SynonymGroups, SynonymExpander } from "./synonyms";

const SCHEMA = {
  title: "string",
  subtitle: "string",
  keywords: "string",
  description: "string",
  locale: "enum",
  __typename: "enum",
  kind: "enum",
  activity_type: "enum",
  tag_ids: "enum[]",
  agency_ids: "enum[]",
  topic_ids: "enum[]",
} as const;

type SearchableProperty = "title" | "subtitle" | "keywords" | "description";
const SEARCHABLE: SearchableProperty[] = ["title", "subtitle", "keywords", "description"];
const SINGLE_FACETS = new Set(["locale", "__typename", "kind", "activity_type"]);
const LIST_FACETS = new Set(["tag_ids", "agency_ids", "topic_ids"]);

/** Ranking configuration: the only knobs on Orama's BM25 (see docs/adr/0002-search-engine.md). */
export interface RankingConfig {
  boost: Record<SearchableProperty, number>;
  /** Typos allowed in a word the index does not know, by the word's length (Algolia's defaults: 4 and 8). */
  minWordSizeForOneTypo: number;
  minWordSizeForTwoTypos: number;
}

export const DEFAULT_RANKING: RankingConfig = {
  boost: { title: 3, subtitle: 1.5, keywords: 1.5, description: 1 },
  minWordSizeForOneTypo: 4,
  minWordSizeForTwoTypos: 8,
};

const STEMMERS: Record<string, { language: "english" | "spanish"; stem: (word: string) => string }> = {
  en: { language: "english", stem: englishStemmer },
  es: { language: "spanish", stem: spanishStemmer },
};

export interface LocaleQuery {
  words: string[];
  where: FilterNode | null;
  /** How many of the best hits are needed (offset + page size). */
  limit: number;
  facets: string[];
}

export interface ScoredId {
  id: string;
  score: number;
}

export interface LocaleResult {
  hits: ScoredId[];
  count: number;
  facets: Record<string, Record<string, number>>;
  /** False when synonyms made the count a lower bound. */
  exhaustive: boolean;
}

interface OramaDoc {
  id: string;
  title: string;
  subtitle: string;
  keywords: string;
  description: string;
  locale: string;
  __typename: string;
  kind: string;
  activity_type?: string;
  tag_ids: string[];
  agency_ids: string[];
  topic_ids: string[];
}

function toDoc(record: SearchRecord): OramaDoc {
  const doc: OramaDoc = {
    id: record.objectID,
    title: foldText(record.title),
    subtitle: foldText(record.subtitle),
    keywords: foldText([...record.tags, ...record.agencies, ...record.topics].join(" ")),
    description: foldText(record.description),
    locale: record.locale,
    __typename: record.__typename,
    kind: record.kind,
    tag_ids: record.tag_ids,
    agency_ids: record.agency_ids,
    topic_ids: record.topic_ids,
  };
  if (record.activity_type) doc.activity_type = record.activity_type;
  return doc;
}

/** Turns a filter tree into Orama's `where`; unknown attributes are refused, as Algolia does. */
export function toWhere(node: FilterNode): Record<string, unknown> {
  switch (node.op) {
    case "and":
      return { and: node.nodes.map(toWhere) };
    case "or":
      return { or: node.nodes.map(toWhere) };
    case "not":
      return { not: toWhere(node.node) };
    case "eq":
      if (SINGLE_FACETS.has(node.attribute)) return { [node.attribute]: { eq: node.value } };
      if (LIST_FACETS.has(node.attribute)) return { [node.attribute]: { containsAny: [node.value] } };
      throw new FilterSyntaxError(`filters: attribute ${node.attribute} is not in attributesForFaceting`);
  }
}

export function isFacetAttribute(name: string): boolean {
  return SINGLE_FACETS.has(name) || LIST_FACETS.has(name);
}

export class LocaleIndex {
  private readonly db: AnyOrama;
  private readonly stem: (word: string) => string;
  private readonly stopWords: Set<string>;
  private readonly synonyms: SynonymExpander;
  /** Folded word -> number of documents with it, to tell typos from known words and prefixes. */
  private readonly vocabulary = new Map<string, number>();
  private readonly stems = new Set<string>();
  private sortedWords: string[] | null = null;
  private readonly docWords = new Map<string, string[]>();

  constructor(
    readonly locale: string,
    synonyms: SynonymGroups,
    private readonly ranking: RankingConfig = DEFAULT_RANKING,
  ) {
    const stemmer = STEMMERS[locale];
    this.stem = stemmer ? stemmer.stem : (word) => word;
    this.stopWords = new Set(stopWordsFor(locale));
    this.db = create({
      schema: SCHEMA,
      components: {
        tokenizer: {
          language: stemmer?.language ?? "english",
          stemming: !!stemmer,
          ...(stemmer ? { stemmer: stemmer.stem } : {}),
          stopWords: [...this.stopWords],
        },
      },
    });
    this.synonyms = new SynonymExpander(synonyms, (word) => this.stem(word));
  }

  get size(): number {
    return this.docWords.size;
  }

  async insert(records: SearchRecord[]): Promise<void> {
    if (records.length === 0) return;
    const docs = records.map(toDoc);
    await insertMultiple(this.db, docs as never, 500);
    for (const doc of docs) {
      const words = [
        ...new Set(foldedWords(`${doc.title} ${doc.subtitle} ${doc.keywords} ${doc.description}`)),
      ];
      this.docWords.set(doc.id, words);
      for (const word of words) {
        this.vocabulary.set(word, (this.vocabulary.get(word) ?? 0) + 1);
        this.stems.add(this.stem(word));
      }
    }
    this.sortedWords = null;
  }

  async remove(ids: string[]): Promise<void> {
    const present = ids.filter((id) => this.docWords.has(id));
    if (present.length === 0) return;
    await removeMultiple(this.db, present, 500);
    for (const id of present) {
      for (const word of this.docWords.get(id) ?? []) {
        const count = (this.vocabulary.get(word) ?? 1) - 1;
        if (count <= 0) this.vocabulary.delete(word);
        else this.vocabulary.set(word, count);
      }
      this.docWords.delete(id);
    }
    // stems are only a hint; rebuilding them keeps removed words from counting as known
    this.stems.clear();
    for (const word of this.vocabulary.keys()) this.stems.add(this.stem(word));
    this.sortedWords = null;
  }

  /** A word is known when the index has it, a word starting with it, or a word with the same stem. */
  private isKnown(word: string): boolean {
    if (this.vocabulary.has(word) || this.stems.has(this.stem(word))) return true;
    if (!this.sortedWords) this.sortedWords = [...this.vocabulary.keys()].sort();
    const words = this.sortedWords;
    let low = 0;
    let high = words.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((words[mid] as string) < word) low = mid + 1;
      else high = mid;
    }
    return low < words.length && (words[low] as string).startsWith(word);
  }

  /** Typos allowed for a query: none when every word is known, else by the longest unknown word. */
  private toleranceFor(words: string[]): number {
    let tolerance = 0;
    for (const word of words) {
      if (/^\d+$/.test(word) || this.isKnown(word)) continue;
      if (word.length >= this.ranking.minWordSizeForTwoTypos) return 2;
      if (word.length >= this.ranking.minWordSizeForOneTypo) tolerance = 1;
    }
    return tolerance;
  }

  private withoutStopWords(words: string[]): string[] {
    const kept = words.filter((word) => !this.stopWords.has(word));
    return kept.length > 0 ? kept : words;
  }

  async search(query: LocaleQuery): Promise<LocaleResult> {
    const where = query.where ? toWhere(query.where) : undefined;
    const words = query.words.slice(0, MAX_QUERY_WORDS);
    const variants = words.length > 0 ? this.synonyms.variants(words) : [[]];
    const scores = new Map<string, number>();
    let count = 0;
    let facets: Record<string, Record<string, number>> = {};
    for (const [index, variant] of variants.entries()) {
      const terms = this.withoutStopWords(variant);
      const result = await search(this.db, {
        term: terms.join(" "),
        properties: SEARCHABLE,
        boost: this.ranking.boost,
        tolerance: this.toleranceFor(terms),
        ...(where ? { where } : {}),
        limit: query.limit,
        ...(index === 0 && query.facets.length > 0
          ? { facets: Object.fromEntries(query.facets.map((facet) => [facet, { limit: 1000 }])) }
          : {}),
      } as never);
      const { hits, count: variantCount, facets: variantFacets } = result as unknown as {
        hits: Array<{ id: string; score: number }>;
        count: number;
        facets?: Record<string, { values: Record<string, number> }>;
      };
      count = Math.max(count, variantCount);
      if (variantFacets) {
        facets = Object.fromEntries(Object.entries(variantFacets).map(([name, facet]) => [name, facet.values]));
      }
      for (const hit of hits) {
        // a synonym match counts as much as the word typed (Algolia's alternativesAsExact)
        const previous = scores.get(hit.id);
        if (previous === undefined || hit.score > previous) scores.set(hit.id, hit.score);
      }
    }
    const hits = [...scores.entries()]
      .map(([id, score]) => ({ id, score }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
    return { hits, count: Math.max(count, hits.length), facets, exhaustive: variants.length === 1 };
  }
}

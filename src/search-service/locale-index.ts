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
import { ALL_STOP_WORDS, stopWordsFor } from "./stopwords";
import { SynonymExpander, type SynonymGroups } from "./synonyms";
import { typoDistance, typosAllowed } from "./typos";

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
const MAX_CACHED_CORRECTIONS = 10_000;
const SINGLE_FACETS = new Set(["locale", "__typename", "kind", "activity_type"]);
const LIST_FACETS = new Set(["tag_ids", "agency_ids", "topic_ids"]);

/** Ranking configuration: the only knobs on Orama's BM25 (see docs/adr/0002-search-engine.md). */
export interface RankingConfig {
  boost: Record<SearchableProperty, number>;
  /** Typos corrected in a word the index does not know, by the word's length (Algolia's defaults: 4 and 8). */
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
  private byLength: Map<number, string[]> | null = null;
  /** Corrections already worked out; emptied whenever the vocabulary changes. */
  private readonly corrections = new Map<string, string | null>();
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
    this.synonyms = new SynonymExpander(synonyms, (word) => this.stem(word), ALL_STOP_WORDS);
  }

  get size(): number {
    return this.docWords.size;
  }

  async insert(records: SearchRecord[]): Promise<void> {
    if (records.length === 0) return;
    const docs = records.map(toDoc);
    // Orama pauses between batches: small ones let requests in while an index is built.
    await insertMultiple(this.db, docs as never, 100);
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
    this.byLength = null;
    this.corrections.clear();
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
    this.byLength = null;
    this.corrections.clear();
  }

  /** The index has this word, or one with the same stem. */
  private hasWord(word: string): boolean {
    return this.vocabulary.has(word) || this.stems.has(this.stem(word));
  }

  /** A word is known when the index has it, a word with the same stem, or a word starting with it. */
  private isKnown(word: string): boolean {
    if (this.hasWord(word)) return true;
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

  private wordsOfLength(length: number): string[] {
    if (!this.byLength) {
      this.byLength = new Map();
      for (const word of this.vocabulary.keys()) {
        const list = this.byLength.get(word.length) ?? [];
        list.push(word);
        this.byLength.set(word.length, list);
      }
    }
    return this.byLength.get(length) ?? [];
  }

  /**
   * The index's closest word to one it does not know: fewest typos (one allowed from 4 letters, two
   * from 8), then the most common. Null when nothing is close enough.
   */
  private correction(word: string): string | null {
    const cached = this.corrections.get(word);
    if (cached !== undefined) return cached;
    const found = this.closestWord(word);
    // bounded, so a stream of random terms cannot grow it without end
    if (this.corrections.size >= MAX_CACHED_CORRECTIONS) this.corrections.clear();
    this.corrections.set(word, found);
    return found;
  }

  private closestWord(word: string): string | null {
    const allowed = typosAllowed(
      word.length,
      this.ranking.minWordSizeForOneTypo,
      this.ranking.minWordSizeForTwoTypos,
    );
    if (allowed === 0) return null;
    let best: string | null = null;
    let bestDistance = allowed + 1;
    let bestCount = 0;
    for (let length = word.length - allowed; length <= word.length + allowed; length++) {
      for (const candidate of this.wordsOfLength(length)) {
        const distance = typoDistance(word, candidate, Math.min(allowed, bestDistance));
        if (distance < 0) continue;
        const count = this.vocabulary.get(candidate) ?? 0;
        if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
          best = candidate;
          bestDistance = distance;
          bestCount = count;
        }
      }
    }
    return best;
  }

  /** Words the index does not know are replaced by their closest known word (typo tolerance). */
  private corrected(words: string[]): string[] {
    return words.map((word) =>
      /^\d+$/.test(word) || this.isKnown(word) ? word : (this.correction(word) ?? word),
    );
  }

  /**
   * The words worth searching: no stop words of any language, and no single letters, which as
   * prefixes would match nearly everything. A query made only of those is searched as typed.
   */
  private searchWords(words: string[]): string[] {
    const kept = words.filter((word) => !ALL_STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word)));
    return kept.length > 0 ? kept : words;
  }

  async search(query: LocaleQuery): Promise<LocaleResult> {
    const where = query.where ? toWhere(query.where) : undefined;
    const words = this.corrected(this.searchWords(query.words.slice(0, MAX_QUERY_WORDS)));
    // One search for the query and its synonyms together, a synonym counting as the word typed.
    // A synonym only helps when this language's index has it as a word (not merely as a prefix).
    const synonyms = this.synonyms
      .variants(words)
      .filter((variant) => variant.substituted.every((word) => this.hasWord(word)))
      .flatMap((variant) => variant.substituted);
    const terms = [...new Set([...words, ...synonyms])];
    const result = (await search(this.db, {
      term: terms.join(" "),
      properties: SEARCHABLE,
      boost: this.ranking.boost,
      ...(where ? { where } : {}),
      limit: query.limit,
      ...(query.facets.length > 0
        ? { facets: Object.fromEntries(query.facets.map((facet) => [facet, { limit: 1000 }])) }
        : {}),
    } as never)) as unknown as {
      hits: Array<{ id: string; score: number }>;
      count: number;
      facets?: Record<string, { values: Record<string, number> }>;
    };
    const facets = Object.fromEntries(
      Object.entries(result.facets ?? {}).map(([name, facet]) => [name, facet.values]),
    );
    const hits = result.hits.map((hit) => ({ id: hit.id, score: hit.score }));
    return { hits, count: result.count, facets };
  }
}

/**
 * Synonyms live in one editable file (config/synonyms.json): groups of words or phrases, in English
 * and Spanish together, that mean the same thing to a resident. They are applied at query time: a
 * query mentioning one member is also run with each other member in its place, so editing the file
 * needs no re-indexing, and the same groups are pushed to Algolia as two-way synonyms.
 */
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { foldedWords } from "./normalize";

export type SynonymGroups = string[][];

/** Where the file is looked for, unless SEARCH_SYNONYMS_FILE names another. */
export const DEFAULT_SYNONYMS_FILE = "config/synonyms.json";

export class SynonymsFileError extends Error {
  override name = "SynonymsFileError";
}

/** Validates the file's content: `{ "synonyms": [["trash", "garbage", ...], ...] }`. */
export function parseSynonyms(json: unknown): SynonymGroups {
  const list = (json as { synonyms?: unknown } | null)?.synonyms;
  if (!Array.isArray(list))
    throw new SynonymsFileError('synonyms file: expected { "synonyms": [[...], ...] }');
  return list.map((group, index) => {
    if (!Array.isArray(group) || group.some((word) => typeof word !== "string" || word.trim() === "")) {
      throw new SynonymsFileError(`synonyms file: group ${index + 1} must be a list of non-empty strings`);
    }
    if (group.length < 2)
      throw new SynonymsFileError(`synonyms file: group ${index + 1} needs at least two entries`);
    return group.map((word: string) => word.trim());
  });
}

export function synonymsFilePath(
  env: Record<string, string | undefined> = process.env,
  root = process.cwd(),
): string {
  return resolve(root, env.SEARCH_SYNONYMS_FILE || DEFAULT_SYNONYMS_FILE);
}

/** Reads the synonyms file. A missing file means no synonyms; a malformed one is an error worth stopping for. */
export function loadSynonyms(path = synonymsFilePath()): SynonymGroups {
  if (!existsSync(path)) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new SynonymsFileError(`synonyms file ${path}: ${(error as Error).message}`);
  }
  return parseSynonyms(json);
}

export interface QueryVariant {
  words: string[];
  /** The words a synonym put in (empty for the query as typed). */
  substituted: string[];
}

interface Phrase {
  group: number;
  words: string[];
  keys: string[];
}

/** Expands queries with synonyms for one language; `wordKey` folds a word to what the index compares (its stem). */
export class SynonymExpander {
  private readonly phrases: Phrase[];
  private readonly byFirstKey = new Map<string, Phrase[]>();

  /**
   * @param wordKey folds a word to what the index compares (its stem)
   * @param ignored words left out of phrases, as they are left out of queries (stop words)
   */
  constructor(
    groups: SynonymGroups,
    private readonly wordKey: (word: string) => string,
    ignored: ReadonlySet<string> = new Set(),
  ) {
    this.phrases = groups.flatMap((group, index) =>
      group
        .map((entry) => foldedWords(entry).filter((word) => !ignored.has(word)))
        .filter((words) => words.length > 0)
        .map((words) => ({ group: index, words, keys: words.map(wordKey) })),
    );
    for (const phrase of this.phrases) {
      const first = phrase.keys[0] as string;
      const list = this.byFirstKey.get(first) ?? [];
      list.push(phrase);
      // longest phrases first, so "solid waste" wins over "waste"
      list.sort((a, b) => b.keys.length - a.keys.length);
      this.byFirstKey.set(first, list);
    }
  }

  get size(): number {
    return this.phrases.length;
  }

  /**
   * The query itself, then the query with one matched phrase replaced by each other member of its
   * group, at most `max` variants in all.
   */
  variants(words: string[], max = 12): QueryVariant[] {
    const result: QueryVariant[] = [{ words, substituted: [] }];
    if (this.phrases.length === 0 || words.length === 0) return result;
    const keys = words.map(this.wordKey);
    const seen = new Set([keys.join(" ")]);
    let i = 0;
    while (i < words.length && result.length < max) {
      const candidates = this.byFirstKey.get(keys[i] as string) ?? [];
      const match = candidates.find((phrase) => phrase.keys.every((key, k) => keys[i + k] === key));
      if (!match) {
        i++;
        continue;
      }
      const end = i + match.keys.length;
      for (const other of this.phrases) {
        if (other.group !== match.group || other === match) continue;
        const variant = [...words.slice(0, i), ...other.words, ...words.slice(end)];
        const signature = variant.map(this.wordKey).join(" ");
        if (seen.has(signature)) continue;
        seen.add(signature);
        result.push({ words: variant, substituted: other.words });
        if (result.length >= max) break;
      }
      i = end;
    }
    return result;
  }
}

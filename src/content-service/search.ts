import { markdownToText } from "../domain/markdown-text";
import type { ActivityDoc, AgencyDoc, TopicDoc } from "./documents";

/**
 * The content service's own `search` query (SPEC §7.2): a plain full-text match over titles and
 * descriptions in the requested languages, accent- and case-insensitive, every word required.
 * Site search proper (typos, stemming, synonyms, ranking) is the search backend's job.
 */
type Doc = (ActivityDoc | AgencyDoc | TopicDoc) & {
  short_description?: string | null;
  subtitle?: string | null;
};

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

function textOf(doc: Doc, locale: string): { title: string; short: string | null; haystack: string } {
  const loc = (doc.localizations.find((l) => l.locale === locale) ?? {}) as Partial<Doc>;
  const title = loc.title ?? doc.title;
  const short = loc.short_description ?? loc.subtitle ?? doc.short_description ?? doc.subtitle ?? null;
  const description = markdownToText(loc.description?.markdown ?? doc.description?.markdown);
  return { title, short, haystack: fold([title, short ?? "", description].join(" ")) };
}

function match(docs: Doc[], words: string[], locales: string[]) {
  return docs.flatMap((doc) => {
    for (const locale of locales) {
      const { title, short, haystack } = textOf(doc, locale);
      if (words.every((w) => haystack.includes(w))) {
        return [{ id: doc.id, slug: doc.slug, title, short_description: short }];
      }
    }
    return [];
  });
}

export function searchContent(
  content: { activities: ActivityDoc[]; agencies: AgencyDoc[]; topics: TopicDoc[] },
  search: string,
  locales: string[],
) {
  const words = fold(search.slice(0, 200)).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { activities: [], agencies: [], topics: [] };
  return {
    activities: match(content.activities, words, locales),
    agencies: match(content.agencies, words, locales),
    topics: match(content.topics, words, locales),
  };
}

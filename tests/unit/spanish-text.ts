/**
 * Finds English left in Spanish text: words that are common in English and never Spanish
 * ("the", "and", "Monday", "Office"), outside web and e-mail addresses and outside the proper
 * names listed in config/spanish-proper-names.txt (street names, names printed on signs). Words
 * both languages share ("a", "no", "mayor", "use", "final") are deliberately not on the list.
 */
import { readFileSync } from "node:fs";

export const ENGLISH_WORDS = new Set(
  `the and of to for with from your you our we they is are was were be been by on at in into or if
  this that these those it its will would can could should must not all any more about after before
  please here there when where which what who how only also than then open closed until every
  each other get got have do does don't it's we're you're online apply pay start request form forms
  click call visit send mail email office offices department building center room floor street
  avenue road drive court hours day days week weeks month year business help desk walk-ins
  monday tuesday wednesday thursday friday saturday sunday weekday weekdays weekend
  january february march april june july august september october november december
  may noon midnight public health records services bureau division unit accounts violations
  parking works permits police fire county city council clerk treasurer assessor recorder sheriff
  inmate vital care building`
    .split(/\s+/)
    .filter(Boolean),
);

/** The allow-list: one proper name per line; `#` starts a comment. */
export function readAllowList(file = "config/spanish-proper-names.txt"): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);
}

/** The text without what is not prose: link targets, web and e-mail addresses, code. */
function prose(text: string, allowed: readonly string[]): string {
  let out = text
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/`[^`]*`/g, " ")
    .replace(/\s+/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[\w.+-]+@[\w.-]+\.[a-z]{2,}/gi, " ")
    .replace(/\b[\w-]+(\.[\w-]+)*\.(gov|org|com|net)(\/\S*)?/gi, " ");
  for (const name of allowed) out = out.split(name).join(" ");
  return out;
}

/** The English words in `text`, in order (acronyms such as IN, ID or BMV are not words). */
export function englishWords(text: string, allowed: readonly string[] = []): string[] {
  const words = prose(text, allowed).match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  return words.filter((word) => {
    if (word.length <= 3 && word === word.toUpperCase()) return false;
    return ENGLISH_WORDS.has(word.toLowerCase().replace(/’/g, "'"));
  });
}

/** Keys whose values are not prose a resident reads in their language (ids, links, postal lines). */
const NOT_PROSE = new Set([
  "id",
  "slug",
  "locale",
  "url",
  "link",
  "href",
  "logo",
  "email",
  "phone",
  "phones",
  "fax",
  "facebook_url",
  "twitter_url",
  "instagram_url",
  "workflow_url",
  "external_content_url",
  "schedule_url",
  "background_color",
  "colors",
  "starts_at",
  "ends_at",
  "activity_type",
  "status",
  "stage",
  "type",
  "category_id",
  "agencies",
  "tags",
  "topics",
  "related_activities",
  "banners",
  "activities",
  "persons",
  "person",
  "association",
  "address1",
  "city",
  "state",
  "zip",
  "short_name",
  "raw",
  "localizations",
]);

/** Every prose string in `value` with its path, for a Spanish view of a content item. */
export function proseStrings(value: unknown, path = ""): { path: string; text: string }[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((entry, i) => proseStrings(entry, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, entry]) =>
    NOT_PROSE.has(key) ? [] : proseStrings(entry, path ? `${path}.${key}` : key),
  );
}

/**
 * The Spanish view of a file written with `en:`/`es:` pairs (content/site.yaml): `{ en, es }` of
 * strings becomes the Spanish string; `en:`/`es:` blocks beside other fields become the Spanish
 * block merged over the others.
 */
export function spanishOfPairs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(spanishOfPairs);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if ("es" in record && typeof record.es === "string") return record.es;
  const { en: _en, es, ...rest } = record;
  const merged: Record<string, unknown> = { ...rest, ...(es && typeof es === "object" ? es : {}) };
  return Object.fromEntries(Object.entries(merged).map(([k, v]) => [k, spanishOfPairs(v)]));
}

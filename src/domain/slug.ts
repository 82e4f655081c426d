/**
 * Text to slug (SPEC §2): lower-case, whitespace runs become hyphens, quotes removed, leading and
 * trailing hyphens trimmed.
 *
 * Beyond the spec, accents are stripped (é → e, ñ → n, ü → u) so Spanish titles give the same
 * plain-ASCII slugs the content files use ("Año fiscal" → "ano-fiscal"). Other punctuation is kept,
 * as the spec names only quotes.
 */

const QUOTES = /['"\u2018\u2019\u201C\u201D]/g;
const COMBINING_MARKS = /\p{M}+/gu;

export function stripAccents(text: string): string {
  return text.normalize("NFD").replace(COMBINING_MARKS, "").normalize("NFC");
}

export function toSlug(text: string): string {
  return stripAccents(text.toLowerCase())
    .replace(QUOTES, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/^-+|-+$/g, "");
}

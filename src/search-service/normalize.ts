/**
 * Text normalisation shared by indexing and querying, so that both sides agree on what a word is.
 * Folding accents here (before Orama's stemmers see the text) makes 'deduccion' and 'deducción'
 * one token, whichever way a resident types it.
 */

/** Longest query the backend looks at; Algolia itself caps queries at 512 characters. */
export const MAX_QUERY_LENGTH = 512;
/** Words past this are dropped: nobody types them, and each one costs a tree walk. */
export const MAX_QUERY_WORDS = 16;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const CONTROL = /[\p{Cc}\ufffd]/gu;
const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_WORD = /[^a-z0-9]+/g;

/** Makes any input a well-formed string without control characters, cut to `max` characters. */
export function sanitizeText(input: unknown, max = MAX_QUERY_LENGTH): string {
  if (typeof input !== "string") return "";
  let text = input.length > max * 2 ? input.slice(0, max * 2) : input;
  text = text.replace(LONE_SURROGATE, " ").replace(CONTROL, " ");
  return text.slice(0, max);
}

/** Lower-case, accents folded (ñ becomes n, as Algolia does), punctuation becomes spaces. */
export function foldText(text: string): string {
  return text.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase().replace(NOT_WORD, " ").trim();
}

/** The words of a query or document, folded. */
export function foldedWords(text: string): string[] {
  const folded = foldText(text);
  return folded === "" ? [] : folded.split(" ");
}

/**
 * Words too common to help find anything, per language, already accent-folded. Removing them keeps
 * "how do I pay my taxes" from matching every page with "I" or "my" in it (Algolia's removeStopWords).
 */
export const STOP_WORDS: Record<string, readonly string[]> = {
  en: [
    "a", "an", "the", "and", "or", "of", "to", "in", "on", "for", "with", "at", "by", "from", "as", "is",
    "are", "was", "were", "be", "been", "do", "does", "did", "i", "me", "my", "we", "our", "you", "your",
    "it", "its", "this", "that", "these", "those", "how", "what", "where", "when", "which", "who", "can",
    "could", "should", "would", "will", "about", "into", "if", "so", "there", "their", "them", "they",
    "he", "she", "his", "her", "am", "im", "please", "want", "need",
  ],
  es: [
    "el", "la", "los", "las", "lo", "un", "una", "unos", "unas", "de", "del", "al", "a", "en", "y", "e",
    "o", "u", "por", "para", "con", "sin", "que", "se", "su", "sus", "mi", "mis", "tu", "tus", "es",
    "son", "como", "donde", "cuando", "cual", "quien", "le", "les", "me", "yo", "nos", "usted", "ustedes",
    "este", "esta", "estos", "estas", "ese", "esa", "hay", "si", "puedo", "quiero", "necesito", "favor",
  ],
};

export function stopWordsFor(locale: string): readonly string[] {
  return STOP_WORDS[locale] ?? [];
}

/** Stop words of every language: a query may mix languages, and synonyms do. */
export const ALL_STOP_WORDS: ReadonlySet<string> = new Set(Object.values(STOP_WORDS).flat());

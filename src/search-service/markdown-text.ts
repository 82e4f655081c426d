/**
 * Plain text of a Markdown description, for the index and for the short text shown under a result.
 * A full Markdown parser is not needed: the index only needs the words, not the structure.
 */
export function markdownToText(markdown: string | null | undefined): string {
  if (!markdown) return "";
  return (
    markdown
      .replace(/<[^>]*>/g, " ")
      // images go entirely: their alt text is not part of the reading text
      .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
      // links and reference links keep their text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, "$1")
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, " ")
      .replace(/^\s{0,3}#{1,6}\s+/gm, "")
      .replace(/^\s{0,3}>\s?/gm, "")
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, "")
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, " ")
      .replace(/\|/g, " ")
      .replace(/(\*\*|__|\*|_|~~|`+)/g, "")
      .replace(/&nbsp;/g, " ")
      .replace(/\s+/g, " ")
      .trim()
  );
}

/** The first `max` characters of a text, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max = 240): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

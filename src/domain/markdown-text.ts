/**
 * The words of content Markdown as one line of plain text: for the search index and the short text
 * under a result (src/search-service/records.ts), and for the `raw` text of every rich-text field
 * that meta descriptions, summaries and the content service's search read (src/content-service/load.ts).
 *
 * The Markdown is parsed as the site renders it (remark with GitHub-flavoured Markdown, as in
 * MarkdownRichText) and each block's words are read with mdast-util-to-string, so emphasis, links,
 * lists, tables and escapes come out as a reader sees them: link and emphasis text kept, addresses,
 * images and reference definitions left out. Blocks (paragraphs, headings, list items, table cells)
 * are set apart by a space, which mdast-util-to-string alone would not do, and so is what a line
 * break or a block-level HTML tag separates; raw HTML's tags go and its words stay.
 *
 * Not for e-mails: a workflow text written into an e-mail keeps its paragraphs, list items and link
 * addresses (workflowTextAsPlain in src/app/components/RichText/workflow-markdown.server.tsx).
 */
import type { Nodes, Parents, Text } from "mdast";
import { toString as wordsOf } from "mdast-util-to-string";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { SKIP, visit } from "unist-util-visit";

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/** Elements inside a run of words ("<b>now</b>,"): their tags leave no space behind. */
const PHRASING = new Set(
  "a abbr b bdi bdo cite code data dfn em i kbd mark q s samp small span strong sub sup time u var".split(
    " ",
  ),
);

/** The words in a piece of raw HTML: scripts, styles and comments dropped, any other tag a space. */
function htmlWords(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<\/?([A-Za-z][\w-]*)?[^>]*>/g, (_, name?: string) =>
      name && PHRASING.has(name.toLowerCase()) ? "" : " ",
    );
}

/** Raw HTML and hard line breaks become text with spaces around, so no two words run together. */
function spaceOut(tree: Nodes): void {
  visit(tree, (node, index, parent: Parents | undefined) => {
    if (!parent || index === undefined) return;
    if (node.type !== "html" && node.type !== "break") return;
    const text: Text = { type: "text", value: node.type === "html" ? htmlWords(node.value) : " " };
    (parent.children as Nodes[])[index] = text;
    return SKIP;
  });
}

/** Each block's words, in order. */
function blocks(tree: Nodes): string[] {
  const out: string[] = [];
  visit(tree, (node) => {
    switch (node.type) {
      case "paragraph":
      case "heading":
      case "tableCell":
        out.push(wordsOf(node, { includeImageAlt: false }));
        return SKIP;
      // a code block, or raw HTML standing as a block of its own (text since spaceOut)
      case "code":
      case "text":
        out.push(node.value);
        return SKIP;
      default:
        return undefined;
    }
  });
  return out;
}

/**
 * Parsing costs about a millisecond a text, and a server start reads each text more than once (the
 * content's `raw` fields, the office directory, the search index), so results are kept: bounded,
 * oldest out first. The site's whole content is about 450 texts.
 */
const MAX_KEPT = 4_000;
const kept = new Map<string, string>();

/** The text of Markdown, on one line with single spaces; "" for nothing. */
export function markdownToText(markdown: string | null | undefined): string {
  if (!markdown?.trim()) return "";
  const hit = kept.get(markdown);
  if (hit !== undefined) return hit;
  const tree = parser.parse(markdown);
  spaceOut(tree);
  const text = blocks(tree).join(" ").replace(/\s+/g, " ").trim();
  kept.set(markdown, text);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value as string);
  return text;
}

/** The first `max` characters of a text, cut at a word boundary, with an ellipsis when cut. */
export function excerpt(text: string, max = 240): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, "")}…`;
}

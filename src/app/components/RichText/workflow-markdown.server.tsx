/**
 * Markdown in workflow texts (docs/workflows.md §10, "Links and emphasis in texts"), read with the
 * content's own rich-text rules: react-markdown with GitHub-flavoured Markdown, rehype-sanitize with
 * the content schema narrowed to what a service's text needs, the content's URL rule (`tel:` kept),
 * and rehypeCityRichText, which marks links to other sites. Raw HTML never becomes markup: without
 * rehype-raw it stays raw, and the sanitiser drops it.
 *
 * Node only: the workflows are compiled when they are loaded (src/workflow/rich-texts.ts), `workflow
 * check` reads their links (src/workflow/lint-links.ts), and the receipt e-mail writes them as plain
 * text. No Markdown parser reaches the browser.
 */

import type { Element, ElementContent, Root, RootContent } from "hast";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown from "react-markdown";
import rehypeSanitize, { type Options as SanitizeSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import type { PluggableList } from "unified";
import { visit } from "unist-util-visit";
import enUi from "../../../../locales/en/ui.json";
import esUi from "../../../../locales/es/ui.json";
import { sameHost } from "../../../domain/links";
import { DEFAULT_LOCALE, type Locale } from "../../../domain/localize";
import { rehypeCityRichText } from "../../../domain/rich-text";
import type { TextKind } from "../../../workflow/rich-texts";
import { DEFAULT_SITE_HOST, urlTransform } from "./MarkdownRichText";
import { richTextSchema } from "./richTextSchema";

/** The only link addresses a workflow text may have, besides addresses on this site. */
export const LINK_PROTOCOLS = ["http", "https", "mailto", "tel"] as const;

const INLINE_TAGS = ["a", "strong", "em", "br"];
const BLOCK_TAGS = [...INLINE_TAGS, "p", "ul", "ol", "li"];

/**
 * The content's sanitising schema, narrowed: links, bold and italic, and in blocks paragraphs and
 * lists. Any other element (a heading, an image, a table) is replaced by its text; a hint keeps
 * its words but not its paragraphs and lists.
 */
export function workflowTextSchema(kind: TextKind): SanitizeSchema {
  return {
    ...richTextSchema,
    tagNames: kind === "block" ? BLOCK_TAGS : INLINE_TAGS,
    attributes: { a: ["href"], ol: ["start"] },
    protocols: { href: [...LINK_PROTOCOLS] },
  };
}

const NEW_TAB_HINT: Record<Locale, string> = {
  en: ` ${enUi.richText.newTab}`,
  es: ` ${esUi.richText.newTab}`,
};

function isSiteLink(href: string, siteHost: string): boolean {
  if (href.startsWith("/")) return !href.startsWith("//");
  if (!/^https?:\/\//i.test(href)) return false;
  try {
    return sameHost(new URL(href).host, siteHost);
  } catch {
    return false;
  }
}

/**
 * A link to a page of this site that keeps the resident in `locale`: the site's addresses carry
 * their language as `?lang=` (src/server/request-locale.ts), as the workflow's own links do
 * (src/app/lib/workflow-http.ts). English is the site's default and needs none; a link that names
 * a language already is left as written, and so is a link to another site.
 */
export function withLanguage(href: string, locale: Locale, siteHost = DEFAULT_SITE_HOST): string {
  const trimmed = href.trim();
  if (locale === DEFAULT_LOCALE || !isSiteLink(trimmed, siteHost)) return href;
  let url: URL;
  try {
    url = new URL(trimmed, "https://site.invalid");
  } catch {
    return href;
  }
  if (url.searchParams.has("lang")) return href;
  url.searchParams.set("lang", locale);
  return trimmed.startsWith("/") ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}

function rehypeLinkLanguage(options: { locale: Locale }) {
  return (tree: Root) => {
    visit(tree, "element", (node) => {
      const href = node.properties.href;
      if (node.tagName === "a" && typeof href === "string")
        node.properties.href = withLanguage(href, options.locale);
    });
  };
}

/** A rehype plugin that hands the tree it is given to `keep` (the tree at that point of the run). */
function capture(keep: (tree: Root) => void) {
  return () => (tree: Root) => {
    keep(structuredClone(tree));
  };
}

function run(markdown: string, rehypePlugins: PluggableList): string {
  return renderToStaticMarkup(
    <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={rehypePlugins} urlTransform={urlTransform}>
      {markdown}
    </Markdown>,
  );
}

function sanitised(kind: TextKind, locale: Locale): PluggableList {
  return [
    [rehypeSanitize, workflowTextSchema(kind)],
    [rehypeLinkLanguage, { locale }],
  ];
}

/** A workflow text as sanitised HTML, its links marked as content marks them, in `locale`. */
export function compileWorkflowText(markdown: string, locale: Locale, kind: TextKind): string {
  return run(markdown, [
    ...sanitised(kind, locale),
    // After the sanitiser, as for content, so the target and the hint it adds are kept.
    [rehypeCityRichText, { siteHost: DEFAULT_SITE_HOST, newTabHint: NEW_TAB_HINT[locale] }],
  ]);
}

// ── Plain text (e-mails) ────────────────────────────────────────────────────────────────────

function absolute(href: string, origin: string | undefined): string {
  if (/^(mailto|tel):/i.test(href)) return href.replace(/^(mailto|tel):/i, "");
  if (href.startsWith("//")) return `https:${href}`;
  if (href.startsWith("/") && origin) return `${origin.replace(/\/+$/, "")}${href}`;
  return href;
}

function inlineText(node: RootContent | ElementContent, origin: string | undefined): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  if (node.tagName === "br") return "\n";
  const text = node.children.map((child) => inlineText(child, origin)).join("");
  const href = node.properties.href;
  if (node.tagName !== "a" || typeof href !== "string" || href === "") return text;
  const address = absolute(href, origin);
  const shown = text.replace(/\s+/g, " ").trim();
  // A bare address written in the text is not written twice.
  return !shown || shown === address || shown === href ? address : `${shown} (${address})`;
}

/** The node when it is one of these elements. */
function element(node: RootContent | ElementContent, ...tags: string[]): Element | undefined {
  return node.type === "element" && tags.includes(node.tagName) ? node : undefined;
}

function blocks(children: Array<RootContent | ElementContent>, origin: string | undefined): string[] {
  const out: string[] = [];
  let line = "";
  const flush = () => {
    if (line.trim()) out.push(line.trim());
    line = "";
  };
  for (const child of children) {
    const list = element(child, "ul", "ol");
    if (element(child, "p")) {
      flush();
      out.push(inlineText(child, origin).trim());
    } else if (list) {
      flush();
      const ordered = list.tagName === "ol";
      const start = Number(list.properties.start) || 1;
      const items = list.children.flatMap((item) => element(item, "li") ?? []);
      out.push(
        items
          .map((item, i) => `${ordered ? `${start + i}.` : "-"} ${blocks(item.children, origin).join(" ")}`)
          .join("\n"),
      );
    } else {
      line += inlineText(child, origin);
    }
  }
  flush();
  return out.filter(Boolean);
}

/**
 * A workflow text as plain text, for an e-mail: paragraphs apart, list items on lines of their
 * own, and each link as its words with the full address after them, "Apply for the homestead
 * deduction (https://www.cedarport.gov/workflow/homestead-deduction-application)". Addresses on
 * this site are made absolute with `origin`; a Spanish text's keep the resident in Spanish.
 */
export function workflowTextAsPlain(markdown: string, locale: Locale, origin?: string): string {
  let tree: Root | undefined;
  run(markdown, [...sanitised("block", locale), capture((t) => (tree = t))]);
  return tree ? blocks(tree.children, origin).join("\n\n") : markdown;
}

// ── What `workflow check` reads ─────────────────────────────────────────────────────────────

export interface TextAnalysis {
  /** Every link, with its address as written (before any is refused) and its words. */
  links: Array<{ href: string; text: string }>;
  /** Raw HTML written in the text ("<b>"), which is never shown as markup. */
  html: string[];
  /** The elements the Markdown makes before sanitising (p, ul, strong, h2, img, …), once each. */
  elements: string[];
  /** How many paragraphs it has. */
  paragraphs: number;
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  return node.type === "element" ? node.children.map(textOf).join("") : "";
}

/** What a text's Markdown makes, before the sanitiser: for `workflow check`, not for residents. */
export function analyseWorkflowText(markdown: string): TextAnalysis {
  const analysis: TextAnalysis = { links: [], html: [], elements: [], paragraphs: 0 };
  let tree: Root | undefined;
  run(markdown, [capture((t) => (tree = t))]);
  if (!tree) return analysis;
  const elements = new Set<string>();
  visit(tree, (node) => {
    if (node.type === "raw") analysis.html.push(node.value.trim());
    if (node.type !== "element") return;
    elements.add(node.tagName);
    if (node.tagName === "p") analysis.paragraphs++;
    const href = node.properties.href;
    if (node.tagName === "a")
      analysis.links.push({ href: typeof href === "string" ? href : "", text: textOf(node).trim() });
  });
  analysis.elements = [...elements];
  return analysis;
}

/**
 * Links and emphasis in a workflow's texts (docs/workflows.md §10, "Links and emphasis in texts").
 *
 * Text blocks, alert messages and hints are Markdown. Turning Markdown into safe HTML needs a
 * parser and a sanitiser that must not travel to the browser, yet the browser shows screens
 * itself (src/app/lib/browser-journey.ts). So the HTML is made once, when the workflows are
 * loaded (src/workflow/registry.ts, with the content's rich-text rules:
 * src/app/components/RichText/workflow-markdown.server.tsx), and kept on each screen; rendering,
 * on the server and in the browser, only looks it up and fills in the placeholders.
 *
 * Only texts whose HTML differs from the text as written are kept, so a service without Markdown
 * ships nothing more. Values filled into placeholders (answers, what a city system returned) are
 * escaped, never read as Markdown.
 */

import { supportedLocales } from "../domain/localize";
import { type ReplaceMap, renderTextBlock, type TextBlockContext } from "../domain/text-block";
import { isTextObject, localizeText, mapSchema } from "./localize";
import type { JSONSchema, Locale, Screen, Text, Workflow } from "./types";

/**
 * `block`: a text block or an alert message, which may hold paragraphs and lists. `inline`: a hint,
 * shown inside a line of its own: links, bold and italic only.
 */
export type TextKind = "block" | "inline";

/** A screen's Markdown texts as sanitised HTML: by language, by kind, by the text as written. */
export type CompiledTexts = Partial<Record<Locale, Partial<Record<TextKind, Record<string, string>>>>>;

/** Markdown to sanitised HTML in a language (the language of its link hints and links). */
export type CompileText = (markdown: string, locale: Locale, kind: TextKind) => string;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** Text as HTML, escaped as React escapes it, so a plain text compiles to exactly its fallback. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The HTML of a text without Markdown: a paragraph for a block, the text itself inline. */
export function plainHtml(text: string, kind: TextKind): string {
  if (kind === "inline") return escapeHtml(text);
  return text.trim() ? `<p>${escapeHtml(text)}</p>` : "";
}

/** The HTML of a text (already in `locale`): as compiled at load, else the text as written. */
export function textHtml(
  source: string,
  compiled: CompiledTexts | undefined,
  locale: Locale,
  kind: TextKind,
): string {
  const texts = compiled?.[locale]?.[kind];
  return (texts && Object.hasOwn(texts, source) ? texts[source] : undefined) ?? plainHtml(source, kind);
}

/**
 * The HTML with its `{placeholders}` filled, each value escaped (an answer is never markup); a text
 * picked by an answer (`byAnswer`) is the author's one-line Markdown, as compiled at load.
 */
export function fillHtml(
  html: string,
  replace: ReplaceMap | null | undefined,
  ctx: TextBlockContext,
  compiled?: CompiledTexts,
): string {
  const locale: Locale = ctx.locale === "es" ? "es" : "en";
  return renderTextBlock(html, replace, ctx, (value, entry) =>
    entry.type === "byAnswer" ? textHtml(value, compiled, locale, "inline") : escapeHtml(value),
  );
}

/** Whether the HTML shows any text at all (an alert message whose placeholders were all empty does not). */
export function hasText(html: string): boolean {
  return html.replace(/<[^>]*>/g, "").trim() !== "";
}

/** The inner HTML when the HTML is one paragraph, so it can sit in a <p> of the caller's own. */
export function singleParagraph(html: string): string | undefined {
  return /^<p>((?:(?!<\/?p[\s>]).)*)<\/p>$/s.exec(html)?.[1];
}

const UI_MARKDOWN_KEYS = new Set(["ui:description", "ui:help"]);

function isText(value: unknown): value is Text {
  return typeof value === "string" || isTextObject(value);
}

/**
 * Every text of a screen that is read as Markdown: its hint, the hints of its fields (schema
 * `description`, `ui:description`, `ui:help`), its text blocks, its alerts' messages and the texts
 * their placeholders pick by an answer (`byAnswer`). Titles, labels, choices, alert titles and
 * table texts stay plain text.
 */
export function markdownTexts(screen: Screen): Array<{ text: Text; kind: TextKind }> {
  const found: Array<{ text: Text; kind: TextKind }> = [];
  if (screen.hint !== undefined) found.push({ text: screen.hint, kind: "inline" });
  for (const block of screen.content) {
    if (block.kind === "text") found.push({ text: block.text, kind: "block" });
    if (block.kind === "alert") {
      const messages = Array.isArray(block.message) ? block.message : [block.message];
      for (const message of messages) found.push({ text: message, kind: "block" });
    }
    if (block.kind !== "table") found.push(...answerTexts(block.replace));
  }
  if (screen.schema) {
    mapSchema(screen.schema, (node: JSONSchema) => {
      if (isText(node.description)) found.push({ text: node.description, kind: "inline" });
      return node;
    });
  }
  const walkUi = (value: unknown): void => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return;
    for (const [key, entry] of Object.entries(value)) {
      if (UI_MARKDOWN_KEYS.has(key) && isText(entry)) found.push({ text: entry, kind: "inline" });
      else walkUi(entry);
    }
  };
  walkUi(screen.uiSchema);
  return found;
}

/** The texts of a replace map's `byAnswer` entries: each fills a placeholder inside a line. */
export function answerTexts(replace: ReplaceMap | undefined): Array<{ text: Text; kind: TextKind }> {
  return Object.values(replace ?? {}).flatMap((entry) =>
    entry.type === "byAnswer"
      ? [...Object.values(entry.texts), ...(entry.otherwise ? [entry.otherwise] : [])].map((text) => ({
          text,
          kind: "inline" as const,
        }))
      : [],
  );
}

/**
 * What can make Markdown (or a GFM autolink) of a text: a line break, a sign Markdown reads, an
 * entity, an address, white space at either end, or the opening of a list, quote or heading.
 */
const MARKDOWN_SIGNS = /[\n\r*_`[\]<>!#|~\\&@]|:\/\/|www\.|^\s|\s$|^(?:[-+>=]|\d+[.)])/u;

/**
 * True when a text has nothing Markdown would turn into markup, so its HTML is `plainHtml`'s and
 * compiling it can be skipped: most texts are plain, and compiling them all was most of a server
 * start's time (docs/adr/0009-speed.md). Deliberately wary: a text it doubts is compiled.
 */
export function withoutMarkdown(text: string): boolean {
  return !MARKDOWN_SIGNS.test(text);
}

/** The texts' HTML in every language, keeping only what differs from the text as written. */
function compileAll(texts: Array<{ text: Text; kind: TextKind }>, compile: CompileText): CompiledTexts {
  const compiled: CompiledTexts = {};
  for (const { text, kind } of texts) {
    for (const locale of supportedLocales) {
      const source = localizeText(text, locale);
      if (withoutMarkdown(source)) continue;
      const html = compile(source, locale, kind);
      if (html === plainHtml(source, kind)) continue;
      const byKind = compiled[locale] ?? {};
      byKind[kind] = { ...byKind[kind], [source]: html };
      compiled[locale] = byKind;
    }
  }
  return compiled;
}

/**
 * Gives every screen its Markdown texts' HTML in every language, keeping only those whose HTML is
 * not simply the text as written; the service notice's are kept on the workflow.
 *
 * Each screen's are made the first time they are read (`screen.html`), not here: compiling every
 * text of every service was the largest part of a server start (docs/adr/0009-speed.md), and a
 * start needs none of them. The first look at a screen compiles its texts (a few milliseconds);
 * the services' browser bundles, built after the server listens, read them all soon after.
 */
export function compileTexts(workflow: Workflow, compile: CompileText): void {
  for (const screen of workflow.screens)
    madeOnFirstRead(screen, "html", () => compileAll(markdownTexts(screen), compile));
  madeOnFirstRead(workflow, "noticeHtml", () =>
    workflow.notice ? compileAll(noticeTexts(workflow), compile) : {},
  );
}

/**
 * `target[key]` made by `make` when first read, then an ordinary property; absent (undefined)
 * when `make` has nothing to keep. Enumerable, so JSON.stringify and spreading read it too.
 */
function madeOnFirstRead<T extends object>(
  target: T,
  key: keyof T & string,
  make: () => CompiledTexts,
): void {
  const settle = (value: CompiledTexts | undefined) =>
    Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: true });
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get() {
      const compiled = make();
      const value = Object.keys(compiled).length > 0 ? compiled : undefined;
      settle(value);
      return value;
    },
    set: settle,
  });
}

/** The service notice's messages (its title stays plain text, as an alert's does). */
export function noticeTexts(workflow: Workflow): Array<{ text: Text; kind: TextKind }> {
  const message = workflow.notice?.message ?? [];
  return (Array.isArray(message) ? message : [message]).map((text) => ({ text, kind: "block" }));
}

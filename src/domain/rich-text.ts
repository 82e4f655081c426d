/**
 * Rich-text hardening and accessibility (SPEC §5), as a rehype plugin for content Markdown:
 *
 * - iframes are sandboxed (forms, scripts, presentation) unless they embed the video service or the
 *   city's maps; every iframe loads lazily and has a title for screen readers;
 * - table header cells get a scope and body cells a `data-label` naming their column, which the
 *   stylesheet shows as an inline label when a table is stacked on a phone;
 * - links to the image-asset hosts lose their `dl` and `_ga` tracking parameters;
 * - links to other sites open in a new tab and say so to screen-reader users.
 *
 * Use: `rehypePlugins={[rehypeRaw, [rehypeCityRichText, { siteHost }]]}`. It must run after
 * rehype-raw, so raw HTML iframes and tables are elements by then; a sanitizer, if any, goes before
 * it (between the two), or it would strip the attributes added here.
 */

import type { Element, ElementContent, Properties, Root } from "hast";
import { visit } from "unist-util-visit";
import { sameHost } from "./links";

export const VIDEO_EMBED_PREFIX = "https://www.youtube.com/embed/";
export const CITY_MAPS_PREFIX = "https://maps.cedarport.gov/";
export const IFRAME_SANDBOX = ["allow-forms", "allow-scripts", "allow-presentation"] as const;

export const IMAGE_ASSET_HOSTS = ["images.cedarport.gov", "assets.cedarport.gov"] as const;
export const STRIPPED_ASSET_PARAMS = ["dl", "_ga"] as const;

export const SR_ONLY_CLASS = "usa-sr-only";

export interface RichTextOptions {
  /** The site's own host (e.g. 'www.cedarport.gov'): links there stay in the same tab. */
  siteHost: string;
  /** Visually hidden text appended to links that open a new tab. */
  newTabHint?: string;
  /** Title for an iframe the author left untitled. */
  iframeTitle?: string;
}

export const DEFAULT_NEW_TAB_HINT = " (opens in a new tab)";
export const DEFAULT_IFRAME_TITLE = "Embedded content";

export function isTrustedEmbed(src: string): boolean {
  return src.startsWith(VIDEO_EMBED_PREFIX) || src.startsWith(CITY_MAPS_PREFIX);
}

export function rehypeCityRichText(options: RichTextOptions): (tree: Root) => void {
  return (tree) => transformRichText(tree, options);
}

/** The plugin's work on a tree, in place. */
export function transformRichText(tree: Root, options: RichTextOptions): void {
  visit(tree, "element", (node) => {
    if (node.tagName === "iframe") hardenIframe(node, options);
    else if (node.tagName === "table") labelTable(node);
    else if (node.tagName === "a") adjustLink(node, options);
  });
}

// ── iframes ─────────────────────────────────────────────────────────────────────────────────

function hardenIframe(iframe: Element, options: RichTextOptions): void {
  const props = iframe.properties;
  const src = typeof props.src === "string" ? props.src.trim() : "";
  // An untrusted source is always sandboxed, whatever sandbox the author wrote.
  if (!isTrustedEmbed(src)) props.sandbox = [...IFRAME_SANDBOX];
  props.loading = "lazy";
  if (typeof props.title !== "string" || props.title.trim() === "") {
    props.title = options.iframeTitle ?? DEFAULT_IFRAME_TITLE;
  }
}

// ── tables ──────────────────────────────────────────────────────────────────────────────────

function isElement(node: ElementContent | Root["children"][number], tagName?: string): node is Element {
  return node.type === "element" && (tagName === undefined || node.tagName === tagName);
}

function cellsOf(row: Element): Element[] {
  return row.children.filter(
    (child): child is Element => isElement(child) && (child.tagName === "th" || child.tagName === "td"),
  );
}

function textOf(node: ElementContent): string {
  if (node.type === "text") return node.value;
  if (node.type !== "element") return "";
  // A hint meant for screen readers only is not part of a column's name.
  if (classNames(node).includes(SR_ONLY_CLASS)) return "";
  return node.children.map(textOf).join("");
}

function classNames(node: Element): string[] {
  // Trees built by hand may carry a plain string where hast expects a list.
  const value: unknown = node.properties.className;
  if (Array.isArray(value)) return value.map(String);
  return typeof value === "string" ? value.split(/\s+/) : [];
}

function span(cell: Element): number {
  const value = Number(cell.properties.colSpan);
  return Number.isInteger(value) && value > 1 ? value : 1;
}

/** The table's rows grouped as header rows and body rows (nested tables are left to their own visit). */
function rowsOf(table: Element): { head: Element[]; body: Element[] } {
  const head: Element[] = [];
  const body: Element[] = [];
  for (const child of table.children) {
    if (!isElement(child)) continue;
    if (child.tagName === "tr") body.push(child);
    else if (child.tagName === "thead") head.push(...child.children.filter((row) => isElement(row, "tr")));
    else if (child.tagName === "tbody" || child.tagName === "tfoot") {
      body.push(...child.children.filter((row) => isElement(row, "tr")));
    }
  }
  // Without a thead, a first row made only of header cells is the header.
  const first = body[0];
  if (head.length === 0 && first) {
    const cells = cellsOf(first);
    if (cells.length > 0 && cells.every((cell) => cell.tagName === "th")) head.push(body.shift()!);
  }
  return { head, body };
}

function labelTable(table: Element): void {
  const { head, body } = rowsOf(table);
  for (const row of head) {
    for (const cell of cellsOf(row)) if (cell.tagName === "th") setDefault(cell.properties, "scope", "col");
  }
  // Column labels come from the last header row, the one nearest the data.
  const labels: string[] = [];
  const headerRow = head.at(-1);
  if (headerRow) {
    for (const cell of cellsOf(headerRow)) {
      const label = textOf(cell).replace(/\s+/g, " ").trim();
      for (let i = 0; i < span(cell); i++) labels.push(label);
    }
  }
  for (const row of body) {
    let column = 0;
    for (const cell of cellsOf(row)) {
      if (cell.tagName === "th") setDefault(cell.properties, "scope", "row");
      const label = labels[column];
      if (label) setDefault(cell.properties, "dataLabel", label);
      column += span(cell);
    }
  }
}

function setDefault(props: Properties, name: string, value: string): void {
  if (props[name] === undefined || props[name] === null || props[name] === "") props[name] = value;
}

// ── links ───────────────────────────────────────────────────────────────────────────────────

function adjustLink(link: Element, options: RichTextOptions): void {
  const href = typeof link.properties.href === "string" ? link.properties.href.trim() : "";
  if (!/^(https?:)?\/\//i.test(href)) return;
  let url: URL;
  try {
    url = new URL(href, "https://placeholder.invalid");
  } catch {
    return;
  }
  if ((IMAGE_ASSET_HOSTS as readonly string[]).includes(url.hostname.toLowerCase())) {
    const before = url.searchParams.size;
    for (const name of STRIPPED_ASSET_PARAMS) url.searchParams.delete(name);
    if (url.searchParams.size !== before) {
      if (url.searchParams.size === 0) url.search = "";
      link.properties.href = url.toString();
    }
  }
  if (!sameHost(url.host, options.siteHost)) openInNewTab(link, options.newTabHint ?? DEFAULT_NEW_TAB_HINT);
}

function openInNewTab(link: Element, hint: string): void {
  link.properties.target = "_blank";
  const rel: unknown = link.properties.rel;
  const tokens = Array.isArray(rel) ? rel.map(String) : typeof rel === "string" ? rel.split(/\s+/) : [];
  for (const token of ["noopener", "noreferrer"]) if (!tokens.includes(token)) tokens.push(token);
  link.properties.rel = tokens.filter(Boolean);
  // Running the plugin twice must not announce the hint twice.
  const hasHint = link.children.some(
    (child) => isElement(child, "span") && classNames(child).includes(SR_ONLY_CLASS),
  );
  if (!hasHint) {
    link.children.push({
      type: "element",
      tagName: "span",
      properties: { className: [SR_ONLY_CLASS] },
      children: [{ type: "text", value: hint }],
    });
  }
}

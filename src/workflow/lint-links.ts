/**
 * `workflow check` for links and emphasis in texts (docs/workflows.md §10, "Links and emphasis in
 * texts"). Text blocks, alert messages and hints are Markdown; titles, labels and choices are plain
 * text. Each text is read as the site reads it (src/app/components/RichText/
 * workflow-markdown.server.tsx), in both languages, and the check reports:
 *
 * - a link in a title or label (error): it would show as written, and a link inside a <label> is
 *   hard to use;
 * - a link to anything but an http(s), mailto or tel address or a page of this site (error): the
 *   site drops it, so the words would not be a link; `javascript:` and `data:` above all;
 * - a `{placeholder}` in a link's address (error): the address would not work;
 * - raw HTML (error): it is never shown as markup;
 * - a link to /workflow/<name> when there is no such service (warning), given the names;
 * - an address relative to the page, formatting a text cannot show (warnings).
 */

import { DEFAULT_SITE_HOST } from "../app/components/RichText/MarkdownRichText";
import { analyseWorkflowText, LINK_PROTOCOLS } from "../app/components/RichText/workflow-markdown.server";
import { sameHost } from "../domain/links";
import { workflowCatalog } from "./catalog";
import { answerTextEntries } from "./lint-answer-texts";
import { type Catalog, isTextObject, mapSchema, writtenText } from "./localize";
import type { TextKind } from "./rich-texts";
import type { JsonPath, Severity, Workflow } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;

export interface LinkLintOptions {
  /**
   * The names of the services there are (the files in workflows/), to check links to
   * /workflow/<name>; without it such links are not checked.
   */
  workflows?: readonly string[];
  /** The workflow namespace's strings, for texts given as translation keys. */
  catalog?: Catalog;
}

/** How a text is shown: as Markdown in a block or a line, or as plain text (titles, labels). */
type Kind = TextKind | "plain";

const BLOCK_KEYS = new Set(["text", "message"]);
const INLINE_KEYS = new Set(["hint"]);
const PLAIN_KEYS = new Set([
  "title",
  "description",
  "buttonLabel",
  "itemTitle",
  "addLabel",
  "header",
  "caption",
  "empty",
]);
const UI_INLINE_KEYS = new Set(["ui:description", "ui:help"]);
const UI_PLAIN_KEYS = new Set(["ui:title", "ui:placeholder", "ui:enumNames"]);

/** What a key's text is, or undefined when a string under it is not a text. */
function kindOf(key: string | number | undefined, inUi: boolean): Kind | undefined {
  const name = String(key);
  if (inUi) return UI_INLINE_KEYS.has(name) ? "inline" : UI_PLAIN_KEYS.has(name) ? "plain" : undefined;
  if (BLOCK_KEYS.has(name)) return "block";
  if (INLINE_KEYS.has(name)) return "inline";
  return PLAIN_KEYS.has(name) ? "plain" : undefined;
}

const SHOWN: Record<TextKind, ReadonlySet<string>> = {
  block: new Set(["p", "a", "strong", "em", "br", "ul", "ol", "li"]),
  inline: new Set(["p", "a", "strong", "em", "br"]),
};

const NAMES: Record<string, string> = {
  h1: "headings",
  h2: "headings",
  h3: "headings",
  h4: "headings",
  h5: "headings",
  h6: "headings",
  img: "images",
  code: "code",
  pre: "code",
  blockquote: "quotes",
  table: "tables",
  del: "struck-out text",
  hr: "lines",
  input: "check boxes",
};

const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;

/** The service a link opens (/workflow/<name>), when it goes to one on this site. */
function serviceOf(href: string): string | undefined {
  let path: string;
  if (href.startsWith("/") && !href.startsWith("//")) path = href;
  else {
    try {
      const url = new URL(href);
      if (!/^https?:$/.test(url.protocol) || !sameHost(url.host, DEFAULT_SITE_HOST)) return undefined;
      path = url.pathname;
    } catch {
      return undefined;
    }
  }
  const name = /^\/workflow\/([^/?#]+)/.exec(path)?.[1];
  if (!name) return undefined;
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

function lintLink(
  link: { href: string; text: string },
  path: JsonPath,
  options: LinkLintOptions,
  report: Report,
): void {
  const { href, text } = link;
  const words = quoted(text || href);
  if (href === "") {
    report(path, `the link ${words} has no address`, "link-address");
    return;
  }
  // The Markdown reader writes "{" as %7B in an address: a placeholder is never filled in there.
  if (/\{|%7B/i.test(href)) {
    report(
      path,
      `the link ${words} has a {placeholder} in its address: placeholders are filled in words, not in addresses, so the link would not work`,
      "link-address",
    );
    return;
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  if (scheme && !(LINK_PROTOCOLS as readonly string[]).includes(scheme)) {
    report(
      path,
      `the link ${words} goes to a "${scheme}:" address, which is refused (its words would show without a link): links may go to http, https, mailto and tel addresses and to pages of this site`,
      "link-address",
    );
    return;
  }
  if (!scheme && !href.startsWith("/") && !href.startsWith("#")) {
    report(
      path,
      `the link ${words} goes to "${href}", which depends on the page it is on: write a page of this site from the root ("/workflow/…", "/activity/…") and other sites in full ("https://…")`,
      "link-address",
      "warning",
    );
    return;
  }
  const service = serviceOf(href);
  if (service !== undefined && options.workflows && !options.workflows.includes(service)) {
    report(
      path,
      `the link ${words} goes to /workflow/${service}, but there is no service called "${service}" in workflows/`,
      "link-service",
      "warning",
    );
  }
}

/** The problems of one text, in one language. */
function lintText(written: string, kind: Kind, path: JsonPath, options: LinkLintOptions, report: Report) {
  const analysis = analyseWorkflowText(written);
  const [html] = analysis.html;
  if (html !== undefined) {
    report(
      path,
      `HTML in a text is never shown as such and is removed (${quoted(html)}): write Markdown instead, [words](address), **bold** or *italic*`,
      "text-html",
    );
  }
  if (kind === "plain") {
    const [link] = analysis.links;
    if (link) {
      report(
        path,
        `a link in a title or label (${quoted(link.text || link.href)}) is shown as written, not as a link: titles and labels stay plain text (a link inside a label is hard to use, with a screen reader above all); put it in a hint or a text block`,
        "link-in-title",
      );
    } else if (analysis.elements.some((element) => element === "strong" || element === "em")) {
      report(
        path,
        'titles and labels are plain text: "**" and "*" show as written',
        "text-formatting",
        "warning",
      );
    }
    return;
  }
  for (const link of analysis.links) lintLink(link, path, options, report);
  if (
    kind === "inline" &&
    (analysis.paragraphs > 1 || analysis.elements.some((e) => e === "ul" || e === "ol"))
  ) {
    report(
      path,
      "a hint (or a text picked by an answer) is one line: its paragraphs and lists would run together; keep it short, or put the rest in a text block",
      "text-formatting",
      "warning",
    );
  }
  const unshown = [
    ...new Set(
      analysis.elements
        .filter(
          (e) => !SHOWN[kind].has(e) && !(kind === "inline" && (e === "ul" || e === "ol" || e === "li")),
        )
        .map((e) => NAMES[e] ?? `<${e}>`),
    ),
  ];
  if (unshown.length > 0) {
    report(
      path,
      `texts show links, **bold**, *italic*, lists and paragraphs only: ${unshown.join(", ")} would not show as such (only their words, if any)`,
      "text-formatting",
      "warning",
    );
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Every problem with links and formatting in the texts of a workflow file (its JSON, and as read). */
export function lintLinks(json: unknown, workflow: Workflow, options: LinkLintOptions, report: Report): void {
  const catalog = options.catalog ?? workflowCatalog;
  const check = (text: unknown, kind: Kind, path: JsonPath) => {
    for (const locale of ["en", "es"] as const) {
      const written = writtenText(text, locale, catalog);
      if (typeof written === "string") lintText(written, kind, path, options, report);
    }
  };

  const walk = (value: unknown, path: JsonPath, key: string | number | undefined, inUi: boolean): void => {
    if (isTextObject(value)) {
      check(value, kindOf(key, inUi) ?? "plain", path);
      return;
    }
    if (typeof value === "string") {
      const kind = kindOf(key, inUi);
      if (kind) check(value, kind, path);
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((entry, i) => {
        walk(entry, [...path, i], key === "message" || key === "ui:enumNames" ? key : i, inUi);
      });
      return;
    }
    if (!isObject(value)) return;
    for (const [k, entry] of Object.entries(value)) {
      // Schemas are read below with their $refs inlined, so shared definitions are checked too;
      // params are values sent to a city system, replace entries say where values come from.
      if ((k === "schema" || k === "params" || k === "replace") && !inUi) continue;
      walk(entry, [...path, k], k, inUi || k === "uiSchema");
    }
  };
  walk(json, [], undefined, false);

  // A text picked by an answer (byAnswer) fills a placeholder inside a line: one line of Markdown.
  for (const { entry, at } of answerTextEntries(workflow)) {
    for (const [value, text] of Object.entries(entry.texts)) check(text, "inline", [...at, "texts", value]);
    if (entry.otherwise) check(entry.otherwise, "inline", [...at, "otherwise"]);
  }
  for (const screen of workflow.screens) {
    const schemaPath = [...screen.lens, "data", "config", "schema"];
    for (const [name, choices] of Object.entries(screen.choices ?? {})) {
      check(choices.label, "plain", [...schemaPath, "properties", name, "choicesFrom", "label"]);
    }
    if (!screen.schema) continue;
    const itemDepth = screen.repeat ? 1 : 0;
    mapSchema(screen.schema, (node, path) => {
      const where = [...schemaPath, ...path.slice(itemDepth)];
      check(node.title, "plain", [...where, "title"]);
      check(node.description, "inline", [...where, "description"]);
      return node;
    });
  }
}

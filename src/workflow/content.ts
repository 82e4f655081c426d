/**
 * A screen's content blocks (SPEC §3 text block and alert, and tables of results), ready to show:
 * texts in the chosen language, text-block placeholders filled from the journey. `apiResponse`
 * entries read what the integration calls returned ("<screen>.<path>"), `bound_data` and
 * `reference` entries read the answers, `content` entries the office details bound when the
 * workflows were loaded (office-details.ts), `byAnswer` entries the text the workflow gives for an
 * earlier answer; a placeholder without a value renders empty. Alerts
 * take a replace map too. A block with
 * `when` is shown only while its condition holds. The service's notice (`renderNotice`) is an
 * alert too, the same on every screen.
 *
 * Text blocks and alert messages are Markdown (links, bold, italic, lists): they come out as
 * sanitised HTML, compiled when the workflows were loaded (rich-texts.ts), with the values filled
 * in escaped. Alert titles and tables stay plain text.
 */

import { type Alert, normalizeAlert } from "../domain/alert";
import { formatValue, readPath, renderTextBlock, type TextBlockContext } from "../domain/text-block";
import { fillLabel } from "./choices";
import { evaluateGuard, readField } from "./guards";
import type { Journey } from "./journey";
import { localizeText } from "./localize";
import { type CompiledTexts, fillHtml, hasText, textHtml } from "./rich-texts";
import type {
  AlertContentBlock,
  ContentBlock,
  Locale,
  Placement,
  Screen,
  TableColumn,
  TableContentBlock,
  Text,
  Workflow,
} from "./types";

/** A cell: its text, or a link on this site. */
export type RenderedCell = string | { text: string; href: string };

export interface RenderedTable {
  kind: "table";
  caption?: string;
  headers: string[];
  /** One list of cells per row, in the columns' order; [] shows `empty` instead. */
  rows: RenderedCell[][];
  empty: string;
}

/** Only an address on this site is linked: a path, never another site's ("//…") or a script. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/?]*$/;

/** What a journey has to fill texts from: its answers and what its calls returned. */
export type ContentState = Pick<Journey, "answers" | "results">;

export type RenderedBlock =
  /** `html`: sanitised HTML, a paragraph or more. */
  (
    | { kind: "text"; html: string }
    /** `messages`: sanitised HTML, one entry per message; the title is plain text. */
    | ({ kind: "alert" } & Omit<Alert, "notifyOnClose">)
    | RenderedTable
  ) & { placement?: Placement };

function cell(column: TableColumn, row: unknown, locale: Locale): RenderedCell {
  const value = readPath(row, column.value);
  if (column.linkText === undefined) return cellText(column, value, locale);
  if (typeof value !== "string" || !SITE_PATH.test(value)) return "";
  return { text: fillLabel(localizeText(column.linkText, locale), row, locale), href: value };
}

function cellText(column: TableColumn, value: unknown, locale: Locale): string {
  if (value === undefined || value === null) return "";
  const label =
    column.labels && Object.hasOwn(column.labels, String(value)) ? column.labels[String(value)] : undefined;
  if (label !== undefined) return localizeText(label, locale);
  const shown = formatValue(value, column.format, locale);
  if (typeof shown === "string" || typeof shown === "number" || typeof shown === "boolean")
    return String(shown);
  return "";
}

function renderTable(block: TableContentBlock, journey: ContentState, locale: Locale): RenderedTable {
  const list = readField(journey.answers, block.rows, journey.results);
  const table: RenderedTable = {
    kind: "table",
    headers: block.columns.map((column) => localizeText(column.header, locale)),
    rows: Array.isArray(list)
      ? list.map((row) => block.columns.map((column) => cell(column, row, locale)))
      : [],
    empty: localizeText(block.empty, locale),
  };
  if (block.caption !== undefined) table.caption = localizeText(block.caption, locale);
  return table;
}

/** The blocks of a screen whose condition holds (all those without one). */
export function shownBlocks(screen: Screen, state: ContentState, now: Date): ContentBlock[] {
  return screen.content.filter(
    (block) => !block.when || evaluateGuard(block.when, state.answers, { now, results: state.results }),
  );
}

/** Where the placeholders of a screen's texts take their values from. */
export function placeholderContext(state: ContentState, locale: Locale, now: Date): TextBlockContext {
  return {
    apiResponse: state.results,
    boundData: state.answers,
    answers: state.answers as Record<string, Record<string, unknown> | undefined>,
    now,
    locale,
  };
}

export function renderContent(
  screen: Screen,
  journey: ContentState,
  locale: Locale,
  now: Date,
): RenderedBlock[] {
  const context = placeholderContext(journey, locale, now);
  const html = (text: Text) => textHtml(localizeText(text, locale), screen.html, locale, "block");
  return shownBlocks(screen, journey, now).map((block): RenderedBlock => {
    const placement = block.placement === "after-questions" ? { placement: block.placement } : {};
    if (block.kind === "text")
      return {
        kind: "text",
        html: fillHtml(html(block.text), block.replace, context, screen.html),
        ...placement,
      };
    if (block.kind === "table") return { ...renderTable(block, journey, locale), ...placement };
    return { kind: "alert", ...renderAlert(block, screen.html, context, locale), ...placement };
  });
}

type RenderedAlert = Omit<Alert, "notifyOnClose">;

/** An alert's title (plain text) and messages (HTML) in the context's language. */
function renderAlert(
  block: Pick<AlertContentBlock, "alertType" | "title" | "message" | "replace" | "allowClose">,
  compiled: CompiledTexts | undefined,
  context: TextBlockContext,
  locale: Locale,
): RenderedAlert {
  const html = (text: Text) => textHtml(localizeText(text, locale), compiled, locale, "block");
  // Alerts fill placeholders only when they declare a replace map, so a literal "{" stays as written.
  const title = (text: Text) =>
    block.replace
      ? renderTextBlock(localizeText(text, locale), block.replace, context)
      : localizeText(text, locale);
  const message = (text: Text) =>
    block.replace ? fillHtml(html(text), block.replace, context, compiled) : html(text);
  const messages = Array.isArray(block.message) ? block.message : [block.message];
  return normalizeAlert({
    alertType: block.alertType ?? null,
    title: block.title === undefined ? null : title(block.title),
    // A message whose every placeholder was empty says nothing: it is left out, as an empty text is.
    message: messages.map(message).filter(hasText),
    allowClose: block.allowClose ?? null,
  });
}

/** The service's notice, shown on every screen (docs/workflows.md §10): an alert with a title. */
export type RenderedNotice = Omit<RenderedAlert, "allowClose"> & { title: string };

/**
 * The service's notice as every screen shows it: the same alert shape, never closable. Its
 * placeholders are office details, bound when the workflow was loaded, so no journey is needed.
 * Null when the service has none.
 */
export function renderNotice(workflow: Workflow, locale: Locale, now: Date): RenderedNotice | null {
  const notice = workflow.notice;
  if (!notice) return null;
  const context = placeholderContext({ answers: {}, results: {} }, locale, now);
  const { allowClose: _never, ...alert } = renderAlert(notice, workflow.noticeHtml, context, locale);
  return { ...alert, title: alert.title ?? "" };
}

/**
 * A screen's content blocks (SPEC §3 text block and alert, and tables of results), ready to show:
 * texts in the chosen language, text-block placeholders filled from the journey. `apiResponse`
 * entries read what the integration calls returned ("<screen>.<path>"), `bound_data` and
 * `reference` entries read the answers, `content` entries the office details bound when the
 * workflows were loaded (office-details.ts); a placeholder without a value renders empty. Alerts
 * take a replace map too. A block with
 * `when` is shown only while its condition holds.
 */

import { type Alert, normalizeAlert } from "../domain/alert";
import { formatUsDate, parseIsoDate } from "../domain/dates";
import { formatCurrency } from "../domain/money";
import { readPath, renderTextBlock } from "../domain/text-block";
import { evaluateGuard, readField } from "./guards";
import type { Journey } from "./journey";
import { localizeText } from "./localize";
import type { Locale, Screen, TableColumn, TableContentBlock, Text } from "./types";

export interface RenderedTable {
  kind: "table";
  caption?: string;
  headers: string[];
  /** One list of cell texts per row, in the columns' order; [] shows `empty` instead. */
  rows: string[][];
  empty: string;
}

export type RenderedBlock =
  | { kind: "text"; text: string }
  | ({ kind: "alert" } & Omit<Alert, "notifyOnClose">)
  | RenderedTable;

function cellText(column: TableColumn, value: unknown, locale: Locale): string {
  if (value === undefined || value === null) return "";
  const label =
    column.labels && Object.hasOwn(column.labels, String(value)) ? column.labels[String(value)] : undefined;
  if (label !== undefined) return localizeText(label, locale);
  if (column.format === "date" && typeof value === "string") {
    const date = parseIsoDate(value.slice(0, 10));
    return date ? formatUsDate(date) : value;
  }
  if (column.format === "money" && typeof value === "number" && Number.isSafeInteger(value)) {
    return formatCurrency(value, locale);
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  return "";
}

function renderTable(block: TableContentBlock, journey: Journey, locale: Locale): RenderedTable {
  const list = readField(journey.answers, block.rows, journey.results);
  const table: RenderedTable = {
    kind: "table",
    headers: block.columns.map((column) => localizeText(column.header, locale)),
    rows: Array.isArray(list)
      ? list.map((row) =>
          block.columns.map((column) => cellText(column, readPath(row, column.value), locale)),
        )
      : [],
    empty: localizeText(block.empty, locale),
  };
  if (block.caption !== undefined) table.caption = localizeText(block.caption, locale);
  return table;
}

export function renderContent(screen: Screen, journey: Journey, locale: Locale, now: Date): RenderedBlock[] {
  const shown = screen.content.filter(
    (block) => !block.when || evaluateGuard(block.when, journey.answers, { now, results: journey.results }),
  );
  const context = {
    apiResponse: journey.results,
    boundData: journey.answers,
    answers: journey.answers as Record<string, Record<string, unknown> | undefined>,
    now,
    locale,
  };
  return shown.map((block): RenderedBlock => {
    if (block.kind === "text") {
      return {
        kind: "text",
        text: renderTextBlock(localizeText(block.text, locale), block.replace, context),
      };
    }
    if (block.kind === "table") return renderTable(block, journey, locale);
    // Alerts fill placeholders only when they declare a replace map, so a literal "{" stays as written.
    const fill = (text: Text) =>
      block.replace
        ? renderTextBlock(localizeText(text, locale), block.replace, context)
        : localizeText(text, locale);
    const messages = Array.isArray(block.message) ? block.message : [block.message];
    const alert = normalizeAlert({
      alertType: block.alertType ?? null,
      title: block.title === undefined ? null : fill(block.title),
      message: messages.map(fill),
      allowClose: block.allowClose ?? null,
    });
    return { kind: "alert", ...alert };
  });
}

/**
 * The check-your-answers page: one row per answer on the path, with the question's label, the
 * answer as a resident would say it (Yes, not true; $25.00, not 2500; the choice's label, not its
 * code) and the screen a Change link opens.
 */

import { formatCurrency } from "../domain/money";
import { numberedTitle } from "../domain/numbered-title";
import { asUploadRef, formatFileSize, isUploadField, type UploadRef } from "../domain/uploads";
import { journeyForm } from "./form";
import { type Journey, pathOf } from "./journey";
import { engineText } from "./localize";
import { isQuestionType, screenNamed } from "./screens";
import type { JSONSchema, Locale, UiSchema, Workflow } from "./types";

export interface CheckAnswersRow {
  /** The screen the answer belongs to; the Change link opens it. */
  screen: string;
  changeTo: string;
  /** JSON pointer of the answer in the screen's data (/dogs/0/name). */
  key: string;
  label: string;
  /** The answer, one line per entry (an address has several). */
  lines: string[];
  /** The lines joined with new lines. */
  value: string;
  /** A documents field's files, as stored: the staff console links each (the lines name them). */
  documents?: UploadRef[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const MONEY_WIDGETS = new Set(["currency", "money"]);
const MASKED_WIDGETS = new Set(["password", "masked"]);

function choiceLabel(schema: JSONSchema, value: unknown, ui: UiSchema): string | undefined {
  const options = (schema.oneOf ?? schema.anyOf) as unknown;
  if (Array.isArray(options)) {
    const match = options.find((option) => isObject(option) && option.const === value);
    if (isObject(match) && typeof match.title === "string") return match.title;
  }
  const names = ui["ui:enumNames"];
  if (Array.isArray(schema.enum) && Array.isArray(names)) {
    const label = names[schema.enum.indexOf(value)];
    if (typeof label === "string") return label;
  }
  return undefined;
}

function mask(text: string): string {
  return text.length > 4 ? `${"*".repeat(text.length - 4)}${text.slice(-4)}` : text;
}

/** An answer as lines of text. */
function answerLines(schema: JSONSchema, value: unknown, ui: UiSchema, locale: Locale): string[] {
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) {
    return [engineText("common.notProvided", locale)];
  }
  const label = choiceLabel(schema, value, ui);
  if (label !== undefined) return [label];
  if (typeof value === "boolean") return [engineText(value ? "common.yes" : "common.no", locale)];
  if (typeof value === "number") {
    const isMoney = schema.format === "cents" || MONEY_WIDGETS.has(String(ui["ui:widget"]));
    return [isMoney && Number.isSafeInteger(value) ? formatCurrency(value, locale) : String(value)];
  }
  if (typeof value === "string") {
    return [
      schema.format === "card-number" || MASKED_WIDGETS.has(String(ui["ui:widget"])) ? mask(value) : value,
    ];
  }
  // Documents: one line each, the file's name and size (a link only in the staff console: files
  // are never served to the public).
  if (Array.isArray(value) && isUploadField(schema))
    return documentsOf(value).map((ref) => `${ref.name} (${formatFileSize(ref.size, locale)})`);
  if (Array.isArray(value)) {
    const items = isObject(schema.items) ? (schema.items as JSONSchema) : {};
    const itemUi = isObject(ui.items) ? (ui.items as UiSchema) : {};
    return [value.map((entry) => answerLines(items, entry, itemUi, locale).join(" ")).join(", ")];
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? (schema.properties as Record<string, JSONSchema>) : {};
    return orderedKeys(schema, ui)
      .filter((key) => value[key] !== undefined && value[key] !== "")
      .flatMap((key) => answerLines(properties[key] ?? {}, value[key], (ui[key] as UiSchema) ?? {}, locale));
  }
  return [String(value)];
}

function documentsOf(value: readonly unknown[]): UploadRef[] {
  return value.map(asUploadRef).filter((ref): ref is UploadRef => ref !== undefined);
}

/** Property names in the order the form shows them (ui:order, '*' standing for the rest). */
export function orderedKeys(schema: JSONSchema, ui: UiSchema): string[] {
  const keys = Object.keys(isObject(schema.properties) ? schema.properties : {});
  const order = ui["ui:order"];
  if (!Array.isArray(order)) return keys;
  const listed = order.filter((key): key is string => typeof key === "string" && keys.includes(key));
  const rest = keys.filter((key) => !listed.includes(key));
  const star = order.indexOf("*");
  return star === -1 ? [...listed, ...rest] : [...listed.slice(0, star), ...rest, ...listed.slice(star)];
}

function isHidden(ui: UiSchema): boolean {
  return ui["ui:widget"] === "hidden";
}

function objectRows(
  screen: string,
  schema: JSONSchema,
  data: Record<string, unknown>,
  ui: UiSchema,
  pointer: string,
  labelPrefix: string,
  locale: Locale,
): CheckAnswersRow[] {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JSONSchema>) : {};
  return orderedKeys(schema, ui).flatMap((key) => {
    const property = properties[key] ?? {};
    const propertyUi = isObject(ui[key]) ? (ui[key] as UiSchema) : {};
    if (isHidden(propertyUi) || property.writeOnly === true) return [];
    const title = typeof property.title === "string" ? property.title : key;
    const value = data[key];
    const lines = answerLines(property, value, propertyUi, locale);
    const documents = isUploadField(property) && Array.isArray(value) ? documentsOf(value) : [];
    return [
      {
        screen,
        changeTo: screen,
        key: `${pointer}/${key}`,
        label: labelPrefix ? `${labelPrefix}: ${title}` : title,
        lines,
        value: lines.join("\n"),
        ...(documents.length > 0 ? { documents } : {}),
      },
    ];
  });
}

/** The rows of the check-answers page, in path order. */
export function checkAnswersRows(
  workflow: Workflow,
  journey: Journey,
  locale: Locale,
  opts: { now?: Date } = {},
): CheckAnswersRow[] {
  return pathOf(workflow, journey, opts).screens.flatMap((name) => {
    const screen = screenNamed(workflow, name);
    const data = journey.answers[name];
    if (!screen || !isQuestionType(screen.type) || data === undefined) return [];
    const form = journeyForm(screen, locale, journey);
    const schema = form.schema ?? {};
    if (form.repeat && Array.isArray(data)) {
      const itemSchema = isObject(schema.items) ? (schema.items as JSONSchema) : {};
      const itemUi = isObject(form.uiSchema.items) ? (form.uiSchema.items as UiSchema) : {};
      return data.flatMap((item, i) =>
        isObject(item)
          ? objectRows(
              name,
              itemSchema,
              item,
              itemUi,
              `/${i}`,
              numberedTitle(form.repeat?.itemTitle ?? "", i + 1),
              locale,
            )
          : [],
      );
    }
    return isObject(data) ? objectRows(name, schema, data, form.uiSchema, "", "", locale) : [];
  });
}

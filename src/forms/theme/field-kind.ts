/**
 * What shape of markup a field needs, decided once for the field template, the widgets and the
 * error summary alike:
 * - "input": one control with a <label for> (text, select, textarea, every formatted widget);
 * - "checkbox": a single yes/no checkbox, whose label sits beside the box;
 * - "group": radios or a checkbox list, in a <fieldset> whose <legend> is the question;
 * - "container": an object or a repeated group, laid out by its own template;
 * - "hidden".
 */
import { isUploadField, maxFiles } from "../../domain/uploads";
import type { Locale } from "../validation/messages";
import { MEMORABLE_DATE_WIDGET } from "./date-parts";
import { optionId } from "./field-names";
import { asSchema, choiceOptions, type JsonSchema, resolveSchema, schemaType } from "./schema-walk";
import { formsText } from "./strings";

export type FieldKind = "input" | "checkbox" | "group" | "container" | "hidden";

const uiWidget = (uiSchema: unknown): string | undefined => {
  const ui = asSchema(uiSchema);
  const widget = ui?.["ui:widget"] ?? asSchema(ui?.["ui:options"])?.widget;
  return typeof widget === "string" ? widget : undefined;
};

/** The widget a field renders with: its uiSchema's, else its format's, else RJSF's default. */
export function widgetName(schema: JsonSchema, uiSchema: unknown): string | undefined {
  return uiWidget(uiSchema) ?? (typeof schema.format === "string" ? schema.format : undefined);
}

export function fieldKind(schemaIn: unknown, uiSchema: unknown, root?: unknown): FieldKind {
  const schema = resolveSchema(schemaIn, root ?? schemaIn);
  const widget = uiWidget(uiSchema);
  if (widget === "hidden") return "hidden";
  // Documents: one file input, named by a <label> (widgets/upload-field.tsx).
  if (isUploadField(schema)) return "input";
  if (widget === "radio" || widget === "checkboxes" || widget === MEMORABLE_DATE_WIDGET) return "group";
  const type = schemaType(schema);
  if (type === "array") {
    const items = resolveSchema(asSchema(schema.items), root ?? schemaIn);
    return schema.uniqueItems === true && choiceOptions(items) ? "group" : "container";
  }
  if (type === "object") return "container";
  if (type === "boolean" && (widget === undefined || widget === "checkbox")) return "checkbox";
  return "input";
}

/** The id the error summary links to: the first option of a group, else the control itself. */
export function anchorFor(id: string, kind: FieldKind): string {
  return kind === "group" ? optionId(id, 0) : id;
}

/**
 * The hint lines under a label: the field's own description and help, or else its widget's
 * example. An author's hint replaces the example rather than joining it: authors often give their
 * own ("For example, 04/15/1980"), and two examples read as a mistake.
 */
export function hintLines(schema: JsonSchema, uiSchema: unknown, locale: Locale): string[] {
  const ui = asSchema(uiSchema);
  const lines: string[] = [];
  const description = ui?.["ui:description"] ?? schema.description;
  if (typeof description === "string" && description.trim()) lines.push(description);
  const help = ui?.["ui:help"];
  if (typeof help === "string" && help.trim()) lines.push(help);
  // Which files a documents field takes is never left out, whatever the author wrote.
  if (isUploadField(schema)) {
    const limit = maxFiles(schema);
    lines.push(
      limit > 1
        ? formsText(locale, "uploadRules", { limit: String(limit) })
        : formsText(locale, "uploadRulesOne"),
    );
    return lines;
  }
  if (lines.length > 0) return lines;
  const widget = widgetName(schema, uiSchema);
  if (widget === "us-date" || widget === "date") lines.push(formsText(locale, "dateHint"));
  if (widget === MEMORABLE_DATE_WIDGET) lines.push(formsText(locale, "memorableDateHint"));
  if (widget === "time-of-day") lines.push(formsText(locale, "timeHint"));
  if (widget === "card-expiry") lines.push(formsText(locale, "cardExpiryHint"));
  return lines;
}

/**
 * `workflow check` for `"ui:widget"` names: a typo ("radios", "memorable_date") would otherwise show
 * residents RJSF's "No widget" error in place of the question, or an unstyled control, and only at
 * run time. The memorable date only makes sense on a date field (its boxes join into mm/dd/yyyy).
 */
import { cityWidgets } from "../forms/theme/city-theme";
import { MEMORABLE_DATE_WIDGET } from "../forms/theme/date-parts";
import type { JSONSchema, JsonPath, Screen, Severity } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;

/** RJSF's own "ui:widget" aliases that the city theme styles (it maps them to its widgets). */
const RJSF_ALIASES = [
  "text",
  "email",
  "password",
  "radio",
  "select",
  "checkbox",
  "checkboxes",
  "textarea",
  "hidden",
  "updown",
];

export const WIDGET_NAMES: ReadonlySet<string> = new Set([
  ...RJSF_ALIASES,
  ...Object.keys(cityWidgets).filter((name) => !/Widget$/.test(name)),
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function propertySchema(schema: JSONSchema | undefined, name: string): JSONSchema | undefined {
  const properties = schema?.properties;
  return isObject(properties) && isObject(properties[name]) ? (properties[name] as JSONSchema) : undefined;
}

/** Walks a uiSchema beside its schema; `path` is where the uiSchema entry sits in the file. */
function walk(ui: unknown, schema: JSONSchema | undefined, path: JsonPath, report: Report): void {
  if (!isObject(ui)) return;
  const widget = ui["ui:widget"];
  if (widget !== undefined) {
    if (typeof widget !== "string" || !WIDGET_NAMES.has(widget)) {
      report(
        [...path, "ui:widget"],
        `unknown widget ${JSON.stringify(widget)}: use one of ${[...WIDGET_NAMES].sort().join(", ")}`,
        "widget",
      );
    } else if (widget === MEMORABLE_DATE_WIDGET && schema && schema.format !== "us-date") {
      report(
        [...path, "ui:widget"],
        `"${MEMORABLE_DATE_WIDGET}" needs a date field ("format": "us-date")`,
        "widget",
      );
    }
  }
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith("ui:")) continue;
    const child =
      key === "items" && isObject(schema?.items)
        ? (schema?.items as JSONSchema)
        : propertySchema(schema, key);
    walk(value, child, [...path, key], report);
  }
}

export function lintWidgets(screen: Screen, report: Report): void {
  const schema =
    screen.repeat && isObject(screen.schema?.items) ? (screen.schema?.items as JSONSchema) : screen.schema;
  walk(screen.uiSchema, schema, [...screen.lens, "data", "config", "uiSchema"], report);
}

/**
 * `workflow check` for `"ui:widget"` names: a typo ("radios", "memorable_date") would otherwise show
 * residents RJSF's "No widget" error in place of the question, or an unstyled control, and only at
 * run time. The memorable date only makes sense on a date field (its boxes join into mm/dd/yyyy).
 * A uiSchema may not pick one of RJSF's fields or templates by name either ("ui:field",
 * "ui:FieldTemplate"…): the city theme draws every field, and RJSF's others are not in the registry
 * the site renders with (src/forms/theme/registry.ts).
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

interface UiOption {
  name: string;
  value: unknown;
  /** Where it is written in the file. */
  path: JsonPath;
}

/**
 * A uiSchema entry's options as RJSF reads them (getUiOptions): each "ui:<name>", and each member
 * of "ui:options" and of "ui:globalOptions" (which apply to every field).
 */
function optionsOf(ui: Record<string, unknown>, path: JsonPath): UiOption[] {
  const options: UiOption[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (!key.startsWith("ui:")) continue;
    if ((key === "ui:options" || key === "ui:globalOptions") && isObject(value)) {
      for (const [name, member] of Object.entries(value))
        options.push({ name, value: member, path: [...path, key, name] });
    } else {
      options.push({ name: key.slice(3), value, path: [...path, key] });
    }
  }
  return options;
}

function lintWidget(widget: unknown, schema: JSONSchema | undefined, path: JsonPath, report: Report): void {
  if (typeof widget !== "string" || !WIDGET_NAMES.has(widget)) {
    report(
      path,
      `unknown widget ${JSON.stringify(widget)}: use one of ${[...WIDGET_NAMES].sort().join(", ")}`,
      "widget",
    );
  } else if (widget === MEMORABLE_DATE_WIDGET && schema && schema.format !== "us-date") {
    report(path, `"${MEMORABLE_DATE_WIDGET}" needs a date field ("format": "us-date")`, "widget");
  }
}

/** Walks a uiSchema beside its schema; `path` is where the uiSchema entry sits in the file. */
function walk(ui: unknown, schema: JSONSchema | undefined, path: JsonPath, report: Report): void {
  if (!isObject(ui)) return;
  for (const option of optionsOf(ui, path)) {
    if (option.name === "widget") lintWidget(option.value, schema, option.path, report);
    else if (option.name === "field" || option.name.endsWith("Template")) {
      report(
        option.path,
        `${JSON.stringify(option.path.at(-1))} would pick one of RJSF's ${option.name === "field" ? "fields" : "templates"} by name: the city theme draws every field; choose how it looks with "ui:widget"`,
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

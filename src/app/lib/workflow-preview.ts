/**
 * What the staff preview of a service shows of each screen (routes/preview-workflow.tsx): every
 * text a resident can read on it, in one language, and where it leads. Pure: from the workflow,
 * the way the engine itself localizes a screen (screenForm), so the preview shows the words the
 * residents get.
 */

import { orderedKeys } from "../../workflow/check-answers";
import { describeGuard } from "../../workflow/conditions";
import { screenForm } from "../../workflow/form";
import { localizeText } from "../../workflow/localize";
import type {
  ChoiceFilter,
  ContentBlock,
  Guard,
  JSONSchema,
  Locale,
  Screen,
  UiSchema,
  Workflow,
} from "../../workflow/types";

export interface FieldPreview {
  /** The answer's path in the screen's data ("address.city"). */
  name: string;
  label: string;
  hint?: string;
  required: boolean;
  /** The options' labels, in order. */
  choices: string[];
  /** For options from a lookup: the list they come from and the key that is the answer. */
  choicesFrom?: { from: string; value: string; label: string };
  /**
   * For options narrowed by an earlier answer ("filterChoices"): that answer, the options each of
   * its values keeps, and those any other answer keeps (every option when `otherwise` is absent).
   */
  filteredBy?: { by: string; rules: Array<{ answer: string; choices: string[] }>; otherwise?: string[] };
}

export interface ScreenTexts {
  title: string;
  hint?: string;
  /** Text blocks, alerts and tables, one entry each (with its condition when it has one). */
  texts: Array<{ text: string; when?: string }>;
  fields: FieldPreview[];
  repeat?: { max: number; itemTitle: string; addLabel?: string };
  button?: string;
}

export interface ScreenPreview {
  name: string;
  type: Screen["type"];
  start: boolean;
  calls: Array<{ integration: string; operation: string; followUp: boolean }>;
  /**
   * Each way on: `when` its condition holds (in the page's language), or `otherwise`, the fallback
   * of a screen that branches; neither for a screen's only way on.
   */
  next: Array<{ to: string; when?: string; otherwise?: boolean }>;
  en: ScreenTexts;
  es: ScreenTexts;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

const str = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : undefined);

/** The labels of a field's options: oneOf/anyOf titles, enum with ui:enumNames, a list's items. */
function choicesOf(schema: JSONSchema, ui: UiSchema): string[] {
  const options = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(options) && options.every((o) => isObject(o) && "const" in o))
    return options.map((o) => str((o as JSONSchema).title) ?? JSON.stringify((o as JSONSchema).const));
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(ui["ui:enumNames"]) ? ui["ui:enumNames"] : [];
    return schema.enum.map((value, i) => str(names[i]) ?? String(value));
  }
  if (schema.type === "array" && isObject(schema.items)) return choicesOf(schema.items as JSONSchema, {});
  return [];
}

/** A choice filter in the words the residents read: each kept option by its label. */
function filteredBy(filter: ChoiceFilter, schema: JSONSchema): NonNullable<FieldPreview["filteredBy"]> {
  const options = (schema.oneOf ??
    (isObject(schema.items) ? (schema.items as JSONSchema).oneOf : undefined)) as JSONSchema[] | undefined;
  const label = (value: string | number | boolean) =>
    str(options?.find((option) => option.const === value)?.title) ?? String(value);
  return {
    by: filter.by,
    rules: Object.entries(filter.choices).map(([answer, kept]) => ({ answer, choices: kept.map(label) })),
    ...(filter.otherwise ? { otherwise: filter.otherwise.map(label) } : {}),
  };
}

function fieldsOf(
  screen: Screen,
  schema: JSONSchema,
  ui: UiSchema,
  locale: Locale,
  prefix = "",
): FieldPreview[] {
  const properties = isObject(schema.properties) ? (schema.properties as Record<string, JSONSchema>) : {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  return orderedKeys(schema, ui).flatMap((key) => {
    const sub = properties[key] ?? {};
    const subUi = isObject(ui[key]) ? (ui[key] as UiSchema) : {};
    if (sub.type === "object" && isObject(sub.properties))
      return fieldsOf(screen, sub, subUi, locale, `${prefix}${key}.`);
    const field: FieldPreview = {
      name: `${prefix}${key}`,
      label: str(subUi["ui:title"]) ?? str(sub.title) ?? "",
      required: required.includes(key),
      choices: choicesOf(sub, subUi),
    };
    const hint = str(subUi["ui:help"]) ?? str(subUi["ui:description"]) ?? str(sub.description);
    if (hint) field.hint = hint;
    const from = prefix === "" ? screen.choices?.[key] : undefined;
    if (from)
      field.choicesFrom = { from: from.from, value: from.value, label: localizeText(from.label, locale) };
    const filter = prefix === "" ? screen.choiceFilters?.[key] : undefined;
    if (filter) field.filteredBy = filteredBy(filter, sub);
    return [field];
  });
}

function blockTexts(block: ContentBlock, locale: Locale): string[] {
  switch (block.kind) {
    case "text":
      return [localizeText(block.text, locale)];
    case "alert": {
      const messages = Array.isArray(block.message) ? block.message : [block.message];
      return [
        ...(block.title !== undefined ? [localizeText(block.title, locale)] : []),
        ...messages.map((m) => localizeText(m, locale)),
      ];
    }
    case "table":
      return [
        ...(block.caption !== undefined ? [localizeText(block.caption, locale)] : []),
        block.columns.map((c) => localizeText(c.header, locale)).join(" | "),
        localizeText(block.empty, locale),
      ];
  }
}

/**
 * The texts a block's placeholders pick by an earlier answer (`byAnswer`), each with the answer
 * that shows it ("{keeps}: …", when agency.agency is "police"), the fallback with any other answer.
 */
function answerTexts(block: ContentBlock, locale: Locale): Array<{ text: string; when: Guard }> {
  if (block.kind === "table") return [];
  return Object.entries(block.replace ?? {}).flatMap(([name, entry]) => {
    if (entry.type !== "byAnswer") return [];
    const keys = Object.keys(entry.texts);
    const picked = Object.entries(entry.texts).map(([value, text]) => ({
      text: `{${name}}: ${localizeText(text, locale)}`,
      when: { field: entry.by, equals: value } as Guard,
    }));
    const otherwise = entry.otherwise
      ? [
          {
            text: `{${name}}: ${localizeText(entry.otherwise, locale)}`,
            when: { not: { field: entry.by, in: keys } } as Guard,
          },
        ]
      : [];
    return [...picked, ...otherwise];
  });
}

/** Every text of a screen in one language (`chrome`: the page's language, for conditions). */
export function screenTexts(screen: Screen, locale: Locale, chrome: Locale = locale): ScreenTexts {
  const form = screenForm(screen, locale);
  const inWords = (guard: Guard) => describeGuard(guard, { locale: chrome, screen: screen.name });
  const texts: ScreenTexts = {
    title: form.title,
    texts: screen.content.flatMap((block) => [
      ...blockTexts(block, locale).map((text) =>
        block.when ? { text, when: inWords(block.when) } : { text },
      ),
      ...answerTexts(block, locale).map(({ text, when }) => ({
        text,
        when: inWords(block.when ? { all: [block.when, when] } : when),
      })),
    ]),
    fields: [],
  };
  if (form.hint) texts.hint = form.hint;
  if (form.buttonLabel) texts.button = form.buttonLabel;
  if (form.schema) {
    // A repeated group: the fields of one item (the engine wraps them in a list).
    const schema =
      screen.repeat && isObject(form.schema.items) ? (form.schema.items as JSONSchema) : form.schema;
    const ui =
      screen.repeat && isObject(form.uiSchema.items) ? (form.uiSchema.items as UiSchema) : form.uiSchema;
    texts.fields = fieldsOf(screen, schema, ui, locale);
  }
  if (form.repeat) {
    texts.repeat = { max: form.repeat.max, itemTitle: form.repeat.itemTitle };
    if (form.repeat.addLabel) texts.repeat.addLabel = form.repeat.addLabel;
  }
  return texts;
}

/** Every screen of the service, in file order, in English and Spanish. */
export function screenPreviews(workflow: Workflow, chrome: Locale): ScreenPreview[] {
  return workflow.screens.map((screen) => ({
    name: screen.name,
    type: screen.type,
    start: screen.name === workflow.start,
    calls: [
      ...(screen.call ? [{ ...pick(screen.call), followUp: false }] : []),
      ...(screen.followUp ?? []).map((call) => ({ ...pick(call), followUp: true })),
    ],
    next: screen.next.map((transition) => {
      if (transition.when)
        return {
          to: transition.to,
          when: describeGuard(transition.when, { locale: chrome, screen: screen.name }),
        };
      return screen.next.some((t) => t.when) ? { to: transition.to, otherwise: true } : { to: transition.to };
    }),
    en: screenTexts(screen, "en", chrome),
    es: screenTexts(screen, "es", chrome),
  }));
}

const pick = (call: { integration: string; operation: string }) => ({
  integration: call.integration,
  operation: call.operation,
});

/**
 * Choices filled from a lookup: "pick your parcel from the ones we found". A field's schema says
 * where its options come from instead of listing them:
 *
 *   "parcelNumber": { "type": "string", "title": ...,
 *     "choicesFrom": { "from": "find-property.$result.parcels", "value": "parcelNumber",
 *                      "label": { "en": "{address} (parcel {parcelNumber})", "es": "..." } } }
 *
 * A list field ("type": "array", "uniqueItems": true) with "choicesFrom" is a set of boxes to tick,
 * each answer one of the options.
 *
 * The parser takes "choicesFrom" out of the schema (AJV and the form never see it) and keeps it on
 * the screen. The options are worked out from the journey whenever they are needed: to show the
 * form, to check that the answer is one of them (a forged post, or a choice made before the
 * resident searched again), and to label the answer on check-answers. Validation stays on the
 * screen's fixed schema, so no validator is compiled per resident.
 */

import { formatValue, readPath, type ValueFormat } from "../domain/text-block";
import { catalogueMessage } from "../forms/validation/messages";
import {
  FILTER_KEYWORD,
  isChoiceValue,
  narrowedProperty,
  offeredChoices,
  readChoiceFilter,
} from "./choice-filters";
import { readField } from "./guards";
import { isTextObject, localizeText } from "./localize";
import type {
  Answers,
  ChoiceFilter,
  ChoicesFrom,
  FieldError,
  JSONSchema,
  JsonPath,
  Locale,
  Screen,
} from "./types";

export const CHOICES_KEYWORD = "choicesFrom";

/** What the options are read from: a journey, or anything with its answers and results. */
export interface ChoiceFacts {
  answers: Answers;
  results: Record<string, unknown>;
}

export type ChoiceValue = string | number | boolean;

export interface Choice {
  value: ChoiceValue;
  label: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isChoicesFrom(value: unknown): value is ChoicesFrom {
  return (
    isObject(value) &&
    Object.keys(value).every((key) => key === "from" || key === "value" || key === "label") &&
    typeof value.from === "string" &&
    /^[a-z0-9]+(-[a-z0-9]+)*(\.[A-Za-z0-9_$-]+)+$/.test(value.from) &&
    typeof value.value === "string" &&
    value.value !== "" &&
    ((typeof value.label === "string" && value.label !== "") || isTextObject(value.label))
  );
}

export interface ChoicesRead {
  /** The schema without any "choicesFrom" or "filterChoices". */
  schema: JSONSchema;
  choices: Record<string, ChoicesFrom>;
  /** The fields whose choices an earlier answer narrows (choice-filters.ts). */
  filters: Record<string, ChoiceFilter>;
  /** Misplaced or malformed "choicesFrom" and "filterChoices", with their path inside the schema. */
  problems: Array<{ path: JsonPath; detail: string }>;
}

/**
 * Takes "choicesFrom" and "filterChoices" out of a screen's schema (its $refs already inlined).
 * They are allowed on the screen's own fields only, not inside a repeated group or a nested object.
 */
export function readChoices(schema: JSONSchema, opts: { repeated: boolean }): ChoicesRead {
  const choices: Record<string, ChoicesFrom> = {};
  const filters: Record<string, ChoiceFilter> = {};
  const problems: ChoicesRead["problems"] = [];
  const strip = (node: unknown, path: JsonPath): unknown => {
    if (Array.isArray(node)) return node.map((entry, i) => strip(entry, [...path, i]));
    if (!isObject(node)) return node;
    const out: Record<string, unknown> = {};
    const field = path.length === 2 && path[0] === "properties" ? String(path[1]) : undefined;
    for (const [key, value] of Object.entries(node)) {
      if (key === FILTER_KEYWORD) {
        if (opts.repeated || field === undefined) {
          problems.push({
            path: [...path, key],
            detail: `"${FILTER_KEYWORD}" works only on a field of the screen itself, not in a repeated group or a nested object`,
          });
        } else if (Object.hasOwn(node, CHOICES_KEYWORD)) {
          problems.push({
            path: [...path, key],
            detail: `"${FILTER_KEYWORD}" narrows the choices a field lists, not those of a "choicesFrom": use one or the other`,
          });
        } else {
          const read = readChoiceFilter(value, node);
          if ("filter" in read) filters[field] = read.filter;
          else problems.push({ path: [...path, key], detail: read.detail });
        }
        continue;
      }
      if (key !== CHOICES_KEYWORD) {
        out[key] = strip(value, [...path, key]);
        continue;
      }
      if (opts.repeated || field === undefined) {
        problems.push({
          path: [...path, key],
          detail:
            '"choicesFrom" works only on a field of the screen itself, not in a repeated group or a nested object',
        });
      } else if (!isChoicesFrom(value)) {
        problems.push({
          path: [...path, key],
          detail:
            '"choicesFrom" needs "from" (a field path to a list, like find-property.$result.parcels), "value" (the key of each item to store) and "label" (a text; {key} shows a key of the item)',
        });
      } else {
        choices[field] = value;
        // A choice left unanswered reads "Please select a value.", as a list written in the file would.
        const messages = isObject(node["x-messages"]) ? node["x-messages"] : {};
        out["x-messages"] = { required: "selectValue", ...messages };
      }
    }
    return out;
  };
  return { schema: strip(schema, []) as JSONSchema, choices, filters, problems };
}

/**
 * `{key}` placeholders filled from one item; `{key|money}` writes cents as $1,234.56 and
 * `{key|date}` a yyyy-mm-dd date as mm/dd/yyyy. A key without a value becomes empty.
 */
export function fillLabel(template: string, item: unknown, locale: Locale): string {
  return template.replace(
    /\{\s*([\w.-]+)\s*(?:\|\s*(money|date)\s*)?\}/g,
    (_, key: string, format?: ValueFormat) => {
      const value = formatValue(readPath(item, key), format, locale);
      return isChoiceValue(value) ? String(value) : "";
    },
  );
}

/** The options of one field, from the journey as it is now; [] when the list is missing. */
export function choicesOf(spec: ChoicesFrom, facts: ChoiceFacts, locale: Locale): Choice[] {
  const list = readField(facts.answers, spec.from, facts.results);
  if (!Array.isArray(list)) return [];
  const template = localizeText(spec.label, locale);
  const seen = new Set<ChoiceValue>();
  const out: Choice[] = [];
  for (const item of list) {
    const value = readPath(item, spec.value);
    if (!isChoiceValue(value) || seen.has(value)) continue;
    seen.add(value);
    out.push({ value, label: fillLabel(template, item, locale) });
  }
  return out;
}

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null && value !== "";
}

/** The options of every field whose options the journey decides; undefined for "all it lists". */
function optionsNow(screen: Screen, facts: ChoiceFacts): Array<[string, ReadonlySet<unknown> | undefined]> {
  return [
    ...Object.entries(screen.choices ?? {}).map(([field, spec]): [string, ReadonlySet<unknown>] => [
      field,
      new Set(choicesOf(spec, facts, "en").map((choice) => choice.value)),
    ]),
    ...Object.entries(screen.choiceFilters ?? {}).map(
      ([field, filter]): [string, ReadonlySet<unknown> | undefined] => [field, offeredChoices(filter, facts)],
    ),
  ];
}

/** The fields whose answer (or, for a list of choices, one of its answers) is not one of their options now. */
function strayFields(screen: Screen, data: unknown, facts: ChoiceFacts): string[] {
  if ((!screen.choices && !screen.choiceFilters) || !isObject(data)) return [];
  return optionsNow(screen, facts)
    .filter(([field, values]) => values !== undefined && isGiven(data[field]))
    .filter(([field, values]) => {
      const answer = data[field];
      return Array.isArray(answer)
        ? answer.some((value) => !values?.has(value))
        : !values?.has(answer as ChoiceValue);
    })
    .map(([field]) => field);
}

/**
 * "Please select a value." (the catalogue's message for a choice not offered) for every answer that
 * is not one of its options now: not in the lookup's list, or not left by the earlier answer.
 */
export function choiceErrors(
  screen: Screen,
  data: unknown,
  facts: ChoiceFacts,
  locale: Locale,
): FieldError[] {
  return strayFields(screen, data, facts).map((field) => ({
    path: `/${field.replace(/~/g, "~0").replace(/\//g, "~1")}`,
    message: catalogueMessage("selectValue", locale),
    keyword: "enum",
  }));
}

/** Whether every answer with options is still one of them (the path replay asks again otherwise). */
export function choicesHold(screen: Screen, data: unknown, facts: ChoiceFacts): boolean {
  return strayFields(screen, data, facts).length === 0;
}

/**
 * A localized schema with each choice field's options written in (from a lookup), or narrowed to
 * those the earlier answer leaves, for the form and check-answers.
 */
export function schemaWithChoices(
  screen: Screen,
  schema: JSONSchema,
  facts: ChoiceFacts,
  locale: Locale,
): JSONSchema {
  if ((!screen.choices && !screen.choiceFilters) || !isObject(schema.properties)) return schema;
  const properties: Record<string, unknown> = { ...schema.properties };
  for (const [field, filter] of Object.entries(screen.choiceFilters ?? {})) {
    const offered = offeredChoices(filter, facts);
    const property = properties[field];
    if (offered && isObject(property)) properties[field] = narrowedProperty(property, offered);
  }
  for (const [field, spec] of Object.entries(screen.choices ?? {})) {
    const options = choicesOf(spec, facts, locale);
    const property = properties[field];
    if (options.length === 0 || !isObject(property)) continue;
    const oneOf = options.map(({ value, label }) => ({ const: value, title: label }));
    // A list of choices (ticked boxes) lists its options on its items.
    properties[field] =
      property.type === "array" && isObject(property.items)
        ? { ...property, items: { ...property.items, oneOf } }
        : { ...property, oneOf };
  }
  return { ...schema, properties };
}

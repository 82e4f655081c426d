/**
 * Choices narrowed by an earlier answer: "which type of record?" offers police reports only to
 * those who chose the police. The field lists every option in its "oneOf" as usual, and says which
 * of them each earlier answer leaves:
 *
 *   "recordType": { "type": "string", "oneOf": [...every type of record...],
 *     "filterChoices": { "by": "agency.agency",
 *                        "choices": { "police": ["police-report", "other"], "clerk": ["other"] },
 *                        "otherwise": ["other"] } }
 *
 * As with "choicesFrom" (choices.ts), the parser takes the keyword out of the schema and keeps it
 * on the screen, so AJV (and the validators precompiled for the browser) check the field against
 * its whole list, one fixed schema for every resident. The engine narrows the list from the
 * journey: in the form it shows (journeyForm), in the check that the answer is one offered
 * (choiceErrors: a forged post, or a choice made before the earlier answer changed), and in the
 * path replay, which asks the question again when its answer is no longer offered.
 */

import { readField } from "./guards";
import type { ChoiceFilter } from "./types";

export const FILTER_KEYWORD = "filterChoices";

type ChoiceValue = string | number | boolean;

/** What an answer or a listed value may be. */
export function isChoiceValue(value: unknown): value is ChoiceValue {
  return (
    typeof value === "string" ||
    typeof value === "boolean" ||
    (typeof value === "number" && Number.isFinite(value))
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The node holding a field's options: the field, or for boxes to tick its items. */
function optionsNode(property: Record<string, unknown>): Record<string, unknown> {
  return property.type === "array" && isObject(property.items) ? property.items : property;
}

/** The values a field lists ("oneOf" of consts, or "enum"); undefined when it lists none. */
export function listedChoices(property: unknown): ChoiceValue[] | undefined {
  if (!isObject(property)) return undefined;
  const node = optionsNode(property);
  if (Array.isArray(node.oneOf) && node.oneOf.length > 0) {
    const values = node.oneOf.map((option) => (isObject(option) ? option.const : undefined));
    return values.every(isChoiceValue) ? values : undefined;
  }
  if (Array.isArray(node.enum) && node.enum.length > 0 && node.enum.every(isChoiceValue)) return node.enum;
  return undefined;
}

const SHAPE =
  '"filterChoices" needs "by" (the earlier answer, like agency.agency), "choices" (for each of its answers, the list of values offered after it) and, optionally, "otherwise" (the values offered after any other answer; every choice when left out)';

function isValueList(value: unknown): value is ChoiceValue[] {
  return Array.isArray(value) && value.length > 0 && value.every(isChoiceValue);
}

/**
 * Reads a field's "filterChoices", or says what is wrong with it: its shape, or values that are not
 * the field's own choices (the field must list them).
 */
export function readChoiceFilter(
  value: unknown,
  property: Record<string, unknown>,
): { filter: ChoiceFilter } | { detail: string } {
  if (isObject(value) && typeof value.by === "string" && value.by.includes(".$result")) {
    return {
      detail: `"filterChoices" filters by an answer the resident gave, not by what a call returned ("${value.by}"): for choices from a lookup, use "choicesFrom"`,
    };
  }
  if (
    !isObject(value) ||
    !Object.keys(value).every((key) => key === "by" || key === "choices" || key === "otherwise") ||
    typeof value.by !== "string" ||
    !/^[a-z0-9]+(-[a-z0-9]+)*(\.[A-Za-z0-9_-]+)+$/.test(value.by) ||
    !isObject(value.choices) ||
    Object.keys(value.choices).length === 0 ||
    !Object.values(value.choices).every(isValueList) ||
    (value.otherwise !== undefined && !isValueList(value.otherwise))
  ) {
    return { detail: SHAPE };
  }
  const filter = value as unknown as ChoiceFilter;
  const listed = listedChoices(property);
  if (!listed) {
    return {
      detail:
        '"filterChoices" narrows the choices the field lists: give it a "oneOf" of choices (for boxes to tick, its "items")',
    };
  }
  const lists: Array<[string, ChoiceValue[]]> = [
    ...Object.entries(filter.choices).map(([answer, values]): [string, ChoiceValue[]] => [
      `under "${answer}"`,
      values,
    ]),
    ...(filter.otherwise ? [['under "otherwise"', filter.otherwise] as [string, ChoiceValue[]]] : []),
  ];
  for (const [where, values] of lists) {
    const unknown = values.filter((v) => !listed.includes(v));
    if (unknown.length > 0) {
      return {
        detail: `"filterChoices" offers ${unknown.map((v) => JSON.stringify(v)).join(", ")} ${where}, which the field does not list (its choices: ${listed.map((v) => JSON.stringify(v)).join(", ")})`,
      };
    }
  }
  return { filter };
}

/**
 * The values offered now, after the earlier answer; undefined when every listed choice is. An
 * answer is matched as text, so a yes/no answer is "true" or "false" under "choices".
 */
export function offeredChoices(
  filter: ChoiceFilter,
  facts: { answers: Record<string, unknown>; results: Record<string, unknown> },
): ReadonlySet<ChoiceValue> | undefined {
  const answer = readField(facts.answers, filter.by, facts.results);
  const key = isChoiceValue(answer) ? String(answer) : undefined;
  const list =
    key !== undefined && Object.hasOwn(filter.choices, key) ? filter.choices[key] : filter.otherwise;
  return list ? new Set(list) : undefined;
}

/** A (localized) field schema listing only the offered values, in the order the field lists them. */
export function narrowedProperty(
  property: Record<string, unknown>,
  offered: ReadonlySet<ChoiceValue>,
): Record<string, unknown> {
  const node = optionsNode(property);
  const narrowed: Record<string, unknown> = { ...node };
  if (Array.isArray(node.oneOf)) {
    narrowed.oneOf = node.oneOf.filter(
      (option) => isObject(option) && offered.has(option.const as ChoiceValue),
    );
  } else if (Array.isArray(node.enum)) {
    narrowed.enum = node.enum.filter((value) => offered.has(value as ChoiceValue));
  }
  return node === property ? narrowed : { ...property, items: narrowed };
}

/**
 * Conditions in plain words, for people who read a service rather than run it: the map of a
 * service (map.ts) and the staff preview. "livesInCedarport is false", "disabilityRating ≥ 10",
 * "dateOfBirth at least 65 years before December 31 last year".
 *
 * The phrases are in locales/{en,es}/preview.json ("condition"), read through the site's i18next
 * (src/i18n), so the command line reads the same words as the site.
 */

import type en from "../../locales/en/preview.json";
import { type Text, textFor } from "../i18n";
import { operatorOf } from "./guards";
import type { Comparison, Guard, JsonValue, Locale, Operators, Transition } from "./types";

/** A phrase's key, its plural forms (ageAtLeast_one, ageAtLeast_other) under one name. */
type Phrase = keyof typeof en.condition extends infer K
  ? K extends `${infer Base}_${"one" | "other"}`
    ? Base
    : K
  : never;

/** The condition phrases of `locale` (preview.json, "condition"). */
const phrasesOf = (locale: Locale | undefined): Text => textFor(locale ?? "en", "preview");
const phrase = (t: Text, key: Phrase, values: Record<string, string | number> = {}): string =>
  t(`condition.${key}`, values);

export interface DescribeOptions {
  locale?: Locale;
  /**
   * The screen the transition leaves: its own fields are named without the screen
   * ("livesInCedarport"), fields of other screens with it ("role.role").
   */
  screen?: string;
}

/** A yyyy-mm-dd or mm/dd/yyyy date, written as it is (no quotes): it reads as a date, not as a code. */
const DATE = /^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/;

function value(v: JsonValue, t: Text): string {
  if (v === true) return phrase(t, "true");
  if (v === false) return phrase(t, "false");
  if (v === "today") return phrase(t, "today");
  if (typeof v === "string") return DATE.test(v) ? v : `"${v}"`;
  return JSON.stringify(v);
}

function fieldName(field: string, screen: string | undefined): string {
  return screen !== undefined && field.startsWith(`${screen}.`) ? field.slice(screen.length + 1) : field;
}

function comparison(guard: Comparison, negated: boolean, options: DescribeOptions): string | undefined {
  const t = phrasesOf(options.locale);
  const say = (key: Phrase, values: Record<string, string | number>) =>
    phrase(t, key, { field: fieldName(guard.field, options.screen), ...values });
  const operator = operatorOf(guard);
  const operand = (guard as Partial<Operators>)[operator];
  switch (operator) {
    // Each of these has an exact opposite, so "not" is written as that opposite.
    case "equals":
    case "notEquals":
      return say((operator === "equals") !== negated ? "equals" : "notEquals", {
        value: value(operand as JsonValue, t),
      });
    case "in":
      return say(negated ? "notIn" : "in", {
        values: (operand as JsonValue[]).map((v) => value(v, t)).join(", "),
      });
    case "exists":
      return say((operand as boolean) !== negated ? "given" : "empty", {});
    case "ageAtLeast": {
      const { years, on } = operand as Operators["ageAtLeast"];
      const endOfYear = on === "endOfLastYear";
      const key: Phrase = negated
        ? endOfYear
          ? "ageUnderEndOfLastYear"
          : "ageUnder"
        : endOfYear
          ? "ageAtLeastEndOfLastYear"
          : "ageAtLeast";
      return say(key, { count: years });
    }
    default:
      // x > 5 and "not (x > 5)" differ for an unanswered x, so these keep their "not".
      return negated ? undefined : say(operator, { value: value(operand as JsonValue, t) });
  }
}

function isCombination(guard: Guard): boolean {
  return (guard.all?.length ?? 0) > 1 || (guard.any?.length ?? 0) > 1;
}

/** The condition in plain words ("livesInCedarport is false"). */
export function describeGuard(guard: Guard, options: DescribeOptions = {}): string {
  const t = phrasesOf(options.locale);
  const nested = (g: Guard) => {
    const text = describeGuard(g, options);
    return isCombination(g) ? `(${text})` : text;
  };
  if (guard.all) return guard.all.map(nested).join(` ${phrase(t, "and")} `);
  if (guard.any) return guard.any.map(nested).join(` ${phrase(t, "or")} `);
  if (guard.not) {
    const inner = guard.not;
    const direct = inner.field !== undefined ? comparison(inner as Comparison, true, options) : undefined;
    return direct ?? phrase(t, "not", { condition: describeGuard(inner, options) });
  }
  return comparison(guard as Comparison, false, options) as string;
}

/**
 * The words for a transition: its condition, "otherwise" for the fallback of a screen that
 * branches, nothing for a screen's only way on.
 */
export function describeTransition(
  transition: Transition,
  siblings: readonly Transition[],
  options: DescribeOptions = {},
): string {
  if (transition.when) return describeGuard(transition.when, options);
  return siblings.some((t) => t.when) ? phrase(phrasesOf(options.locale), "otherwise") : "";
}

/**
 * Conditions in plain words, for people who read a service rather than run it: the map of a
 * service (map.ts) and the staff preview. "livesInCedarport is false", "disabilityRating ≥ 10",
 * "dateOfBirth at least 65 years before December 31 last year".
 *
 * The phrases are in locales/{en,es}/preview.json ("condition"), bundled here as the workflow
 * namespace is in localize.ts, so the command line reads the same words as the site.
 */

import en from "../../locales/en/preview.json";
import es from "../../locales/es/preview.json";
import { operatorOf } from "./guards";
import { interpolate } from "./localize";
import type { Comparison, Guard, JsonValue, Locale, Operators, Transition } from "./types";

type Phrases = typeof en.condition;
type Phrase = keyof Phrases;

const PHRASES: Record<Locale, Phrases> = { en: en.condition, es: es.condition };

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

function value(v: JsonValue, phrases: Phrases): string {
  if (v === true) return phrases.true;
  if (v === false) return phrases.false;
  if (v === "today") return phrases.today;
  if (typeof v === "string") return DATE.test(v) ? v : `"${v}"`;
  return JSON.stringify(v);
}

function fieldName(field: string, screen: string | undefined): string {
  return screen !== undefined && field.startsWith(`${screen}.`) ? field.slice(screen.length + 1) : field;
}

function comparison(guard: Comparison, negated: boolean, options: DescribeOptions): string | undefined {
  const phrases = PHRASES[options.locale ?? "en"];
  const say = (phrase: Phrase, values: Record<string, string | number>) =>
    interpolate(phrases[phrase], { field: fieldName(guard.field, options.screen), ...values });
  const operator = operatorOf(guard);
  const operand = (guard as Partial<Operators>)[operator];
  switch (operator) {
    // Each of these has an exact opposite, so "not" is written as that opposite.
    case "equals":
    case "notEquals":
      return say((operator === "equals") !== negated ? "equals" : "notEquals", {
        value: value(operand as JsonValue, phrases),
      });
    case "in":
      return say(negated ? "notIn" : "in", {
        values: (operand as JsonValue[]).map((v) => value(v, phrases)).join(", "),
      });
    case "exists":
      return say((operand as boolean) !== negated ? "given" : "empty", {});
    case "ageAtLeast": {
      const { years, on } = operand as Operators["ageAtLeast"];
      const endOfYear = on === "endOfLastYear";
      const phrase: Phrase = negated
        ? endOfYear
          ? "ageUnderEndOfLastYear"
          : "ageUnder"
        : endOfYear
          ? "ageAtLeastEndOfLastYear"
          : "ageAtLeast";
      return say(phrase, { years, unit: years === 1 ? phrases.year : phrases.years });
    }
    default:
      // x > 5 and "not (x > 5)" differ for an unanswered x, so these keep their "not".
      return negated ? undefined : say(operator, { value: value(operand as JsonValue, phrases) });
  }
}

function isCombination(guard: Guard): boolean {
  return (guard.all?.length ?? 0) > 1 || (guard.any?.length ?? 0) > 1;
}

/** The condition in plain words ("livesInCedarport is false"). */
export function describeGuard(guard: Guard, options: DescribeOptions = {}): string {
  const phrases = PHRASES[options.locale ?? "en"];
  const nested = (g: Guard) => {
    const text = describeGuard(g, options);
    return isCombination(g) ? `(${text})` : text;
  };
  if (guard.all) return guard.all.map(nested).join(` ${phrases.and} `);
  if (guard.any) return guard.any.map(nested).join(` ${phrases.or} `);
  if (guard.not) {
    const inner = guard.not;
    const direct = inner.field !== undefined ? comparison(inner as Comparison, true, options) : undefined;
    return direct ?? interpolate(phrases.not, { condition: describeGuard(inner, options) });
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
  return siblings.some((t) => t.when) ? PHRASES[options.locale ?? "en"].otherwise : "";
}

/**
 * Guards: the conditions on transitions. Declarative and deliberately small (a field, one
 * operator; all / any / not), because a condition language that grows into a programming language
 * is one staff cannot read and QA cannot replay.
 *
 * A field is a dotted path into the answers, screen name first: "applicant.dateOfBirth",
 * "dogs.0.name". "<screen>.$result.<path>" reads what the screen's integration call returned.
 */

import {
  ageOn,
  type CalendarDate,
  compareDates,
  endOfLastYear,
  parseIsoDate,
  parseUsDate,
  toCalendarDate,
} from "../domain/dates";
import type { Answers, Comparison, Guard, JsonValue, Operator, Operators } from "./types";

export interface GuardContext {
  now: Date;
  /** What integration calls returned, by screen. */
  results?: Record<string, unknown>;
}

function own(value: unknown, key: string): unknown {
  if (value === null || typeof value !== "object" || !Object.hasOwn(value, key)) return undefined;
  return (value as Record<string, unknown>)[key];
}

/** The value at a field path, or undefined. */
export function readField(answers: Answers, field: string, results: Record<string, unknown> = {}): unknown {
  const [screen = "", ...rest] = field.split(".");
  let node: unknown;
  if (rest[0] === "$result") {
    node = own(results, screen);
    rest.shift();
  } else {
    node = own(answers, screen);
  }
  for (const part of rest) node = own(node, part);
  return node;
}

/** Structural equality of two JSON values (key order aside). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.hasOwn(b as object, k) && deepEqual(own(a, k), own(b, k)))
  );
}

/** A date written as mm/dd/yyyy or yyyy-mm-dd, or "today". */
function asDate(value: unknown, now: Date): CalendarDate | null {
  if (typeof value !== "string") return null;
  if (value === "today") return toCalendarDate(now);
  return parseUsDate(value) ?? parseIsoDate(value);
}

/** Negative, zero or positive; null when the two cannot be compared (different kinds, unreadable). */
function compare(value: unknown, bound: number | string, now: Date): number | null {
  if (typeof bound === "number") {
    return typeof value === "number" && Number.isFinite(value) ? Math.sign(value - bound) : null;
  }
  const a = asDate(value, now);
  const b = asDate(bound, now);
  return a && b ? compareDates(a, b) : null;
}

function isPresent(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === "string") return value.trim() !== "";
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const OPERATORS: readonly Operator[] = [
  "equals",
  "notEquals",
  "in",
  "gt",
  "gte",
  "lt",
  "lte",
  "exists",
  "ageAtLeast",
];

/** The one operator of a comparison. */
export function operatorOf(guard: Comparison): Operator {
  return OPERATORS.find((operator) => Object.hasOwn(guard, operator)) ?? "exists";
}

function evaluateComparison(guard: Comparison, answers: Answers, ctx: GuardContext): boolean {
  const value = readField(answers, guard.field, ctx.results);
  const operator = operatorOf(guard);
  const operand = (guard as Partial<Operators>)[operator];
  switch (operator) {
    case "equals":
      return deepEqual(value, operand);
    case "notEquals":
      return !deepEqual(value, operand);
    case "in":
      return (operand as JsonValue[]).some((option) => deepEqual(value, option));
    case "exists":
      return isPresent(value) === operand;
    case "ageAtLeast": {
      const { years, on } = operand as Operators["ageAtLeast"];
      const birth = asDate(value, ctx.now);
      if (!birth) return false;
      return ageOn(birth, on === "endOfLastYear" ? endOfLastYear(ctx.now) : toCalendarDate(ctx.now)) >= years;
    }
    default: {
      const order = compare(value, operand as number | string, ctx.now);
      if (order === null) return false;
      if (operator === "gt") return order > 0;
      if (operator === "gte") return order >= 0;
      if (operator === "lt") return order < 0;
      return order <= 0;
    }
  }
}

/** Whether the condition holds for these answers. An unanswered field fails every comparison but notEquals and exists: false. */
export function evaluateGuard(guard: Guard, answers: Answers, ctx: GuardContext): boolean {
  if (guard.all) return guard.all.every((g) => evaluateGuard(g, answers, ctx));
  if (guard.any) return guard.any.some((g) => evaluateGuard(g, answers, ctx));
  if (guard.not) return !evaluateGuard(guard.not, answers, ctx);
  return evaluateComparison(guard as Comparison, answers, ctx);
}

/** Every field a guard reads, with the JSON path of its "field" key inside the guard. */
export function guardFields(
  guard: Guard,
  path: Array<string | number> = [],
): Array<{ field: string; path: Array<string | number> }> {
  if (guard.all) return guard.all.flatMap((g, i) => guardFields(g, [...path, "all", i]));
  if (guard.any) return guard.any.flatMap((g, i) => guardFields(g, [...path, "any", i]));
  if (guard.not) return guardFields(guard.not, [...path, "not"]);
  return [{ field: (guard as Comparison).field, path: [...path, "field"] }];
}

/**
 * Starting a service with an answer (issues 14 and 15): a link such as
 * `/workflow/get-bid-packet?bid=2026-0142` fills in a field of the service, here the bid search.
 * The workflow declares which query parameters may do so, and which field each fills
 * (`data.config.prefill: { "bid": "find-bid.query" }`); nothing else in the address is read.
 *
 * A prefilled value is not an answer: it becomes the screen's draft, what its form is filled
 * with, and the resident still sees the screen and sends it (or changes it). A value the field's
 * schema refuses is left out, never an error: the link may be old or mistyped.
 */

import { screenForm } from "./form";
import { screenNamed } from "./screens";
import type { Locale, Validate, Workflow } from "./types";

/** Far longer than any field a link has reason to fill: a cheap bound before the schema's own. */
const MAX_VALUE_LENGTH = 500;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

interface Target {
  screen: string;
  field: string;
  /** On a repeated screen the value fills the first item. */
  repeated: boolean;
}

/**
 * The field a declared target names, when a link may fill it: a text field of a question screen
 * (of a repeated screen's first item), not a choice from a lookup, not a writeOnly field. Else
 * why not, in words (`workflow check` says it: prefillProblems).
 */
function targetOf(workflow: Workflow, target: string): Target | string {
  const [screenName = "", field = "", ...more] = target.split(".");
  const screen = screenNamed(workflow, screenName);
  if (!screen) return `no screen "${screenName}"`;
  if (screen.type !== "question" && screen.type !== "lookup") return `"${screenName}" asks no questions`;
  const repeated = screen.repeat !== undefined;
  const item = repeated && isRecord(screen.schema?.items) ? screen.schema.items : screen.schema;
  const property = isRecord(item?.properties) ? item.properties[field] : undefined;
  if (more.length > 0 || !isRecord(property)) return `"${screenName}" has no field "${field}"`;
  if (property.type !== "string") return `"${target}" is not a text field`;
  if (property.writeOnly === true) return `"${target}" is writeOnly: a link must never carry it`;
  if (screen.choices?.[field]) return `"${target}" is a choice from a lookup`;
  return { screen: screen.name, field, repeated };
}

/** What is wrong with the file's `prefill`, one message per parameter: for `workflow check`. */
export function prefillProblems(workflow: Workflow): { param: string; message: string }[] {
  return Object.entries(workflow.prefill ?? {}).flatMap(([param, target]) => {
    const found = targetOf(workflow, target);
    return typeof found === "string"
      ? [{ param, message: `prefill.${param} cannot fill ${target}: ${found}` }]
      : [];
  });
}

/** The declared parameters present in an address's query, with their values (nothing else). */
export function prefillParams(workflow: Workflow, query: URLSearchParams): Record<string, string> {
  const found: Record<string, string> = {};
  for (const param of Object.keys(workflow.prefill ?? {})) {
    const value = query.get(param)?.trim();
    if (value && value.length <= MAX_VALUE_LENGTH) found[param] = value;
  }
  return found;
}

/** What a link fills in: the drafts by screen, and the parameters whose values made it there. */
interface Prefilled {
  fields: Record<string, Record<string, string>>;
  accepted: Record<string, string>;
}

function prefilled(
  workflow: Workflow,
  query: URLSearchParams,
  opts: { validate: Validate; locale: Locale; now: Date },
): Prefilled {
  const fields: Record<string, Record<string, string>> = {};
  const accepted: Record<string, string> = {};
  for (const [param, value] of Object.entries(prefillParams(workflow, query))) {
    const target = targetOf(workflow, workflow.prefill?.[param] ?? "");
    if (typeof target === "string") continue;
    const screen = screenNamed(workflow, target.screen);
    const schema = screen && screenForm(screen, opts.locale).schema;
    if (!schema) continue;
    const data = { ...fields[target.screen], [target.field]: value };
    const pointer = `${target.repeated ? "/0" : ""}/${target.field}`;
    const errors = opts.validate(schema, target.repeated ? [data] : data, {
      locale: opts.locale,
      now: opts.now,
    });
    if (errors.some((e) => e.path === pointer || e.path.startsWith(`${pointer}/`))) continue;
    fields[target.screen] = data;
    accepted[param] = value;
  }
  return { fields, accepted };
}

/**
 * The drafts a new journey starts with, by screen: each declared parameter of the query that its
 * field's schema accepts. Checked as an answer is (the screen's schema in the resident's
 * language); only the field's own errors count, since the other fields are not answered yet.
 */
export function prefillDrafts(
  workflow: Workflow,
  query: URLSearchParams,
  opts: { validate: Validate; locale: Locale; now: Date },
): Record<string, unknown> {
  const { fields } = prefilled(workflow, query, opts);
  return Object.fromEntries(
    Object.entries(fields).map(([name, data]) => [name, screenNamed(workflow, name)?.repeat ? [data] : data]),
  );
}

/**
 * The parameters of the query that prefillDrafts accepts, with their values: what the first
 * screen's form carries to its post, which makes the journey (the drafts of a later screen are
 * made again from them there). A value the field refuses is not carried: it fills nothing either
 * way, and an address should not repeat what a mistyped or forged link put in it.
 */
export function acceptedPrefillParams(
  workflow: Workflow,
  query: URLSearchParams,
  opts: { validate: Validate; locale: Locale; now: Date },
): Record<string, string> {
  return prefilled(workflow, query, opts).accepted;
}

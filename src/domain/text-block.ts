/**
 * Text block (SPEC §3): text with `{key}` placeholders filled from a replace map. A placeholder
 * without a value renders empty (SPEC §5).
 */

import { addDays, type DateInput, formatLongDate, formatUsDate, parseIsoDate } from "./dates";
import { formatCurrency } from "./money";

/** How a value is written: as it is, a yyyy-mm-dd date as mm/dd/yyyy, cents as $1,234.56. */
export type ValueFormat = "text" | "date" | "money";

/** A value read from the last API response, by dotted path ('a.b.0.c'). */
export interface ApiResponseEntry {
  type: "apiResponse";
  value_location: string;
  property?: string;
  format?: ValueFormat;
}

/** A value read from the data bound to the screen, by dotted path. */
export interface BoundDataEntry {
  type: "bound_data";
  location: string;
  format?: ValueFormat;
}

/**
 * A computed value; only 'date' exists: today as 'Month D, YYYY', or `days` from today ("we
 * respond by …": `"days": 7`).
 */
export interface FuncEntry {
  type: "func";
  name: "date";
  days?: number;
}

/** An answer the resident gave on another screen. */
export interface ReferenceEntry {
  type: "reference";
  screen: string;
  input: string;
  property?: string;
  format?: ValueFormat;
}

/** A text in one language, or in each language by locale ("en" is the fallback). */
export type LocalizedValue = string | Readonly<Record<string, string>>;

/**
 * An office detail written once in content/ (an agency's e-mail, address, phone, or the site's),
 * never retyped in a workflow. `agency` names content/agencies/<agency>.yaml; without it the
 * field is read from content/site.yaml. `value` is filled in when the workflows are loaded
 * (src/workflow/office-details.ts), so rendering stays free of I/O.
 */
export interface ContentEntry {
  type: "content";
  agency?: string;
  field: string;
  value?: LocalizedValue;
}

/** A text written in each language ("en" is the fallback). */
export interface WrittenText {
  en: string;
  es?: string;
}

/**
 * A text picked by an earlier answer: `by` names the answer ("agency.agency"), `texts` holds a text
 * for each of its values, `otherwise` the text for any other value. With no answer at all (a
 * screen the resident's path skipped) the placeholder is empty. The texts are Markdown of one line
 * (links, bold, italic), turned into HTML when the workflows are loaded
 * (src/workflow/rich-texts.ts), so they are shown alike on the server and in the browser.
 */
export interface ByAnswerEntry {
  type: "byAnswer";
  by: string;
  texts: Readonly<Record<string, WrittenText>>;
  otherwise?: WrittenText;
}

export type ReplaceEntry =
  | ApiResponseEntry
  | BoundDataEntry
  | FuncEntry
  | ReferenceEntry
  | ContentEntry
  | ByAnswerEntry;
export type ReplaceMap = Record<string, ReplaceEntry>;

export interface TextBlockContext {
  apiResponse?: unknown;
  boundData?: unknown;
  /** Answers per screen, then per input id. */
  answers?: Record<string, Record<string, unknown> | undefined>;
  /** Today, for the 'date' function. */
  now: DateInput;
  locale?: string;
}

/**
 * Reads a dotted path ('a.b.0.c'; 'a.b[0].c' too). Only own properties are followed, so a path
 * written by content staff cannot reach into prototypes.
 */
export function readPath(source: unknown, path: string): unknown {
  const segments = path
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .filter((segment) => segment !== "");
  let current: unknown = source;
  for (const segment of segments) {
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

function withProperty(value: unknown, property: string | undefined): unknown {
  return property ? readPath(value, property) : value;
}

/** The text of a localized value in `locale`, else in English. */
export function localizedValue(value: LocalizedValue | undefined, locale: string): string | undefined {
  if (value === undefined || typeof value === "string") return value;
  return (Object.hasOwn(value, locale) ? value[locale] : undefined) ?? value.en;
}

/** The text of a `byAnswer` entry for the answers in `ctx`, in its language (undefined: no answer). */
export function answerText(entry: ByAnswerEntry, ctx: TextBlockContext): string | undefined {
  const answer = readPath(ctx.boundData, entry.by);
  if (answer === undefined || answer === null || answer === "") return undefined;
  const key = typeof answer === "object" ? undefined : String(answer);
  const text = key !== undefined && Object.hasOwn(entry.texts, key) ? entry.texts[key] : entry.otherwise;
  if (text === undefined) return undefined;
  const locale = ctx.locale ?? "en";
  return (locale === "es" ? text.es : locale === "en" ? text.en : undefined) ?? text.en;
}

/** The raw value of one entry, before it becomes text. */
export function resolveEntry(entry: ReplaceEntry, ctx: TextBlockContext): unknown {
  switch (entry.type) {
    case "apiResponse":
      return withProperty(readPath(ctx.apiResponse, entry.value_location), entry.property);
    case "bound_data":
      return readPath(ctx.boundData, entry.location);
    case "func":
      return entry.name === "date"
        ? formatLongDate(addDays(ctx.now, entry.days ?? 0), ctx.locale ?? "en")
        : undefined;
    case "reference":
      return withProperty(ctx.answers?.[entry.screen]?.[entry.input], entry.property);
    case "content":
      return localizedValue(entry.value, ctx.locale ?? "en");
    case "byAnswer":
      return answerText(entry, ctx);
    default:
      return undefined;
  }
}

/**
 * A value as a resident reads it: a date or an amount of cents written the US way, a text given
 * in both languages ({ "en": …, "es": … }) in `locale`; anything else as it is.
 */
export function formatValue(value: unknown, format: ValueFormat | undefined, locale: string): unknown {
  if (format === "date" && typeof value === "string") {
    const date = parseIsoDate(value.slice(0, 10));
    return date ? formatUsDate(date) : value;
  }
  if (format === "money" && typeof value === "number" && Number.isSafeInteger(value)) {
    return formatCurrency(value, locale);
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value) && "en" in value) {
    return localizedValue(value as Record<string, string>, locale);
  }
  return value;
}

/** Text for a value: strings, numbers and booleans as written, lists of them joined; else empty. */
function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return String(value);
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join(", ");
  return "";
}

const PLACEHOLDER = /\{\s*([\w.-]+)\s*\}/g;

/**
 * The text with every `{key}` replaced; unknown keys and missing values become empty. `encode`
 * writes each value into the text (escapes it, when the text is HTML); it is told which entry the
 * value comes from, since a `byAnswer` text is the author's Markdown, not an answer.
 */
export function renderTextBlock(
  text: string,
  replace: ReplaceMap | null | undefined,
  ctx: TextBlockContext,
  encode: (value: string, entry: ReplaceEntry) => string = (value) => value,
): string {
  return text.replace(PLACEHOLDER, (_, key: string) => {
    const entry = replace && Object.hasOwn(replace, key) ? replace[key] : undefined;
    if (!entry) return "";
    const format = "format" in entry ? entry.format : undefined;
    const value = asText(formatValue(resolveEntry(entry, ctx), format, ctx.locale ?? "en"));
    return value === "" ? "" : encode(value, entry);
  });
}

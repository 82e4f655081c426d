/**
 * Turns Ajv errors into the resident's messages (SPEC §5), in English or Spanish. Browser-safe: it
 * needs no Ajv, only the errors' shape (validators are built with `verbose`, so each error carries
 * the schema that failed).
 *
 * - One message per field: the most basic problem wins (missing, then wrong type, then format, ...).
 * - 'required' points at the missing property (/applicant/email), not at its parent.
 * - A field's schema may override any keyword's message:
 *   "x-messages": { "required": "requiredNa" }                      a catalogue key
 *   "x-messages": { "pattern": "validation:parcelNumber" }          the same, with its namespace
 *   "x-messages": { "minItemsSelected": { "en": "…", "es": "…" } }  inline text ({{…}} interpolated)
 *   Any other string is looked up with the caller's `translate`, else shown as written.
 * - "x-required-na": true turns "This field is required." into its N/A variant.
 *
 * The catalogue is the "validation" namespace (locales/<lang>/validation.json), read through the
 * site's i18next (src/i18n): the browser has it from the page language's strings, not bundled here.
 */
import type catalogue from "../../../locales/en/validation.json";
import { formatUsDate, parseUsDate } from "../../domain/dates";
import { formatCurrency } from "../../domain/money";
import { formatTimeOfDay, parseTimeOfDay } from "../../domain/times";
import { i18nFor, interpolateText, textFor } from "../../i18n";
import { resolveDateBound } from "./date-bounds";
import { dateFieldFailure, dateFieldRule, daysFromField, resolvePointer } from "./keyword-checks";

export type Locale = "en" | "es";
/** A key of the catalogue; a plural's forms (dateDaysAfterAtLeast_one, _other) are one key. */
export type MessageKey = keyof typeof catalogue extends infer K
  ? K extends `${infer Base}_${"one" | "other"}`
    ? Base
    : K
  : never;

export interface FieldError {
  /** JSON pointer of the field, e.g. /applicant/email; '' for the form as a whole. */
  path: string;
  message: string;
  keyword: string;
}

/** The parts of an Ajv error this module reads. */
export interface AjvErrorLike {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  parentSchema?: unknown;
}

export type Translate = (
  key: string,
  locale: Locale,
  params: Record<string, string | number>,
) => string | undefined;

export interface MessageOptions {
  locale: Locale;
  now: Date;
  /** Resolves translation keys of other namespaces used in "x-messages". */
  translate?: Translate;
  /** The root schema, to read annotations through local "$ref"s. */
  rootSchema?: object;
  /** The answers validated, to name the other answer in a comparison ("on or after 03/01/2026"). */
  data?: unknown;
}

type Schema = Record<string, unknown>;

export function catalogueMessage(
  key: MessageKey,
  locale: Locale,
  params?: Record<string, string | number>,
): string {
  return textFor(locale, "validation")(key, params);
}

export function isMessageKey(key: string, locale: Locale = "en"): key is MessageKey {
  return i18nFor(locale).exists(key, { ns: "validation", nsSeparator: false, fallbackLng: false });
}

const asSchema = (value: unknown): Schema | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Schema) : undefined;

function escapePointer(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

function resolveLocalRef(schema: Schema | undefined, root: object | undefined): Schema | undefined {
  const ref = schema?.$ref;
  if (!schema || typeof ref !== "string" || !ref.startsWith("#") || !root) return schema;
  let node: unknown = root;
  for (const raw of ref.slice(1).replace(/^\//, "").split("/").filter(Boolean)) {
    node = asSchema(node)?.[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  const target = resolveLocalRef(asSchema(node), root);
  return target ? { ...target, ...schema } : schema;
}

const hasType = (schema: Schema | undefined, ...types: string[]) => {
  const type = schema?.type;
  return Array.isArray(type) ? type.some((t) => types.includes(t)) : types.includes(String(type));
};

/** A question answered by choosing (radios, select, yes/no), where "Please select a value." reads best. */
export function isChoice(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (Array.isArray(schema.enum) || schema.const !== undefined) return true;
  const options = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(options) && options.length > 0) {
    return options.every((option) => asSchema(option)?.const !== undefined);
  }
  return hasType(schema, "boolean");
}

const FORMAT_KEYS: Record<string, MessageKey> = {
  "us-date": "dateInvalid",
  "time-of-day": "timeInvalid",
  email: "email",
  "us-zip": "zipCode",
  "postal-code": "postalCode",
  "us-phone": "telephone",
  "card-number": "cardNumber",
  "card-expiry": "cardExpiryInvalid",
  "card-cvv": "securityCode",
  "routing-number": "routingNumber",
  "parcel-number": "parcelNumber",
  "last-five-digits": "lastFiveDigits",
  cents: "amountInvalid",
};

const KEYWORD_KEYS: Record<string, MessageKey> = {
  minLength: "minLength",
  maxLength: "maxLength",
  maximum: "numberTooBig",
  exclusiveMaximum: "numberTooBig",
  minimum: "numberTooSmall",
  exclusiveMinimum: "numberTooSmall",
  enum: "selectValue",
  const: "selectValue",
  minItems: "itemsSelected",
  maxItems: "maxItems",
  dateOnOrAfter: "dateOnOrAfter",
  dateOnOrBefore: "dateOnOrBefore",
  isToday: "dateNotToday",
  dateOnOrAfterField: "dateOnOrAfter",
  dateOnOrBeforeField: "dateOnOrBefore",
  timeAfterField: "timeAfter",
  minimumField: "numberTooSmall",
  maximumField: "numberTooBig",
  matchesField: "valuesDoNotMatch",
  minAmount: "amountSeemsLow",
  maxAmount: "amountSeemsHigh",
  seemsHigh: "numberSeemsHigh",
  numbersOnly: "numbersOnly",
  mustAgree: "agreeToTerms",
  minItemsSelected: "itemsSelected",
  amountsGreaterThanZero: "amountsGreaterThanZero",
  cardNotExpired: "cardExpired",
  securityCodeFor: "securityCode",
};

// Lower first: the message a resident should fix first when one field breaks several rules.
const PRIORITY: Record<string, number> = {
  required: 0,
  type: 1,
  format: 2,
  numbersOnly: 2,
  enum: 3,
  const: 3,
  minLength: 4,
  maxLength: 4,
  pattern: 4,
  oneOf: 9,
  anyOf: 9,
};
const priority = (keyword: string) => PRIORITY[keyword] ?? 5;

function defaultKey(error: AjvErrorLike, field: Schema | undefined): MessageKey {
  const { keyword, params } = error;
  switch (keyword) {
    case "required":
    case "dependentRequired":
      if (field?.mustAgree === true) return "agreeToTerms";
      if (field?.["x-required-na"] === true) return "requiredNa";
      return isChoice(field) ? "selectValue" : "required";
    case "type": {
      const expected = String(params.type ?? "");
      if (/number|integer/.test(expected)) return field?.format === "cents" ? "amountInvalid" : "numbersOnly";
      return isChoice(field) ? "selectValue" : "invalid";
    }
    case "format":
      return FORMAT_KEYS[String(params.format)] ?? "invalid";
    case "oneOf":
    case "anyOf":
      return isChoice(field) ? "selectValue" : "invalid";
    default:
      return KEYWORD_KEYS[keyword] ?? "invalid";
  }
}

function formatNumber(value: unknown, field: Schema | undefined): string {
  if (typeof value !== "number") return String(value ?? "");
  if (field?.format === "cents" && Number.isSafeInteger(value)) return formatCurrency(value);
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 }).format(value);
}

/** The answer a *Field keyword compares with: its pointer read beside the failing answer, or from the root. */
function comparedAnswer(error: AjvErrorLike, data: unknown): unknown {
  const pointer = dateFieldRule(error.params.limit)?.field;
  if (typeof pointer !== "string") return undefined;
  const parent = resolvePointer(error.instancePath.replace(/\/[^/]*$/, ""), data, data);
  return resolvePointer(pointer, parent, data);
}

const GAP_KEYS = {
  dateOnOrAfterField: { min: "dateDaysAfterAtLeast", max: "dateDaysAfterAtMost" },
  dateOnOrBeforeField: { min: "dateDaysBeforeAtLeast", max: "dateDaysBeforeAtMost" },
} as const satisfies Record<string, Record<"min" | "max", MessageKey>>;

/**
 * A date comparison with a gap in days that failed on the gap ("at least 3 days after 06/05/2026"),
 * its message (a plural: "1 day", "3 days") and the number of days; undefined for any other error
 * (its own message stands).
 */
function dateGap(error: AjvErrorLike, data: unknown): { key: MessageKey; days: number } | undefined {
  if (error.keyword !== "dateOnOrAfterField" && error.keyword !== "dateOnOrBeforeField") return undefined;
  const rule = dateFieldRule(error.params.limit);
  if (!rule || (rule.minDays === undefined && rule.maxDays === undefined)) return undefined;
  const direction = error.keyword === "dateOnOrAfterField" ? 1 : -1;
  const parent = resolvePointer(error.instancePath.replace(/\/[^/]*$/, ""), data, data);
  const days = daysFromField(resolvePointer(error.instancePath, data, data), rule, direction, parent, data);
  const failure = days === null ? null : dateFieldFailure(days, rule);
  if (failure !== "min" && failure !== "max") return undefined;
  const limit = (failure === "min" ? rule.minDays : rule.maxDays) ?? 0;
  return { key: GAP_KEYS[error.keyword][failure], days: limit };
}

function paramsFor(
  error: AjvErrorLike,
  field: Schema | undefined,
  now: Date,
  data: unknown,
): Record<string, string | number> {
  const { keyword, params } = error;
  const limit = params.limit ?? params.comparison;
  switch (keyword) {
    case "dateOnOrAfterField":
    case "dateOnOrBeforeField": {
      const other = comparedAnswer(error, data);
      const date = typeof other === "string" ? parseUsDate(other) : null;
      return { date: date ? formatUsDate(date) : "" };
    }
    case "timeAfterField": {
      const other = comparedAnswer(error, data);
      const minutes = typeof other === "string" ? parseTimeOfDay(other) : null;
      return { time: minutes === null ? "" : formatTimeOfDay(minutes) };
    }
    case "minimumField":
    case "maximumField":
      return { number: formatNumber(comparedAnswer(error, data), field) };
    case "maximum":
    case "exclusiveMaximum":
    case "minimum":
    case "exclusiveMinimum":
      return { number: formatNumber(limit, field) };
    case "dateOnOrAfter":
    case "dateOnOrBefore": {
      const date = resolveDateBound(limit, now);
      return { date: date ? formatUsDate(date) : "" };
    }
    default:
      return limit === undefined ? {} : { limit: String(limit) };
  }
}

function override(field: Schema | undefined, keyword: string): unknown {
  return asSchema(field?.["x-messages"])?.[keyword];
}

function render(
  custom: unknown,
  key: MessageKey,
  params: Record<string, string | number>,
  { locale, translate }: MessageOptions,
): string {
  if (typeof custom === "string") {
    const bare = custom.replace(/^validation:/, "");
    if (isMessageKey(bare, locale)) return catalogueMessage(bare, locale, params);
    return translate?.(custom, locale, params) ?? interpolateText(locale, custom, params);
  }
  const inline = asSchema(custom);
  if (inline && typeof inline[locale] === "string")
    return interpolateText(locale, inline[locale] as string, params);
  return catalogueMessage(key, locale, params);
}

function locate(error: AjvErrorLike, root: object | undefined): { path: string; field: Schema | undefined } {
  const parent = resolveLocalRef(asSchema(error.parentSchema), root);
  const missing = error.params.missingProperty;
  if (
    (error.keyword === "required" || error.keyword === "dependentRequired") &&
    typeof missing === "string"
  ) {
    const property = resolveLocalRef(asSchema(asSchema(parent?.properties)?.[missing]), root);
    return { path: `${error.instancePath}/${escapePointer(missing)}`, field: property };
  }
  const spec = asSchema(error.params.limit);
  if (error.keyword === "minItemsSelected" && Array.isArray(spec?.from) && typeof spec.from[0] === "string") {
    return { path: `${error.instancePath}/${escapePointer(spec.from[0])}`, field: parent };
  }
  if (error.keyword === "additionalProperties") return { path: error.instancePath, field: undefined };
  return { path: error.instancePath, field: parent };
}

/** The resident's messages for a list of Ajv errors: one per field, in the order fields failed. */
export function toFieldErrors(
  errors: readonly AjvErrorLike[] | null | undefined,
  options: MessageOptions,
): FieldError[] {
  const best = new Map<string, { error: AjvErrorLike; field: Schema | undefined }>();
  for (const error of errors ?? []) {
    if (error.keyword === "if") continue;
    const { path, field } = locate(error, options.rootSchema);
    const current = best.get(path);
    if (!current || priority(error.keyword) < priority(current.error.keyword)) {
      best.set(path, { error, field });
    }
  }
  return [...best].map(([path, { error, field }]) => {
    const params = paramsFor(error, field, options.now, options.data);
    const gap = dateGap(error, options.data);
    if (gap) params.count = gap.days;
    const key = gap?.key ?? defaultKey(error, field);
    const message = render(override(field, error.keyword), key, params, options);
    return { path, message, keyword: error.keyword };
  });
}

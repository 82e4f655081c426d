/**
 * The catalogue's Ajv keywords. Each is a `code` keyword whose generated code calls the matching
 * function of keyword-checks.ts, passing the validation context (`this`, thanks to Ajv's
 * passContext) so that "now" is never read inside. The call site names the function twice: as a
 * live reference, used when Ajv compiles at run time, and as `require(RUNTIME_MODULE).keywords[…]`,
 * which compile.ts rewrites into an import of runtime.ts for ahead-of-time (standalone) code.
 */
import { _, Ajv, type CodeKeywordDefinition, type KeywordCxt, Name, type ValidateFunction } from "ajv";
import { dateBoundProblem } from "./date-bounds";
import { type CatalogueKeyword, type KeywordCheck, keywordChecks } from "./keyword-checks";

// The root data argument of every Ajv validate function.
const ROOT_DATA = new Name("rootData");

/** A placeholder module specifier in generated code; compile.ts replaces it. */
export const RUNTIME_MODULE = "@cedarport/forms-validation-runtime";

/** Schema annotations the catalogue reads (messages.ts) or the theme reads; Ajv only tolerates them. */
export const ANNOTATION_KEYWORDS = [
  "x-required-na",
  "x-messages",
  "x-autocomplete",
  "x-upload",
  // Read by the staff console's CSV export (src/back-office/csv.ts).
  "x-export",
] as const;

/** "/other" (a field beside this one) or "#/a/b" (from the screen's root). */
const pointerSchema = { type: "string", pattern: "^#?/" };

type JsonType = "string" | "number" | "integer" | "boolean" | "array" | "object";

/**
 * What each keyword's value may be: a meta-schema, or a function saying in plain words why a value
 * is wrong. Either is checked as the schema compiles (see `code` below), not through Ajv's own
 * `metaSchema`: the catalogue's Ajv runs with `messages: false`, so its refusal would read "data
 * undefined" to the person who wrote the workflow.
 */
type ValueRule = { metaSchema: object } | { problem: (value: unknown) => string | undefined };

// Messages on: this instance only checks keyword values, and its messages are for staff.
let metaAjv: Ajv | undefined;
const metaValidators = new WeakMap<object, ValidateFunction>();

function metaSchemaProblem(metaSchema: object, value: unknown): string | undefined {
  metaAjv ??= new Ajv({ allErrors: true });
  let validate = metaValidators.get(metaSchema);
  if (!validate) {
    validate = metaAjv.compile(metaSchema);
    metaValidators.set(metaSchema, validate);
  }
  if (validate(value)) return undefined;
  return `${JSON.stringify(value)} is not allowed here: ${metaAjv.errorsText(validate.errors, { dataVar: "the value" })}`;
}

/**
 * A catalogue keyword whose value cannot be used, thrown as the schema compiles. `path` is where in
 * the compiled schema (ending with the keyword), so tools can point at the very place in a file.
 */
export class KeywordValueError extends Error {
  override readonly name = "KeywordValueError";
  readonly keyword: string;
  readonly path: Array<string | number>;
  readonly reason: string;

  constructor(keyword: string, path: Array<string | number>, reason: string) {
    super(`${keyword}: ${reason} (at #/${path.join("/")})`);
    this.keyword = keyword;
    this.path = path;
    this.reason = reason;
  }
}

const LIST_KEYWORDS = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);

/** Ajv's error schema path ("#/properties/a%20b/dateOnOrAfter") as a path. */
function schemaPathOf(errSchemaPath: string): Array<string | number> {
  const parts = errSchemaPath
    .replace(/^#\/?/, "")
    .split("/")
    .filter((part) => part !== "")
    .map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
  return parts.map((part, i) =>
    /^\d+$/.test(part) && LIST_KEYWORDS.has(parts[i - 1] ?? "") ? Number(part) : part,
  );
}

/** A date comparison: a pointer, or { field, minDays, maxDays } (keyword-checks.ts `DateFieldRule`). */
const dateFieldSchema = {
  anyOf: [
    pointerSchema,
    {
      type: "object",
      required: ["field"],
      additionalProperties: false,
      properties: {
        field: pointerSchema,
        minDays: { type: "integer", minimum: 0 },
        maxDays: { type: "integer", minimum: 1 },
      },
    },
  ],
};

function dateFieldProblem(value: unknown): string | undefined {
  const problem = metaSchemaProblem(dateFieldSchema, value);
  if (problem) return problem;
  const { minDays, maxDays } = value as { minDays?: number; maxDays?: number };
  if (minDays !== undefined && maxDays !== undefined && minDays > maxDays)
    return `minDays (${minDays}) is more than maxDays (${maxDays}): no date could pass`;
  return undefined;
}

function valueProblem(rule: ValueRule, value: unknown): string | undefined {
  return "problem" in rule ? rule.problem(value) : metaSchemaProblem(rule.metaSchema, value);
}

const KEYWORDS: Record<CatalogueKeyword, { type?: JsonType | JsonType[] } & ValueRule> = {
  dateOnOrAfter: { type: "string", problem: dateBoundProblem },
  dateOnOrBefore: { type: "string", problem: dateBoundProblem },
  isToday: { type: "string", metaSchema: { type: "boolean" } },
  dateOnOrAfterField: { type: "string", problem: dateFieldProblem },
  dateOnOrBeforeField: { type: "string", problem: dateFieldProblem },
  timeAfterField: { type: "string", metaSchema: pointerSchema },
  minimumField: { type: "number", metaSchema: pointerSchema },
  maximumField: { type: "number", metaSchema: pointerSchema },
  matchesField: { metaSchema: pointerSchema },
  minAmount: { type: "number", metaSchema: { type: "integer" } },
  maxAmount: { type: "number", metaSchema: { type: "integer" } },
  seemsHigh: { type: "number", metaSchema: { type: "number" } },
  numbersOnly: { type: "string", metaSchema: { type: "boolean" } },
  mustAgree: { metaSchema: { type: "boolean" } },
  minItemsSelected: {
    type: ["array", "object"],
    metaSchema: {
      anyOf: [
        { type: "integer", minimum: 0 },
        {
          type: "object",
          properties: {
            min: { type: "integer", minimum: 0 },
            from: { type: "array", items: { type: "string" } },
          },
          required: ["from"],
          additionalProperties: false,
        },
      ],
    },
  },
  amountsGreaterThanZero: { type: "array", metaSchema: { type: ["boolean", "string"] } },
  cardNotExpired: { type: "string", metaSchema: { type: "boolean" } },
  securityCodeFor: { type: "string", metaSchema: { type: "string" } },
};

export interface KeywordOptions {
  /** The clock for validators called without a context (run-time compilation only). */
  now?: () => Date;
}

/** With a fallback clock, a run-time compiled validator may be called without `{ now }`. */
function withFallbackClock(check: KeywordCheck, now: (() => Date) | undefined): KeywordCheck {
  if (!now) return check;
  return (data, value, context, parent, root) => {
    const hasNow = (context as { now?: unknown } | null | undefined)?.now instanceof Date;
    return check(data, value, hasNow ? context : { now: now() }, parent, root);
  };
}

export function catalogueKeywords(options: KeywordOptions = {}): CodeKeywordDefinition[] {
  return (Object.keys(KEYWORDS) as CatalogueKeyword[]).map((keyword) => {
    const rule = KEYWORDS[keyword];
    const ref = withFallbackClock(keywordChecks[keyword], options.now);
    return {
      keyword,
      ...(rule.type ? { type: rule.type } : {}),
      error: {
        message: `must pass ${keyword}`,
        params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
      },
      code(cxt: KeywordCxt) {
        // Code is generated as the schema compiles, so a wrong value refuses the schema there.
        const problem = valueProblem(rule, cxt.schema);
        if (problem)
          throw new KeywordValueError(keyword, [...schemaPathOf(cxt.it.errSchemaPath), keyword], problem);
        const fn = cxt.gen.scopeValue("func", {
          ref,
          code: _`require(${RUNTIME_MODULE}).keywords[${keyword}]`,
        });
        cxt.fail(_`!${fn}(${cxt.data}, ${cxt.schemaValue}, this, ${cxt.it.parentData}, ${ROOT_DATA})`);
      },
    };
  });
}

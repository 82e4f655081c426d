/**
 * The catalogue's Ajv keywords. Each is a `code` keyword whose generated code calls the matching
 * function of keyword-checks.ts, passing the validation context (`this`, thanks to Ajv's
 * passContext) so that "now" is never read inside. The call site names the function twice: as a
 * live reference, used when Ajv compiles at run time, and as `require(RUNTIME_MODULE).keywords[…]`,
 * which compile.ts rewrites into an import of runtime.ts for ahead-of-time (standalone) code.
 */
import { _, type CodeKeywordDefinition, type KeywordCxt, Name } from "ajv";
import { type CatalogueKeyword, type KeywordCheck, keywordChecks } from "./keyword-checks";

// The root data argument of every Ajv validate function.
const ROOT_DATA = new Name("rootData");

/** A placeholder module specifier in generated code; compile.ts replaces it. */
export const RUNTIME_MODULE = "@cedarport/forms-validation-runtime";

/** Schema annotations the catalogue reads (messages.ts) or the theme reads; Ajv only tolerates them. */
export const ANNOTATION_KEYWORDS = ["x-required-na", "x-messages", "x-autocomplete"] as const;

const dateBoundSchema = {
  anyOf: [
    { type: "string", pattern: "^(today|endOfLastYear|\\d{4}-\\d{2}-\\d{2})$" },
    {
      type: "object",
      properties: {
        years: { type: "integer" },
        months: { type: "integer" },
        days: { type: "integer" },
        from: { enum: ["today", "endOfLastYear"] },
      },
      additionalProperties: false,
    },
  ],
};

type JsonType = "string" | "number" | "integer" | "boolean" | "array" | "object";

const KEYWORDS: Record<CatalogueKeyword, { type?: JsonType | JsonType[]; metaSchema: object }> = {
  dateOnOrAfter: { type: "string", metaSchema: dateBoundSchema },
  dateOnOrBefore: { type: "string", metaSchema: dateBoundSchema },
  isToday: { type: "string", metaSchema: { type: "boolean" } },
  matchesField: { metaSchema: { type: "string" } },
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
    const { type, metaSchema } = KEYWORDS[keyword];
    const ref = withFallbackClock(keywordChecks[keyword], options.now);
    return {
      keyword,
      ...(type ? { type } : {}),
      metaSchema,
      error: {
        message: `must pass ${keyword}`,
        params: ({ schemaCode }) => _`{limit: ${schemaCode}}`,
      },
      code(cxt: KeywordCxt) {
        const fn = cxt.gen.scopeValue("func", {
          ref,
          code: _`require(${RUNTIME_MODULE}).keywords[${keyword}]`,
        });
        cxt.fail(_`!${fn}(${cxt.data}, ${cxt.schemaValue}, this, ${cxt.it.parentData}, ${ROOT_DATA})`);
      },
    };
  });
}

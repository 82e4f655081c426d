/**
 * What one GraphQL operation may ask of the content service, as Yoga plugins. The site's own
 * queries (src/content/queries.ts) are the yardstick: tests/integration/content-service.test.ts runs
 * each through the service and query-limits.test.ts checks their fan-out, so a query that outgrows
 * the limits fails a test rather than a page. The largest
 * today: depth 6 (activity, landingPage), static cost 608 and 292 tokens (activity), fan-out 33,352
 * (landingPage), no aliases, no directives.
 */
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { GraphQLError, type ValidationRule } from "graphql";
import { type ComplexityEstimator, getComplexity } from "graphql-query-complexity";
import type { Plugin } from "graphql-yoga";

export const CONTENT_QUERY_LIMITS = {
  /**
   * Exactly what the site needs (GraphQL Armor counts the leaf field too). One level more is the
   * nested activities → related_activities → agencies → activities → … query of issue 9.
   */
  maxDepth: 6,
  /** GraphQL Armor's static cost (each level 1.5× heavier, `first: n` multiplies): 1.6× the site's largest. */
  maxCost: 1000,
  /** 3.5× the site's largest; the parser stops counting at the limit, so a huge query costs no more. */
  maxTokens: 1000,
  /** The site uses none; aliases are how one request repeats an expensive field, so only a few. */
  maxAliases: 5,
  /** The site uses none; a few @include/@skip for other clients. */
  maxDirectives: 10,
  /**
   * Fields in the answer, estimated with ASSUMED_LIST_SIZE items per list (see fanOutEstimator):
   * 1.5× the landing page's 33,352. A chain of five lists (111,111 and up) is refused whatever its
   * depth or static cost, which neither sees: GraphQL Armor's cost alone lets one request within its
   * other limits return 13 MB.
   */
  maxFanOut: 50_000,
} as const;

/** Items a list field is assumed to hold; `localizations` holds one per site language. */
export const ASSUMED_LIST_SIZE = 10;
const LOCALIZATIONS = 2;

/**
 * A field costs 1 plus its selection, multiplied by the items of a list. The type is read from its
 * SDL form (`[Activity!]!`) rather than with graphql's isListType: the schema may come from another
 * copy of graphql (CommonJS beside ESM under the test runner), where instanceof checks fail.
 */
export const fanOutEstimator: ComplexityEstimator = ({ field, childComplexity }) => {
  if (!String(field.type).startsWith("[")) return 1 + childComplexity;
  return 1 + childComplexity * (field.name === "localizations" ? LOCALIZATIONS : ASSUMED_LIST_SIZE);
};

/** GraphQL Armor: depth, static cost, tokens, aliases, directives, and no "Did you mean …?". */
export function armorPlugin(): Plugin {
  return EnvelopArmorPlugin({
    maxDepth: { n: CONTENT_QUERY_LIMITS.maxDepth },
    costLimit: { maxCost: CONTENT_QUERY_LIMITS.maxCost },
    maxTokens: { n: CONTENT_QUERY_LIMITS.maxTokens },
    maxAliases: { n: CONTENT_QUERY_LIMITS.maxAliases },
    maxDirectives: { n: CONTENT_QUERY_LIMITS.maxDirectives },
    // suggestions would map the schema for someone who may not introspect it
    blockFieldSuggestion: { enabled: true },
  });
}

/**
 * Refuses an operation whose answer would fan out too far (graphql-query-complexity with the
 * list-aware estimator). It runs before execution, with the request's variables, after Armor's
 * validation has bounded the document.
 */
export function fanOutLimitPlugin(maxFanOut: number = CONTENT_QUERY_LIMITS.maxFanOut): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      let fanOut: number;
      try {
        fanOut = getComplexity({
          schema: args.schema,
          query: args.document,
          variables: (args.variableValues ?? {}) as Record<string, unknown>,
          ...(args.operationName ? { operationName: args.operationName } : {}),
          estimators: [fanOutEstimator],
        });
      } catch (error) {
        // Invalid variables (a GraphQLError, in graphql's words); anything else: refuse rather than
        // let an unmeasured query run.
        const known = error instanceof Error && error.name === "GraphQLError";
        setResultAndStopExecution({
          errors: [known ? (error as GraphQLError) : new GraphQLError("Query could not be measured.")],
        });
        return;
      }
      if (fanOut > maxFanOut) {
        setResultAndStopExecution({
          errors: [
            new GraphQLError(`Query too large: it may return about ${fanOut} fields (limit ${maxFanOut}).`),
          ],
        });
      }
    },
  };
}

/**
 * Refuses `__schema` and `__type`, as graphql-js's NoSchemaIntrospectionCustomRule does (`__typename`
 * stays allowed). By field name only, with no type checks, so it holds whichever copy of graphql
 * built the schema (that rule's type checks throw when the copies differ, and in production mode
 * they would fail open).
 */
const noSchemaIntrospection: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === "__schema" || node.name.value === "__type") {
      context.reportError(
        new GraphQLError(
          `GraphQL introspection has been disabled, but the requested query contained the field "${node.name.value}".`,
          { nodes: node },
        ),
      );
    }
  },
});

export const noIntrospectionPlugin: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(noSchemaIntrospection);
  },
};

import { readFileSync } from "node:fs";
import { parse } from "graphql";
import { getComplexity } from "graphql-query-complexity";
import { createSchema } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { queries } from "../content/queries";
import { CONTENT_QUERY_LIMITS, fanOutEstimator } from "./query-limits";

// Built by yoga, like the service's schema (so graphql-query-complexity sees the same copy of graphql).
const schema = createSchema({
  typeDefs: readFileSync(new URL("./schema.graphql", import.meta.url), "utf8"),
});
const fanOut = (query: string) =>
  getComplexity({
    schema,
    query: parse(query),
    variables: { slug: "x", id: "x", search: "x", locale: ["en"] },
    estimators: [fanOutEstimator],
  });

describe("fan-out limit", () => {
  it("lets every query the site sends through, with room to grow", () => {
    for (const [name, query] of Object.entries(queries)) {
      expect(fanOut(query), name).toBeLessThanOrEqual(CONTENT_QUERY_LIMITS.maxFanOut / 1.4);
    }
  });

  it("counts a list as ASSUMED_LIST_SIZE items and localizations as one per language", () => {
    expect(fanOut("{ activities { id } }")).toBe(1 + 10 * 1);
    expect(fanOut("{ activities { localizations { locale } } }")).toBe(1 + 10 * (1 + 2 * 1));
    expect(fanOut('{ activity(slug: "x") { title agency { title } } }')).toBe(1 + (1 + (1 + 1)));
  });

  it("refuses any chain of five lists, however few its fields", () => {
    const chains = [
      "{ activities { related_activities { agencies { activities { related_activities { id } } } } } }",
      "{ topics { activities { topics { activities { topics { id } } } } } }",
      "{ agencies { activities { agencies { activities { agencies { id } } } } } }",
    ];
    for (const query of chains) expect(fanOut(query), query).toBeGreaterThan(CONTENT_QUERY_LIMITS.maxFanOut);
  });
});

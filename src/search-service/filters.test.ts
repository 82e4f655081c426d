import { describe, expect, it } from "vitest";
import {
  combineFilters,
  FilterSyntaxError,
  filterForLocale,
  parseFacetFilters,
  parseFilters,
} from "./filters";

describe("parseFilters", () => {
  it("parses Algolia's boolean syntax with precedence and quotes", () => {
    expect(parseFilters("")).toBeNull();
    expect(parseFilters("locale:es")).toEqual({ op: "eq", attribute: "locale", value: "es" });
    expect(parseFilters('locale:es AND (kind:topic OR NOT kind:"activity") or tag_ids:pay')).toEqual({
      op: "or",
      nodes: [
        {
          op: "and",
          nodes: [
            { op: "eq", attribute: "locale", value: "es" },
            {
              op: "or",
              nodes: [
                { op: "eq", attribute: "kind", value: "topic" },
                { op: "not", node: { op: "eq", attribute: "kind", value: "activity" } },
              ],
            },
          ],
        },
        { op: "eq", attribute: "tag_ids", value: "pay" },
      ],
    });
  });

  it("rejects malformed filters with FilterSyntaxError", () => {
    const deep = `${"(".repeat(4000)}locale:en${")".repeat(4000)}`.slice(0, 4096);
    const nots = `${"NOT ".repeat(1000)}locale:en`;
    for (const bad of [
      "locale",
      "locale:",
      "(locale:en",
      "locale:en)",
      "locale:en AND",
      '"open',
      "a:b c:d",
      "x".repeat(5000),
      deep,
      nots,
    ]) {
      expect(() => parseFilters(bad), bad).toThrow(FilterSyntaxError);
    }
  });
});

describe("parseFacetFilters", () => {
  it("reads strings, lists, nested OR lists, negation and JSON strings", () => {
    expect(parseFacetFilters(undefined)).toBeNull();
    expect(parseFacetFilters("locale:en")).toEqual({ op: "eq", attribute: "locale", value: "en" });
    expect(parseFacetFilters(["locale:en", ["kind:topic", "kind:agency"], "-tag_ids:pay"])).toEqual({
      op: "and",
      nodes: [
        { op: "eq", attribute: "locale", value: "en" },
        {
          op: "or",
          nodes: [
            { op: "eq", attribute: "kind", value: "topic" },
            { op: "eq", attribute: "kind", value: "agency" },
          ],
        },
        { op: "not", node: { op: "eq", attribute: "tag_ids", value: "pay" } },
      ],
    });
    expect(parseFacetFilters('["locale:es"]')).toEqual({ op: "eq", attribute: "locale", value: "es" });
  });

  it("rejects what is not a facet filter", () => {
    for (const bad of [42, { a: 1 }, [1], ["nocolon"], "[not json", [":x"]]) {
      expect(() => parseFacetFilters(bad)).toThrow(FilterSyntaxError);
    }
  });
});

describe("filterForLocale", () => {
  const tree = combineFilters(parseFilters("locale:es AND kind:topic"), null);
  it("settles locale clauses for one language's index", () => {
    expect(filterForLocale(tree, "es")).toEqual({ op: "eq", attribute: "kind", value: "topic" });
    expect(filterForLocale(tree, "en")).toBe(false);
    expect(filterForLocale(parseFilters("locale:en OR locale:es"), "es")).toBe(true);
    expect(filterForLocale(parseFilters("NOT locale:en"), "en")).toBe(false);
    expect(filterForLocale(null, "en")).toBe(true);
  });
});

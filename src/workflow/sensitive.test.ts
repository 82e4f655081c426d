import { describe, expect, it } from "vitest";
import { STORAGE_LIMITS, storableAnswer, withinDepth } from "./sensitive";
import type { JSONSchema } from "./types";

const schema: JSONSchema = {
  type: "object",
  properties: {
    name: { type: "string" },
    card: { type: "string", writeOnly: true },
    address: {
      type: "object",
      properties: { line1: { type: "string" }, zip: { type: "string" } },
    },
    dogs: {
      type: "array",
      items: { type: "object", properties: { name: { type: "string" }, age: { type: "integer" } } },
    },
    colours: { type: "array", items: { type: "string" } },
  },
};

function nested(levels: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe("what of an answer may be stored", () => {
  it("keeps declared fields, in nested objects and repeated items too", () => {
    const data = {
      name: "Ana",
      address: { line1: "1 Main St", zip: "46201" },
      dogs: [{ name: "Rex", age: 3 }],
      colours: ["red", "blue"],
    };
    expect(storableAnswer(schema, data)).toEqual(data);
  });

  it("drops writeOnly fields and keys the schema does not declare, at every level", () => {
    const data = {
      name: "Ana",
      card: "4111111111111111",
      isAdmin: true,
      address: { line1: "1 Main St", evil: "x" },
      dogs: [{ name: "Rex", owner: "someone else" }],
      __proto__: { polluted: true },
    };
    expect(storableAnswer(schema, data)).toEqual({
      name: "Ana",
      address: { line1: "1 Main St" },
      dogs: [{ name: "Rex" }],
    });
  });

  it("drops structured values where the schema declares a single one", () => {
    expect(storableAnswer(schema, { name: { a: 1 }, colours: [["x"], "red"] })).toEqual({ colours: ["red"] });
    expect(storableAnswer(schema, { address: "not an object", dogs: "nor a list" })).toEqual({});
  });

  it("cuts long strings and long lists", () => {
    const kept = storableAnswer(schema, {
      name: "x".repeat(50_000),
      colours: Array.from({ length: 500 }, (_, i) => `c${i}`),
    }) as { name: string; colours: string[] };
    expect(kept.name).toHaveLength(STORAGE_LIMITS.stringLength);
    expect(kept.colours).toHaveLength(STORAGE_LIMITS.items);
  });

  it("never stores anything deeper than the limit, even where a schema nests deeper", () => {
    let deep: JSONSchema = { type: "string" };
    for (let i = 0; i < 20; i++) deep = { type: "object", properties: { a: deep } };
    const kept = storableAnswer(deep, nested(20));
    expect(withinDepth(kept, STORAGE_LIMITS.depth)).toBe(true);
    expect(storableAnswer(schema, nested(3_000))).toEqual({});
  });

  it("stores nothing for a screen without a schema, or nothing posted", () => {
    expect(storableAnswer(undefined, { name: "Ana" })).toBeUndefined();
    expect(storableAnswer(schema, undefined)).toBeUndefined();
  });
});

describe("withinDepth", () => {
  it("measures nesting of objects and arrays without recursion", () => {
    expect(withinDepth("text", 1)).toBe(true);
    expect(withinDepth({ a: [1] }, 2)).toBe(true);
    expect(withinDepth({ a: [1] }, 1)).toBe(false);
    expect(withinDepth(nested(100_000), 10)).toBe(false);
  });
});

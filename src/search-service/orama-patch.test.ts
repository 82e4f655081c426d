import { create, insert, search } from "@orama/orama";
import { radix } from "@orama/orama/trees";
import { describe, expect, it } from "vitest";
import "./locale-index";

describe("Orama findAllWords patch", () => {
  it("is installed and returns every document of every matching word", async () => {
    const proto = radix.RadixNode.prototype as unknown as { findAllWords: { name: string } };
    expect(proto.findAllWords.name).toBe("linearFindAllWords");
    const db = create({ schema: { text: "string" } as const });
    for (let i = 0; i < 300; i++) await insert(db, { text: i % 3 === 0 ? "property taxes" : "property" });
    const prefix = await search(db, { term: "prop", limit: 1000 });
    expect(prefix.count).toBe(300);
    const exact = await search(db, { term: "taxes", limit: 1000 });
    expect(exact.count).toBe(100);
    const fuzzy = await search(db, { term: "taxez", tolerance: 1, limit: 1000 });
    expect(fuzzy.count).toBe(100);
  });
});

/**
 * Orama 3.1.18's RadixNode.findAllWords checked each document against the word's list with
 * Array.includes before pushing it: quadratic in the documents holding a word. The fix lives in
 * patches/@orama+orama+3.1.18.patch, applied by `patch-package` on every `npm install`
 * (docs/adr/0002-search-engine.md). These tests check what the patch must keep and what it must
 * change: the same documents for every kind of search, and work on a word's document list that
 * grows linearly with the documents, counted in operations rather than timed (the timed figure is
 * in bench/search.ts).
 */
import { create, insert, search } from "@orama/orama";
import { radix } from "@orama/orama/trees";
import { describe, expect, it } from "vitest";

describe("Orama's findAllWords, as patched", () => {
  it("returns every document of every matching word, by prefix, exactly and with a typo", async () => {
    const db = create({ schema: { text: "string" } as const });
    for (let i = 0; i < 300; i++) await insert(db, { text: i % 3 === 0 ? "property taxes" : "property" });
    const prefix = await search(db, { term: "prop", limit: 1000 });
    expect(prefix.count).toBe(300);
    const exact = await search(db, { term: "taxes", limit: 1000 });
    expect(exact.count).toBe(100);
    const fuzzy = await search(db, { term: "taxez", tolerance: 1, limit: 1000 });
    expect(fuzzy.count).toBe(100);
    const none = await search(db, { term: "taxzzz", tolerance: 1, limit: 1000 });
    expect(none.count).toBe(0);
  });

  it("lists each matching word's documents once, in the order they were added", () => {
    const tree = new radix.RadixTree();
    for (const id of [3, 1, 2]) tree.insert("property", id);
    for (const id of [2, 4]) tree.insert("proper", id);
    tree.insert("prosper", 5);
    expect(tree.find({ term: "prop", exact: false })).toEqual({ property: [3, 1, 2], proper: [2, 4] });
    expect(tree.find({ term: "proper", exact: true })).toEqual({ proper: [2, 4] });
    expect(tree.find({ term: "pros", exact: false })).toEqual({ prosper: [5] });
  });

  it("does work on a word's document list in proportion to its documents, not their square", () => {
    const operations = (documents: number) => {
      const tree = new radix.RadixTree();
      for (let id = 1; id <= documents; id++) {
        tree.insert("property", id);
        if (id % 2 === 0) tree.insert("taxes", id);
      }
      // Every read and write on the lists the method fills in is counted: Array.includes reads
      // the whole list, push touches its end.
      let count = 0;
      const counted = <T extends object>(target: T): T =>
        new Proxy(target, {
          get(t, key, receiver) {
            count++;
            return Reflect.get(t, key, receiver);
          },
          set(t, key, value, receiver) {
            count++;
            return Reflect.set(t, key, value, receiver);
          },
        });
      const output: Record<string, number[]> = new Proxy({} as Record<string, number[]>, {
        set(target, key, value) {
          return Reflect.set(target, key, Array.isArray(value) ? counted(value) : value);
        },
      });
      tree.findAllWords(output, "", false, 0);
      expect(output.property).toHaveLength(documents);
      expect(output.taxes).toHaveLength(documents / 2);
      return count / (documents * 1.5);
    };
    // A few operations per document at any size; Orama's own method needs about 420 per document
    // at 1,000 documents and 1,670 at 4,000.
    const small = operations(1_000);
    const large = operations(4_000);
    expect(small).toBeLessThan(10);
    expect(large).toBeLessThan(10);
    expect(large).toBeLessThan(small * 1.5);
  });
});

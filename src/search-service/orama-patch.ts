/**
 * Orama 3.1's RadixNode.findAllWords collects each word's documents with `Array.includes` before
 * every push, which is quadratic in the number of documents holding the word: on 10,000 documents a
 * common word cost ~100 ms per query. The documents of one node are a Set already, so the check can
 * never find anything; this replacement does the same work in linear time. It is installed once, on
 * import, and only when the method is still Orama's own (so a fixed Orama is left alone).
 */
import { radix } from "@orama/orama/trees";

type FindResult = Record<string, number[]>;

interface PatchableNode {
  e: boolean;
  w: string;
  d: Set<number>;
  c: Map<string, PatchableNode>;
}

const PATCHED = Symbol.for("cedarport.orama.findAllWords.linear");

function linearFindAllWords(
  this: PatchableNode,
  output: FindResult,
  term: string,
  exact?: boolean,
  tolerance?: number,
): FindResult {
  const stack: PatchableNode[] = [this];
  while (stack.length > 0) {
    const node = stack.pop() as PatchableNode;
    if (node.e) {
      const { w, d: docIDs } = node;
      if (exact && w !== term) continue;
      // as in Orama: a word outside the tolerance is skipped with its subtree
      if (
        tolerance &&
        !(Math.abs(term.length - w.length) <= tolerance && withinTolerance(term, w, tolerance))
      ) {
        continue;
      }
      output[w] = Array.from(docIDs);
    }
    if (node.c.size > 0) stack.push(...node.c.values());
  }
  return output;
}

let withinTolerance: (term: string, word: string, tolerance: number) => boolean = () => false;

export function installOramaPatch(
  bounded: (term: string, word: string, tolerance: number) => boolean,
): boolean {
  const proto = radix.RadixNode.prototype as unknown as Record<PropertyKey, unknown>;
  if (proto[PATCHED]) return true;
  const original = proto.findAllWords as { toString(): string } | undefined;
  // only replace the known slow version
  if (!original?.toString().includes("docs.includes(docID)")) return false;
  withinTolerance = bounded;
  proto.findAllWords = linearFindAllWords;
  proto[PATCHED] = true;
  return true;
}

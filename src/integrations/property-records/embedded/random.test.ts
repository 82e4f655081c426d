import { describe, expect, it } from "vitest";
import { createRandom } from "./random";

describe("createRandom", () => {
  it("repeats itself for the same seed and differs for another", () => {
    const draw = (seed: number) => {
      const random = createRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("gives known values, so every machine generates the same data", () => {
    const random = createRandom(46204);
    expect(Array.from({ length: 3 }, () => random.int(0, 999))).toMatchInlineSnapshot(`
      [
        530,
        517,
        883,
      ]
    `);
  });

  it("keeps within bounds and reaches both ends", () => {
    const random = createRandom(1);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const n = random.int(3, 6);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
      const f = random.next();
      expect(f >= 0 && f < 1).toBe(true);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it("picks by weight", () => {
    const random = createRandom(2);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 4000; i++) counts[random.weighted(["a", "b"] as const, (x) => (x === "a" ? 3 : 1))]++;
    expect(counts.a / 4000).toBeGreaterThan(0.7);
    expect(counts.a / 4000).toBeLessThan(0.8);
  });

  it("refuses to pick from nothing", () => {
    expect(() => createRandom(1).pick([])).toThrow();
  });
});

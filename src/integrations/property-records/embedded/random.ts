/**
 * A seeded pseudo-random source (mulberry32): the same seed gives the same demo data on every
 * machine and every run. Only integer and float arithmetic, no Math.random and no transcendental
 * functions, whose last bits may differ between engines.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly T[], weightOf: (item: T) => number): T;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick(items) {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(items, weightOf) {
      const total = items.reduce((sum, item) => sum + weightOf(item), 0);
      let at = next() * total;
      for (const item of items) {
        at -= weightOf(item);
        if (at < 0) return item;
      }
      return random.pick(items);
    },
  };
  return random;
}

/**
 * Typo distance: Levenshtein with adjacent transpositions counting as one edit (the "optimal string
 * alignment" distance), as Algolia counts typos: "birht" is one typo away from "birth".
 */

/** Computes distances with reused row buffers: the typo corrector compares one word with thousands. */
export class TypoMeter {
  private twoBack: number[] = [];
  private previous: number[] = [];
  private current: number[] = [];

  /** The distance between two words, or -1 when it is more than `max`. */
  distance(a: string, b: string, max: number): number {
    if (a === b) return 0;
    const m = a.length;
    const n = b.length;
    if (Math.abs(m - n) > max) return -1;
    if (m === 0 || n === 0) return Math.max(m, n) <= max ? Math.max(m, n) : -1;
    let twoBack = this.twoBack;
    let previous = this.previous;
    let current = this.current;
    for (let j = 0; j <= n; j++) {
      previous[j] = j;
      twoBack[j] = 0;
    }
    for (let i = 1; i <= m; i++) {
      current[0] = i;
      let rowMin = i;
      const ai = a.charCodeAt(i - 1);
      const aPrev = i > 1 ? a.charCodeAt(i - 2) : -1;
      for (let j = 1; j <= n; j++) {
        const bj = b.charCodeAt(j - 1);
        let value = (previous[j - 1] as number) + (ai === bj ? 0 : 1);
        const del = (previous[j] as number) + 1;
        const ins = (current[j - 1] as number) + 1;
        if (del < value) value = del;
        if (ins < value) value = ins;
        if (j > 1 && ai === b.charCodeAt(j - 2) && aPrev === bj) {
          const transposition = (twoBack[j - 2] as number) + 1;
          if (transposition < value) value = transposition;
        }
        current[j] = value;
        if (value < rowMin) rowMin = value;
      }
      if (rowMin > max) return -1;
      const spare = twoBack;
      twoBack = previous;
      previous = current;
      current = spare;
    }
    this.twoBack = twoBack;
    this.previous = previous;
    this.current = current;
    const distance = previous[n] as number;
    return distance <= max ? distance : -1;
  }
}

const shared = new TypoMeter();

/** The distance between two words, or -1 when it is more than `max`. */
export function typoDistance(a: string, b: string, max: number): number {
  return shared.distance(a, b, max);
}

/** Typos allowed in a word of this length (Algolia's defaults: one from 4 letters, two from 8). */
export function typosAllowed(length: number, minForOne: number, minForTwo: number): number {
  if (length >= minForTwo) return 2;
  if (length >= minForOne) return 1;
  return 0;
}

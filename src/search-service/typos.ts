/**
 * Typo distance: Levenshtein with adjacent transpositions counting as one edit (the "optimal string
 * alignment" distance), as Algolia counts typos: "birht" is one typo away from "birth".
 */

/** The distance between two words, or -1 when it is more than `max`. */
export function typoDistance(a: string, b: string, max: number): number {
  if (a === b) return 0;
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return -1;
  if (m === 0 || n === 0) return Math.max(m, n) <= max ? Math.max(m, n) : -1;
  // three rolling rows: two back (for transpositions), one back, current
  let twoBack = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (twoBack[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return -1;
    [twoBack, previous, current] = [previous, current, twoBack];
  }
  const distance = previous[n] as number;
  return distance <= max ? distance : -1;
}

/** Typos allowed in a word of this length (Algolia's defaults: one from 4 letters, two from 8). */
export function typosAllowed(length: number, minForOne: number, minForTwo: number): number {
  if (length >= minForTwo) return 2;
  if (length >= minForOne) return 1;
  return 0;
}

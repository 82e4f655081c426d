/**
 * "Did you mean …?" for names staff type by hand (a field in `required`, a key in a recording): most
 * mistakes are one or two letters off ("emial", "nxt"), and naming the right one saves a search.
 */
import { typoDistance } from "../search-service/typos";

/** The name among `names` a few typos from `word` (case aside), or undefined when none is close. */
export function closestName(word: string, names: Iterable<string>): string | undefined {
  // One typo in a short word, up to three in a long one: more would suggest unrelated names.
  const allowed = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (const name of names) {
    const distance = typoDistance(word.toLowerCase(), name.toLowerCase(), allowed);
    if (distance >= 0 && distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** ' (did you mean "email"?)' when a name is close to `word`, else "". */
export function didYouMean(word: string, names: Iterable<string>): string {
  const close = closestName(word, names);
  return close === undefined ? "" : ` (did you mean "${close}"?)`;
}

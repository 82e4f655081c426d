import { setFlagsFromString } from "node:v8";

/**
 * How far V8 lets the old generation grow past what survived its last full collection before it
 * collects again, in percent. Left to itself, V8 picks up to 300 % for a process as busy as a
 * loaded web server, so ~60 MB of live data became 300–500 MB resident under load
 * (docs/adr/0009-speed.md, "Memory"). 25 % keeps the same process near 200 MB. It is a growth
 * rate, not a ceiling: a city with far more content than the demo (or a content change building
 * the new search index beside the old) still gets all the heap it needs, which a fixed
 * `--max-old-space-size` would not promise.
 */
export const HEAP_GROWING_PERCENT = 25;

const FLAG = /^--heap[-_]growing[-_]percent(=|$)/;

/**
 * Sets the growth rate for this process unless its operator chose one (`node
 * --heap-growing-percent=N build/server/main.js`). V8 reads this flag at each full collection, so
 * setting it once the process runs takes effect, unlike the heap's sizes, which are fixed at start.
 * Returns whether it set it.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => FLAG.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}

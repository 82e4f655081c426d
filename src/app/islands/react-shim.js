/**
 * `react` in the islands build (scripts/build-islands.mjs): Preact's compatibility layer, with
 * one change. Preact counts useId per render root, so two islands (say the header's search box
 * and the 404 page's) would hand out the same ids; one counter for the whole page keeps them
 * unique. Islands render in the browser only, so the ids need not match the server's.
 * (JavaScript, not TypeScript: Preact's compat types cannot be re-exported with `export *`.)
 */
import { useState } from "preact/compat";

export * from "preact/compat";
export { default } from "preact/compat";

let next = 0;

/** @returns {string} */
export function useId() {
  const [id] = useState(() => `cp-i${++next}`);
  return id;
}

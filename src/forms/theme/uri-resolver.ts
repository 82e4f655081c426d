/**
 * `fast-uri` in the browser build (vite.config.ts). RJSF uses it for one thing: resolving a
 * "$ref" against a schema's "$id". Screen schemas have local references only, so the browser's
 * own URL class is enough, and about 4 KB gzip of URI parsing stays on the server.
 */
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  return a === b || resolve("urn:x:/", a) === resolve("urn:x:/", b);
}

export default { resolve, equal };

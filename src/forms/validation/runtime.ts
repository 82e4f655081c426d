/**
 * Everything ahead-of-time compiled validators import (compile.ts rewrites Ajv's `require`s to
 * this module). It holds no Ajv code, so a browser bundle that runs compiled validators carries
 * only these small functions, never the compiler.
 */
import { catalogueFormats } from "./formats";
import { keywordChecks } from "./keyword-checks";

export const formats = catalogueFormats;
export const keywords = keywordChecks;

/** Unicode code points in a string (Ajv's minLength/maxLength count them, not UTF-16 units). */
export function ucs2length(text: string): number {
  let length = 0;
  let pos = 0;
  while (pos < text.length) {
    length++;
    const code = text.charCodeAt(pos++);
    if (code >= 0xd800 && code <= 0xdbff && pos < text.length) {
      const next = text.charCodeAt(pos);
      if ((next & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/** Deep equality of JSON values, for const, enum and uniqueItems on objects. */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (Array.isArray(a) && Array.isArray(b)) {
      return a.length === b.length && a.every((item, i) => equal(item, b[i]));
    }
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return (
      ka.length === kb.length &&
      ka.every(
        (key) =>
          Object.hasOwn(b, key) &&
          equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
      )
    );
  }
  // NaN equals NaN, as in fast-deep-equal.
  return typeof a === "number" && typeof b === "number" && Number.isNaN(a) && Number.isNaN(b);
}

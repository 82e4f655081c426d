/**
 * Reference numbers, as GOV.UK Forms makes them: 8 characters, read out over the phone and typed
 * back from a printout, so no two characters may be mistaken for each other. Left out: 0 O Q D
 * (round shapes), 1 I L (strokes), U V (close in handwriting), and the letter of each look-alike
 * pair Z/2, S/5, G/6, B/8 (a resident who types the letter gets the digit back).
 */

export const REFERENCE_ALPHABET = "ACEFHJKMNPRTWXY23456789";
export const REFERENCE_LENGTH = 8;

const PATTERN = new RegExp(`^[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);
// The largest multiple of the alphabet's size that fits in a byte: bytes above it are drawn again,
// so every character is equally likely.
const LIMIT = 256 - (256 % REFERENCE_ALPHABET.length);

/** A new reference number from the platform's cryptographic random source. */
export function newReference(): string {
  let out = "";
  const bytes = new Uint8Array(REFERENCE_LENGTH * 2);
  while (out.length < REFERENCE_LENGTH) {
    globalThis.crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < LIMIT && out.length < REFERENCE_LENGTH)
        out += REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length];
    }
  }
  return out;
}

export function isReference(value: unknown): value is string {
  return typeof value === "string" && PATTERN.test(value);
}

const LOOK_ALIKES: Record<string, string> = { Z: "2", S: "5", G: "6", B: "8" };

/** What a resident typed ("acef-hj km", S for 5) as a reference, or undefined. */
export function normalizeReference(input: string): string | undefined {
  const candidate = input
    .replace(/[\s-]/g, "")
    .toUpperCase()
    .replace(/[ZSGB]/g, (c) => LOOK_ALIKES[c] ?? c);
  return isReference(candidate) ? candidate : undefined;
}

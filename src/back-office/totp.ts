import { Secret, TOTP } from "otpauth";

/**
 * The optional second factor of the embedded sign-in: time-based one-time codes (RFC 6238) from an
 * authenticator app, 6 digits every 30 seconds, with the `otpauth` library. A code is accepted for
 * the step it was made in and one step either side (a phone's clock a little off), and only once:
 * the step last used is kept, so a code read over a shoulder cannot be used again.
 */
const ISSUER = "Cedarport staff console";

const totpOf = (secret: string, email: string) =>
  new TOTP({ issuer: ISSUER, label: email, secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/** A new secret, base32, for `npm run staff -- add … --totp`. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The `otpauth://` address an authenticator app reads (typed in, or as a QR code). */
export const totpUri = (secret: string, email: string) => totpOf(secret, email).toString();

/** The step the code was made in, when it is right and newer than `lastStep`; otherwise undefined. */
export function acceptedStep(
  secret: string,
  code: string,
  lastStep: number | null,
  now: Date,
): number | undefined {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const totp = totpOf(secret, "");
  const delta = totp.validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / 30_000) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

/** The code for `now` (tests, and nothing else). */
export const totpCode = (secret: string, now: Date) =>
  totpOf(secret, "").generate({ timestamp: now.getTime() });

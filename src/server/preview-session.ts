import { timingSafeEqual } from "node:crypto";
import { signedCookie } from "./signed-cookie";

/**
 * The editors' preview session. Editors open `/preview?token=<draft credential>` once; the browser
 * then keeps a signed session cookie that says "preview until <time>", never the credential itself,
 * so a leaked cookie expires and cannot be turned into the credential.
 */
export const PREVIEW_COOKIE = "preview_session";
export const PREVIEW_HOURS = 8;

/** Compares two secrets in constant time (their length is not secret). */
export function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== "string" || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Sessions on a cookie that holds the time they end (site-wide, HttpOnly, SameSite=Lax). */
export function previewSessions(opts: { secrets: readonly string[]; secure: boolean }) {
  const until = (value: unknown): value is number => Number.isSafeInteger(value);
  const cookie = signedCookie(PREVIEW_COOKIE, { ...opts, maxAge: PREVIEW_HOURS * 3600 }, until);
  return {
    /** The Set-Cookie of a session that ends PREVIEW_HOURS after `now`. */
    start: (now = Date.now()) => cookie.serialize(now + PREVIEW_HOURS * 3_600_000),
    /** Whether the request's cookies hold a session that has not ended. */
    holds: async (cookieHeader: string | undefined, now = Date.now()) =>
      ((await cookie.read(cookieHeader))?.value ?? 0) > now,
  };
}

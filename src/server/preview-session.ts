import { createHmac, timingSafeEqual } from "node:crypto";

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

const mac = (payload: string, secret: string) =>
  createHmac("sha256", secret).update(`preview:${payload}`).digest("base64url");

export function previewSession(secret: string, now = Date.now()): string {
  const payload = String(now + PREVIEW_HOURS * 3_600_000);
  return `${payload}.${mac(payload, secret)}`;
}

export function isPreviewSession(value: string | undefined, secret: string, now = Date.now()): boolean {
  if (!value) return false;
  const [payload, signature] = value.split(".");
  if (!payload || !signature || !/^\d+$/.test(payload)) return false;
  return sameSecret(signature, mac(payload, secret)) && Number(payload) > now;
}

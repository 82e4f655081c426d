import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Journey cookies signed before the site used React Router's createCookie (`<id>.<base64url
 * HMAC-SHA256 of the id>`) are still read for the 30 days such a cookie lives, so no resident loses
 * a form in progress when the site is upgraded; each is sent back in the new form (`stale`).
 * Delete this file after 2027-01-31: by then every such cookie has expired.
 */
export function legacySignedValue(
  cookieHeader: string | null | undefined,
  name: string,
  secrets: readonly string[],
): { value: string; stale: true } | undefined {
  const signed = cookieHeader
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  const dot = signed?.lastIndexOf(".") ?? -1;
  if (!signed || dot <= 0) return undefined;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  for (const secret of secrets) {
    const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64url"));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return { value, stale: true };
  }
  return undefined;
}

import { randomBytes } from "node:crypto";
import { sameSecret } from "./preview-session";
import { signedCookie } from "./signed-cookie";

/**
 * CSRF tokens for the online services' forms, as a signed double submit (OWASP): the browser holds
 * a random value in a signed, HttpOnly, SameSite=Lax cookie, and every form carries that value. A
 * post is accepted only when the two match, so another site can neither read the token nor plant
 * a cookie with a value it chose, even where it can set cookies (a sibling subdomain): only the
 * server can sign one. It works without JavaScript (a hidden field) and beside SameSite and the
 * Origin check, not instead of them.
 */
export const CSRF_COOKIE = "wf_csrf";
/** The form field (plain posts) and the JSON member (the enhanced form, background posts). */
export const CSRF_FIELD = "_csrf";

/** Why a post was refused: no cookie at all (cookies are off, or a cross-site post), or a bad token. */
export type CsrfCheck = "ok" | "no-cookie" | "bad-token";

export interface Csrf {
  /**
   * The token for this browser's forms; `held`: the browser sent its cookie. `cookie`: the Set-Cookie
   * to send when it sent none (or one signed with a previous secret, signed again).
   */
  issue(cookieHeader: string | null): Promise<{ token: string; held: boolean; cookie?: string }>;
  verify(cookieHeader: string | null, token: unknown): Promise<CsrfCheck>;
}

const VALUE = /^[A-Za-z0-9_-]{24}$/;

export function createCsrf(opts: { secrets: readonly string[]; secure: boolean }): Csrf {
  const valid = (value: unknown): value is string => typeof value === "string" && VALUE.test(value);
  // A session cookie, sent only to the online services' pages.
  const cookie = signedCookie(CSRF_COOKIE, { ...opts, path: "/workflow" }, valid);
  return {
    async issue(header) {
      const held = await cookie.read(header);
      if (held && !held.stale) return { token: held.value, held: true };
      const value = held?.value ?? randomBytes(18).toString("base64url");
      return { token: value, held: held !== undefined, cookie: await cookie.serialize(value) };
    },
    async verify(header, token) {
      const held = await cookie.read(header);
      if (!held) return "no-cookie";
      return sameSecret(token, held.value) ? "ok" : "bad-token";
    },
  };
}

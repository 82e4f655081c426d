import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie } from "./request-locale";

/**
 * CSRF tokens for the online services' forms, as a signed double submit (OWASP): the browser holds
 * a random value in an HttpOnly SameSite=Lax cookie, and every form carries an HMAC of it made with
 * the session secret. A post is accepted only when the two match, so another site can neither
 * read the token nor make one, even where it can set cookies (a sibling subdomain). It works
 * without JavaScript (a hidden field) and beside SameSite and the Origin check, not instead of them.
 */
export const CSRF_COOKIE = "wf_csrf";
/** The form field (plain posts) and the JSON member (the enhanced form, background posts). */
export const CSRF_FIELD = "_csrf";

/** Why a post was refused: no cookie at all (cookies are off, or a cross-site post), or a bad token. */
export type CsrfCheck = "ok" | "no-cookie" | "bad-token";

export interface Csrf {
  /** The token for this browser's forms, and the Set-Cookie to send when it has no cookie yet. */
  issue(cookieHeader: string | null): { token: string; cookie?: string };
  verify(cookieHeader: string | null, token: unknown): CsrfCheck;
}

const VALUE = /^[A-Za-z0-9_-]{24}$/;

export function createCsrf(secret: string, opts: { secure: boolean }): Csrf {
  const tokenOf = (value: string) => createHmac("sha256", secret).update(`csrf:${value}`).digest("base64url");
  const cookieValue = (header: string | null) => {
    const value = readCookie(header ?? undefined, CSRF_COOKIE);
    return value && VALUE.test(value) ? value : undefined;
  };
  return {
    issue(header) {
      const held = cookieValue(header);
      if (held) return { token: tokenOf(held) };
      const value = randomBytes(18).toString("base64url");
      // A session cookie, sent only to the online services' pages.
      const cookie = `${CSRF_COOKIE}=${value}; Path=/workflow; HttpOnly; SameSite=Lax${opts.secure ? "; Secure" : ""}`;
      return { token: tokenOf(value), cookie };
    },
    verify(header, token) {
      const held = cookieValue(header);
      if (!held) return "no-cookie";
      if (typeof token !== "string") return "bad-token";
      const expected = Buffer.from(tokenOf(held));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given) ? "ok" : "bad-token";
    },
  };
}

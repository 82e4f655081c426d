import { createHash } from "node:crypto";
import { type Cookie, createCookie } from "react-router";
import { isLocale, type Locale } from "../domain/localize";
import type { Sealer } from "../integrations/submissions/submissions";

/**
 * The pure parts of signing staff in through the city's identity provider (src/back-office/oidc.ts
 * does the HTTP): the short-lived cookie that carries a sign-in from the console to the provider
 * and back, and what the console needs from the provider's answer.
 *
 * The cookie holds the sign-in's `state`, `nonce` and PKCE verifier, where to go afterwards and the
 * language, sealed with DATA_KEY (AES-GCM, src/server/field-crypto.ts): the browser can neither
 * read the verifier nor change anything in it. It is sent only to /staff, HttpOnly, and
 * `SameSite=Lax` (not Strict like the session) because the provider's redirect back is a
 * navigation from another site, which Strict would strip the cookie from. It lasts 10 minutes and
 * is used once: the callback removes it, and the state is recorded as spent
 * (`staff_oidc_spent`), so the same cookie and address played again are refused.
 */
export const FLOW_COOKIE = "staff_oidc";
export const FLOW_MINUTES = 10;
const FLOW_CONTEXT = "staff_oidc.flow";

export interface Flow {
  state: string;
  nonce: string;
  /** PKCE code verifier (S256). */
  verifier: string;
  /** A console path to go to once signed in. */
  back: string;
  locale: Locale;
  /** Milliseconds since the epoch after which the sign-in must start again. */
  expires: number;
}

export function sealFlow(flow: Flow, sealer: Sealer): string {
  return sealer.seal(JSON.stringify(flow), FLOW_CONTEXT);
}

const isString = (value: unknown): value is string => typeof value === "string" && value.length > 0;

/** The flow a cookie holds: sealed with our key, whole, and not expired; otherwise undefined. */
export function openFlow(value: string | undefined, sealer: Sealer, now: Date): Flow | undefined {
  if (!value?.startsWith("enc:")) return undefined;
  let flow: Partial<Flow>;
  try {
    flow = JSON.parse(sealer.open(value, FLOW_CONTEXT)) as Partial<Flow>;
  } catch {
    // Tampered with, sealed with a key we no longer have, or not ours at all.
    return undefined;
  }
  const { state, nonce, verifier, back, locale, expires } = flow;
  if (!isString(state) || !isString(nonce) || !isString(verifier) || !isString(back)) return undefined;
  if (!isLocale(locale)) return undefined;
  if (typeof expires !== "number" || expires <= now.getTime()) return undefined;
  return { state, nonce, verifier, back, locale, expires };
}

/** The flow's cookie (React Router's; not signed, as the flow is sealed). `maxAge: 0` removes it. */
export const flowCookie = (secure: boolean): Cookie =>
  createCookie(FLOW_COOKIE, {
    path: "/staff",
    httpOnly: true,
    sameSite: "lax",
    secure,
    maxAge: FLOW_MINUTES * 60,
  });

/** What is stored of a spent state: its hash (the state itself would let nobody in, but need not be kept). */
export const stateHash = (state: string) => createHash("sha256").update(state).digest("hex");

/** The person the provider vouches for: their verified e-mail address and their subject there. */
export interface Identity {
  email: string;
  subject: string;
}

export type IdentityProblem = "no-email" | "unverified";

/**
 * The identity in the provider's claims (the ID token's, with the UserInfo answer's where the ID
 * token has no e-mail address). The console authorises by e-mail address, so the provider must
 * say the address is verified: `email_verified` exactly `true` (a string "true" is not).
 */
export function identityOf(
  claims: Record<string, unknown>,
): { ok: true; identity: Identity } | { ok: false; reason: IdentityProblem; email?: string } {
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { ok: false, reason: "no-email" };
  if (claims.email_verified !== true) return { ok: false, reason: "unverified", email };
  const subject = typeof claims.sub === "string" ? claims.sub : "";
  // The ID token's own checks already required a subject; this keeps a UserInfo answer honest too.
  if (!subject) return { ok: false, reason: "no-email" };
  return { ok: true, identity: { email, subject } };
}

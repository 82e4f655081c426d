import type { Queryable } from "../db/database";
import type { Locale } from "../domain/localize";
import type { SignedCookie } from "../server/signed-cookie";
import { identitySignIn } from "./accounts";
import { audit } from "./cases";
import type { IdpProblem, StaffOidc } from "./oidc";
import { startSession } from "./sessions";

/**
 * Signing staff in through the city's identity provider, as the console's routes call it (part of
 * `AppServices.backOffice`, src/back-office/back-office.ts). The provider says who someone is
 * (src/back-office/oidc.ts); an enabled account with their verified e-mail address says whether they
 * may sign in and to what (src/back-office/accounts.ts `identitySignIn`). Every refusal of someone
 * the provider named is written to the audit log like a refused password; a signed-in person gets
 * the same session as a password gives.
 */

/** What the sign-in page offers: passwords, the city's identity provider, or both. */
export interface SignInMethods {
  local: boolean;
  /** `name`: what the button calls the provider (STAFF_OIDC_NAME); undefined: the console's words. */
  idp: { name: string | undefined } | undefined;
}

/** Why a sign-in through the identity provider ended without a session. */
export type IdpRefusal = IdpProblem | "no-account" | "other-subject";

export type IdpSignIn =
  /** `cookies`: the session's, and the one that removes the sign-in's own. */
  | { ok: true; back: string; locale: Locale; cookies: string[] }
  /** `locale`: the one the sign-in started in, when its cookie could be read. */
  | { ok: false; reason: IdpRefusal; locale: Locale | undefined; cookies: string[] };

export interface IdpSignInService {
  signInMethods(): SignInMethods;
  /**
   * Starts a sign-in through the identity provider: where to send the browser, and the cookie that
   * carries the sign-in there and back. `requestUrl` gives the redirect URI's origin when
   * PUBLIC_ORIGIN is not set.
   */
  startIdpSignIn(input: {
    requestUrl: string;
    back: string;
    locale: Locale;
  }): Promise<{ ok: true; location: string; cookie: string } | { ok: false; reason: "unavailable" | "off" }>;
  /** The provider's redirect back (`requestUrl`, with its code and state): a session, or why not. */
  finishIdpSignIn(input: { requestUrl: string; cookieHeader: string | null }): Promise<IdpSignIn>;
  /**
   * After signing out: the provider's end-session address (RP-initiated logout) that comes back to
   * the sign-in page, when the provider has one; undefined otherwise.
   */
  idpSignOutUrl(requestUrl: string, locale: Locale): Promise<string | undefined>;
}

/** Where the provider sends the browser back after signing out (RP-initiated logout). */
export const SIGNED_OUT_PATH = "/staff/login?signed-out";

/** How staff sign in: `local` passwords (STAFF_LOCAL_LOGIN), `oidc` the provider (STAFF_OIDC_*). */
export interface SignInWith {
  local: boolean;
  oidc: StaffOidc | undefined;
}

export function idpSignIn(opts: {
  db: Queryable;
  signInWith: SignInWith;
  /** The staff session's cookie (src/back-office/sessions.ts `sessionCookie`). */
  sessionCookie: SignedCookie<string>;
  now: () => Date;
}): IdpSignInService {
  const { db, now } = opts;
  const { oidc } = opts.signInWith;
  const log = (actor: string, action: string, detail: string) =>
    audit(db, { at: now().toISOString(), actor: actor.slice(0, 254), action, target: "", detail });

  return {
    signInMethods() {
      return { local: opts.signInWith.local, idp: oidc ? { name: oidc.settings.name } : undefined };
    },

    async startIdpSignIn(input) {
      if (!oidc) return { ok: false, reason: "off" };
      try {
        return { ok: true, ...(await oidc.start(input)) };
      } catch {
        // Logged by oidc.ts with the detail; the staff member gets a page that says so.
        return { ok: false, reason: "unavailable" };
      }
    },

    async finishIdpSignIn(input) {
      if (!oidc) return { ok: false, reason: "idp-error", locale: undefined, cookies: [] };
      const cookies = [await oidc.clearCookie()];
      const finished = await oidc.finish(input);
      if (!finished.ok) {
        // Someone the provider named (an unverified address): on the record like a refused password.
        if (finished.email)
          await log(finished.email, `sign-in refused (${finished.reason})`, "identity provider");
        return { ok: false, reason: finished.reason, locale: finished.locale, cookies };
      }
      const { identity, flow } = finished;
      const outcome = await identitySignIn(db, identity);
      if (!outcome.ok) {
        await log(identity.email, `sign-in refused (${outcome.reason})`, "identity provider");
        const reason = outcome.reason === "other-subject" ? "other-subject" : "no-account";
        return { ok: false, reason, locale: flow.locale, cookies };
      }
      await log(
        outcome.account.email,
        "sign-in",
        outcome.linked ? "identity provider (first sign-in: account linked)" : "identity provider",
      );
      const token = await startSession(db, outcome.account.email, now());
      cookies.push(await opts.sessionCookie.serialize(token));
      return { ok: true, back: flow.back, locale: flow.locale, cookies };
    },

    async idpSignOutUrl(requestUrl, locale) {
      if (!oidc) return undefined;
      // One address to register at the provider as the post-logout redirect URI, in either language
      // (the provider's own page gets the language as `ui_locales`).
      const origin = new URL(oidc.settings.redirectUri ?? requestUrl).origin;
      return oidc.endSessionUrl(`${origin}${SIGNED_OUT_PATH}`, locale);
    },
  };
}

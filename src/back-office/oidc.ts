import { timingSafeEqual } from "node:crypto";
import * as client from "openid-client";
import type { Queryable } from "../db/database";
import type { Locale } from "../domain/localize";
import type { Sealer } from "../integrations/submissions/submissions";
import {
  FLOW_MINUTES,
  type Flow,
  flowCookie,
  type Identity,
  type IdentityProblem,
  identityOf,
  openFlow,
  sealFlow,
  stateHash,
} from "./oidc-flow";
import { redirectUriFor, type StaffOidcSettings } from "./oidc-settings";

/**
 * Staff sign-in through the city's identity provider, with `openid-client`: OpenID Connect's
 * authorization code flow with PKCE (S256), `state` and `nonce`, the provider found by discovery
 * from its issuer (`STAFF_OIDC_ISSUER`). This module only learns who someone is; whether they may
 * sign in, and to what, is the console's (src/back-office/accounts.ts `identitySignIn`).
 *
 *   start    a sign-in: the provider's address to send the browser to, and the sealed cookie that
 *            carries state, nonce and verifier to the callback (src/back-office/oidc-flow.ts)
 *   finish   the callback: the cookie and the provider's answer checked, the state spent, the code
 *            exchanged for tokens, the ID token verified (issuer, audience, expiry, nonce,
 *            signature), and the person's verified e-mail address and subject read from it
 *
 * Whatever goes wrong with the provider (unreachable, an `error=` answer, a refused exchange) is
 * logged here in full and reaches the browser only as one of a few reasons, which the console shows
 * as a page in the staff member's language.
 */
export type IdpProblem =
  /** The provider could not be reached (discovery, the token endpoint, a timeout). */
  | "unavailable"
  /** The provider said no (`error=access_denied`: refused, or the person cancelled). */
  | "denied"
  /** The provider answered with another error, or with something that did not check out. */
  | "idp-error"
  /** No sign-in cookie, an expired or tampered one, a state that does not match it, or a state used before. */
  | "expired"
  | IdentityProblem;

export type IdpFinish =
  | { ok: true; identity: Identity; flow: Flow }
  | { ok: false; reason: IdpProblem; locale: Locale | undefined; email?: string };

export interface StaffOidc {
  readonly settings: StaffOidcSettings;
  /** Throws when the provider cannot be reached (its discovery document). */
  start(input: {
    requestUrl: string;
    back: string;
    locale: Locale;
  }): Promise<{ location: string; cookie: string }>;
  finish(input: { requestUrl: string; cookieHeader: string | null }): Promise<IdpFinish>;
  /** The Set-Cookie that removes a sign-in's cookie (the callback always sends it). */
  clearCookie(): Promise<string>;
  /** The provider's end-session address that comes back to `postLogoutRedirectUri`, if it has one. */
  endSessionUrl(postLogoutRedirectUri: string, locale: Locale): Promise<string | undefined>;
}

/** How long each request to the provider may take, in seconds. */
const TIMEOUT_SECONDS = 10;

/** An error's message and the OAuth fields it carries, never a token or a stack. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const fields = error as Error & {
    code?: unknown;
    error?: unknown;
    error_description?: unknown;
    status?: unknown;
  };
  const parts = [`${error.name}: ${error.message}`];
  for (const key of ["code", "status", "error", "error_description"] as const)
    if (fields[key] !== undefined) parts.push(`${key}=${String(fields[key])}`);
  if (error.cause instanceof Error) parts.push(`cause: ${describeError(error.cause)}`);
  return parts.join(" ");
}

/** Network trouble (fetch failed, a timeout) rather than an answer from the provider. */
function isUnreachable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof TypeError) return true;
    if (e.name === "TimeoutError" || e.name === "AbortError") return true;
  }
  return false;
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function createStaffOidc(opts: {
  settings: StaffOidcSettings;
  db: Queryable;
  sealer: Sealer;
  secureCookies: boolean;
  now?: () => Date;
  /** Where problems are logged (the server's log; a test may listen). */
  log?: (message: string) => void;
}): StaffOidc {
  const { settings, db, sealer } = opts;
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? ((message: string) => console.error(message));

  // Discovered once and kept; a failed discovery is tried again by the next sign-in.
  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        // OpenID Connect's default client authentication, which every provider supports.
        client.ClientSecretBasic(settings.clientSecret),
        {
          timeout: TIMEOUT_SECONDS,
          // An http:// issuer is refused in production (oidc-settings.ts); on a laptop or in tests
          // the provider may run on this machine without TLS.
          execute: settings.insecure ? [client.allowInsecureRequests] : [],
        },
      )
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  };

  const cookie = flowCookie(opts.secureCookies);

  return {
    settings,
    clearCookie: () => cookie.serialize("", { maxAge: 0 }),

    async start({ requestUrl, back, locale }) {
      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (error) {
        log(
          `staff sign-in: the identity provider ${settings.issuer} cannot be discovered: ${describeError(error)}`,
        );
        throw error;
      }
      const verifier = client.randomPKCECodeVerifier();
      const flow: Flow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        back,
        locale,
        expires: now().getTime() + FLOW_MINUTES * 60_000,
      };
      const location = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUriFor(settings, requestUrl),
        scope: settings.scopes,
        response_type: "code",
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state: flow.state,
        nonce: flow.nonce,
        // The provider's own pages in the staff member's language, where it can.
        ui_locales: locale,
      });
      return {
        location: location.href,
        cookie: await cookie.serialize(sealFlow(flow, sealer)),
      };
    },

    async finish({ requestUrl, cookieHeader }) {
      const answer = new URL(requestUrl);
      const params = answer.searchParams;
      const held: unknown = await cookie.parse(cookieHeader);
      const flow = openFlow(typeof held === "string" ? held : undefined, sealer, now());
      const refuse = (reason: IdpProblem, email?: string): IdpFinish => ({
        ok: false,
        reason,
        locale: flow?.locale,
        ...(email ? { email } : {}),
      });

      const error = params.get("error");
      if (error) {
        const description = (params.get("error_description") ?? "").slice(0, 300);
        log(`staff sign-in: the identity provider answered error=${error.slice(0, 100)} ${description}`);
        return refuse(error === "access_denied" ? "denied" : "idp-error");
      }
      const state = params.get("state") ?? "";
      if (!flow || !state || !sameText(state, flow.state)) return refuse("expired");
      // Spent before anything else is done with it: of two callbacks with the same state, one goes on.
      const spent = await db.run(
        "INSERT INTO staff_oidc_spent (state_hash, expires_at) VALUES (?, ?) ON CONFLICT (state_hash) DO NOTHING",
        [stateHash(state), new Date(flow.expires).toISOString()],
      );
      if (spent.changes !== 1) return refuse("expired");

      let config: client.Configuration;
      try {
        config = await configuration();
      } catch (error) {
        log(
          `staff sign-in: the identity provider ${settings.issuer} cannot be discovered: ${describeError(error)}`,
        );
        return refuse("unavailable");
      }
      // The redirect URI the sign-in started with (the token request must name it exactly), with
      // the provider's answer.
      const current = new URL(redirectUriFor(settings, requestUrl));
      current.search = answer.search;
      let claims: Record<string, unknown>;
      try {
        const tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        claims = { ...tokens.claims() };
        if (typeof claims.email !== "string") {
          // Some providers put the address in UserInfo only; its subject must be the ID token's.
          const sub = String(claims.sub);
          const info = await client.fetchUserInfo(config, tokens.access_token, sub);
          claims = { ...claims, email: info.email, email_verified: info.email_verified, sub };
        }
      } catch (error) {
        log(`staff sign-in: the code exchange with ${settings.issuer} failed: ${describeError(error)}`);
        return refuse(isUnreachable(error) ? "unavailable" : "idp-error");
      }
      const found = identityOf(claims);
      if (!found.ok) return refuse(found.reason, found.email);
      return { ok: true, identity: found.identity, flow };
    },

    async endSessionUrl(postLogoutRedirectUri, locale) {
      try {
        const config = await configuration();
        if (!config.serverMetadata().end_session_endpoint) return undefined;
        return client.buildEndSessionUrl(config, {
          post_logout_redirect_uri: postLogoutRedirectUri,
          ui_locales: locale,
        }).href;
      } catch (error) {
        log(
          `staff sign-out: the identity provider ${settings.issuer} cannot be discovered: ${describeError(error)}`,
        );
        return undefined;
      }
    },
  };
}

/** Spent states of sign-ins that have expired anyway. */
export async function purgeSpentStates(db: Queryable, now: Date): Promise<number> {
  return (await db.run("DELETE FROM staff_oidc_spent WHERE expires_at <= ?", [now.toISOString()])).changes;
}

/**
 * How staff sign in to the console, from the environment (docs/deploy.md, "The staff console"):
 *
 *   STAFF_OIDC_ISSUER          the city's identity provider (OpenID Connect issuer); unset: the
 *                              embedded sign-in only (accounts with a password, docs/back-office.md)
 *   STAFF_OIDC_CLIENT_ID       the console's client at the provider
 *   STAFF_OIDC_CLIENT_SECRET   its secret (the value lives only in this variable)
 *   STAFF_OIDC_SCOPES          default "openid email"; must include openid and email
 *   STAFF_OIDC_NAME            what the button calls the provider ("Cedarport ID"); default: "your
 *                              city account", in the staff member's language
 *   STAFF_LOCAL_LOGIN          with an issuer, passwords are off unless this is `on` (break-glass)
 *
 * Pure: reads the variables it is given; what is wrong is a StaffSignInConfigError that says why.
 */
export interface StaffOidcSettings {
  /** The issuer identifier, exactly as the provider's discovery document names it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Space separated, with openid and email. */
  scopes: string;
  /** The provider's name on the sign-in button; undefined: the console's own words. */
  name: string | undefined;
  /**
   * `<PUBLIC_ORIGIN>/staff/login/callback` when PUBLIC_ORIGIN is set (a real deployment always
   * sets it); undefined: built from each request's own origin (a laptop, the tests).
   */
  redirectUri: string | undefined;
  /** An http:// issuer (a provider on this machine, for development and tests): never in production. */
  insecure: boolean;
}

export interface StaffSignInSettings {
  /** E-mail and password (and the optional code) on the sign-in page. */
  local: boolean;
  oidc: StaffOidcSettings | undefined;
}

/** The path the provider sends the browser back to; registered at the provider as the redirect URI. */
export const CALLBACK_PATH = "/staff/login/callback";

export class StaffSignInConfigError extends Error {}

const fail = (message: string): never => {
  throw new StaffSignInConfigError(message);
};

/**
 * `publicOrigin`: PUBLIC_ORIGIN's origin when it is set (the redirect URI is built from it), else
 * undefined.
 */
export function readStaffSignIn(
  env: NodeJS.ProcessEnv,
  { production, publicOrigin }: { production: boolean; publicOrigin: string | undefined },
): StaffSignInSettings {
  const localSetting = env.STAFF_LOCAL_LOGIN || undefined;
  if (localSetting !== undefined && localSetting !== "on" && localSetting !== "off")
    fail(`STAFF_LOCAL_LOGIN must be on or off, got ${localSetting}`);
  const issuer = env.STAFF_OIDC_ISSUER || undefined;
  if (!issuer) {
    if (localSetting === "off")
      fail("STAFF_LOCAL_LOGIN=off needs STAFF_OIDC_ISSUER: without it nobody could sign in to /staff");
    const stray = ["STAFF_OIDC_CLIENT_ID", "STAFF_OIDC_CLIENT_SECRET"].filter((name) => env[name]);
    if (stray.length > 0) fail(`${stray.join(" and ")} set without STAFF_OIDC_ISSUER`);
    return { local: true, oidc: undefined };
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return fail(`STAFF_OIDC_ISSUER must be an absolute https:// address, got ${issuer}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    fail(`STAFF_OIDC_ISSUER must be an https:// address, got ${issuer}`);
  if (url.protocol === "http:" && production)
    fail("APP_ENV=production: STAFF_OIDC_ISSUER must be an https:// address");
  if (url.search || url.hash) fail(`STAFF_OIDC_ISSUER has no query or fragment, got ${issuer}`);
  const clientId = env.STAFF_OIDC_CLIENT_ID || fail("STAFF_OIDC_ISSUER needs STAFF_OIDC_CLIENT_ID");
  const clientSecret =
    env.STAFF_OIDC_CLIENT_SECRET ||
    fail("STAFF_OIDC_ISSUER needs STAFF_OIDC_CLIENT_SECRET (the console is a confidential client)");
  const scopes = [...new Set((env.STAFF_OIDC_SCOPES || "openid email").split(/[\s,]+/).filter(Boolean))];
  const missing = ["openid", "email"].filter((s) => !scopes.includes(s));
  if (missing.length > 0)
    fail(`STAFF_OIDC_SCOPES must include ${missing.join(" and ")}, got ${env.STAFF_OIDC_SCOPES}`);
  return {
    local: localSetting === "on",
    oidc: {
      issuer,
      clientId,
      clientSecret,
      scopes: scopes.join(" "),
      name: env.STAFF_OIDC_NAME?.trim() || undefined,
      redirectUri: publicOrigin ? `${publicOrigin}${CALLBACK_PATH}` : undefined,
      insecure: url.protocol === "http:",
    },
  };
}

/** The redirect URI of a sign-in: the configured one, else the request's own origin. */
export const redirectUriFor = (settings: Pick<StaffOidcSettings, "redirectUri">, requestUrl: string) =>
  settings.redirectUri ?? `${new URL(requestUrl).origin}${CALLBACK_PATH}`;

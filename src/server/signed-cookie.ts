import { type CookieOptions, createCookie } from "react-router";

/**
 * The site's signed cookies, made with React Router's `createCookie` (HttpOnly, and its defaults
 * `Path=/`, `SameSite=Lax`, unless `options` say otherwise): the value is signed with HMAC-SHA256
 * under the first of `secrets` (SESSION_SECRET) and accepted under any of them
 * (SESSION_SECRETS_PREVIOUS too), so the secret can be changed without signing everyone out
 * (docs/deploy.md, "Rotating keys"). A cookie that is missing, changed in any way, signed with a
 * secret the site no longer holds, or whose value is not what `valid` expects reads as absent.
 */
export interface SignedCookie<T> {
  readonly name: string;
  /** `stale`: signed with a previous secret, so worth sending again (`serialize`) where natural. */
  read(cookieHeader: string | null | undefined): Promise<{ value: T; stale: boolean } | undefined>;
  /** The Set-Cookie that gives the browser `value`, signed with the current secret. */
  serialize(value: T): Promise<string>;
  /** The Set-Cookie that removes it. */
  clear(): Promise<string>;
}

export type SignedCookieOptions = Omit<CookieOptions, "secrets"> & { secrets: readonly string[] };

export function signedCookie<T>(
  name: string,
  options: SignedCookieOptions,
  valid: (value: unknown) => value is T,
): SignedCookie<T> {
  const secrets = options.secrets.filter(Boolean);
  if (secrets.length === 0) throw new Error(`the ${name} cookie needs a secret to be signed with`);
  const signedWith = (some: string[]) => createCookie(name, { httpOnly: true, ...options, secrets: some });
  const current = signedWith(secrets.slice(0, 1));
  const previous = secrets.length > 1 ? signedWith(secrets.slice(1)) : undefined;
  return {
    name,
    async read(cookieHeader) {
      if (!cookieHeader) return undefined;
      const value = await current.parse(cookieHeader);
      if (valid(value)) return { value, stale: false };
      const older = await previous?.parse(cookieHeader);
      return valid(older) ? { value: older, stale: true } : undefined;
    },
    serialize: (value) => current.serialize(value),
    clear: () => current.serialize("", { maxAge: 0 }),
  };
}

export const isNonEmptyString = (value: unknown): value is string =>
  typeof value === "string" && value !== "";

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
  // What each signed string sent says, once checked: React Router checks a signature with Web
  // Crypto, importing the key again each time (~4 % of a workflow screen's processor time for
  // its two cookies). The key is the whole string as sent, so only a string that was checked is
  // ever answered from here; `valid` is still asked on every read (a value can expire).
  const checked = new Map<string, { value: unknown; stale: boolean }>();
  const check = async (sent: string) => {
    let known = checked.get(sent);
    if (!known) {
      const value = await current.parse(sent);
      known = valid(value) ? { value, stale: false } : { value: await previous?.parse(sent), stale: true };
      if (checked.size >= CHECKED_KEPT) checked.delete(checked.keys().next().value as string);
      checked.set(sent, known);
    }
    return known;
  };
  return {
    name,
    async read(cookieHeader) {
      const sent = cookieHeader ? firstCookie(cookieHeader, name) : undefined;
      if (sent === undefined) return undefined;
      const { value, stale } = await check(sent);
      return valid(value) ? { value, stale } : undefined;
    },
    serialize: (value) => current.serialize(value),
    clear: () => current.serialize("", { maxAge: 0 }),
  };
}

/** Signed strings remembered per cookie, the oldest forgotten first: a few MB at most. */
const CHECKED_KEPT = 10_000;

/**
 * `name=value` of the first cookie called `name` in a Cookie header, as sent, or undefined: the
 * one the cookie parser React Router uses would read (it keeps the first of a name).
 */
function firstCookie(header: string, name: string): string | undefined {
  for (const pair of header.split(";")) {
    const trimmed = pair.trim();
    if (trimmed.startsWith(name) && trimmed.charCodeAt(name.length) === 61 /* = */) return trimmed;
  }
  return undefined;
}

export const isNonEmptyString = (value: unknown): value is string =>
  typeof value === "string" && value !== "";

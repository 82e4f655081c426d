import { createCookie } from "react-router";

/**
 * The cookies a browser keeps, for tests that drive the site with fetch: `take` each response's
 * Set-Cookie, send `header()` with the next request; `set` plays a resident who edits one.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  /** The cookie's value, or "" when the browser has none. */
  get(name: string): string {
    return this.cookies.get(name) ?? "";
  }

  set(name: string, value: string): this {
    this.cookies.set(name, value);
    return this;
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** What a signed cookie's value (src/server/signed-cookie.ts) says, checked with `secret`; "" if nothing. */
export async function signedValue(name: string, value: string, secret: string): Promise<string> {
  const read: unknown = await createCookie(name, { secrets: [secret] }).parse(`${name}=${value}`);
  return typeof read === "string" ? read : "";
}

/** The CSRF token of a page's form (every workflow form carries one). */
export const csrfTokenIn = (html: string): string => /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";

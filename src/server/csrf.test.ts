import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, createCsrf } from "./csrf";

const csrf = createCsrf("session-secret", { secure: false });
const cookieOf = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0] ?? "";

describe("CSRF tokens (signed double submit)", () => {
  it("gives a browser without the cookie one, HttpOnly, SameSite=Lax, for the online services", () => {
    const issued = csrf.issue(null);
    expect(issued.cookie).toMatch(
      new RegExp(`^${CSRF_COOKIE}=[A-Za-z0-9_-]{24}; Path=/workflow; HttpOnly; SameSite=Lax$`),
    );
    expect(createCsrf("s", { secure: true }).issue(null).cookie).toMatch(/; Secure$/);
  });

  it("keeps the browser's cookie and gives the same token for it", () => {
    const first = csrf.issue(null);
    const again = csrf.issue(`lang=es; ${cookieOf(first.cookie)}`);
    expect(again.cookie).toBeUndefined();
    expect(again.token).toBe(first.token);
  });

  it("accepts the token of the cookie, and nothing else", () => {
    const { token, cookie } = csrf.issue(null);
    const header = cookieOf(cookie);
    expect(csrf.verify(header, token)).toBe("ok");
    // One character changed (to another one: the last might already be "A").
    const changed = `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`;
    expect(csrf.verify(header, changed)).toBe("bad-token");
    expect(csrf.verify(header, undefined)).toBe("bad-token");
    expect(csrf.verify(header, ["array"])).toBe("bad-token");
    expect(csrf.verify(header, "")).toBe("bad-token");
    // Another browser's token, or one signed with another secret.
    expect(csrf.verify(header, csrf.issue(null).token)).toBe("bad-token");
    expect(csrf.verify(header, createCsrf("other", { secure: false }).issue(header).token)).toBe("bad-token");
  });

  it("tells a browser that sent no cookie from a bad token", () => {
    const { token } = csrf.issue(null);
    expect(csrf.verify(null, token)).toBe("no-cookie");
    expect(csrf.verify(`${CSRF_COOKIE}=not valid!`, token)).toBe("no-cookie");
  });
});

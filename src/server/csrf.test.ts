import { describe, expect, it } from "vitest";
import { CSRF_COOKIE, createCsrf } from "./csrf";

const csrf = createCsrf({ secrets: ["session-secret"], secure: false });
const cookieOf = (setCookie: string | undefined) => (setCookie ?? "").split(";")[0] ?? "";

describe("CSRF tokens (signed double submit)", () => {
  it("gives a browser without the cookie one, HttpOnly, SameSite=Lax, for the online services", async () => {
    const issued = await csrf.issue(null);
    expect(issued.held).toBe(false);
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(issued.cookie).toMatch(
      new RegExp(`^${CSRF_COOKIE}=[^;]+; Path=/workflow; HttpOnly; SameSite=Lax$`),
    );
    const secure = createCsrf({ secrets: ["s"], secure: true });
    expect((await secure.issue(null)).cookie).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("keeps the browser's cookie and gives the same token for it", async () => {
    const first = await csrf.issue(null);
    const again = await csrf.issue(`lang=es; ${cookieOf(first.cookie)}`);
    expect(again).toEqual({ token: first.token, held: true });
  });

  it("accepts the token of the cookie, and nothing else", async () => {
    const { token, cookie } = await csrf.issue(null);
    const header = cookieOf(cookie);
    expect(await csrf.verify(header, token)).toBe("ok");
    // One character changed (to another one: the last might already be "A").
    const changed = `${token.slice(0, 5)}${token[5] === "A" ? "B" : "A"}${token.slice(6)}`;
    expect(await csrf.verify(header, changed)).toBe("bad-token");
    expect(await csrf.verify(header, undefined)).toBe("bad-token");
    expect(await csrf.verify(header, ["array"])).toBe("bad-token");
    expect(await csrf.verify(header, "")).toBe("bad-token");
    // Another browser's token.
    expect(await csrf.verify(header, (await csrf.issue(null)).token)).toBe("bad-token");
  });

  it("tells a browser that sent no cookie (or one not signed by us) from a bad token", async () => {
    const { token } = await csrf.issue(null);
    expect(await csrf.verify(null, token)).toBe("no-cookie");
    expect(await csrf.verify(`${CSRF_COOKIE}=not valid!`, token)).toBe("no-cookie");
    // A cookie another site set for a value it knows (a sibling subdomain can set cookies).
    expect(await csrf.verify(`${CSRF_COOKIE}=${token}`, token)).toBe("no-cookie");
    const foreign = await createCsrf({ secrets: ["other"], secure: false }).issue(null);
    expect(await csrf.verify(cookieOf(foreign.cookie), foreign.token)).toBe("no-cookie");
  });

  it("accepts a cookie signed with the previous secret, with the same token, and signs it again", async () => {
    const before = await createCsrf({ secrets: ["old"], secure: false }).issue(null);
    const rotated = createCsrf({ secrets: ["new", "old"], secure: false });
    const header = cookieOf(before.cookie);
    // A form shown before the secret changed is still accepted.
    expect(await rotated.verify(header, before.token)).toBe("ok");
    const again = await rotated.issue(header);
    expect(again.held).toBe(true);
    expect(again.token).toBe(before.token);
    expect(cookieOf(again.cookie)).not.toBe(header);
    expect(
      await createCsrf({ secrets: ["new"], secure: false }).verify(cookieOf(again.cookie), again.token),
    ).toBe("ok");
  });
});

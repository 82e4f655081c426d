import { createCookie } from "react-router";
import { describe, expect, it } from "vitest";
import { isNonEmptyString, signedCookie } from "./signed-cookie";

const OPTIONS = { path: "/workflow", httpOnly: true, sameSite: "lax" as const, maxAge: 600 };
const cookieWith = (secrets: string[], secure = false) =>
  signedCookie("wf_test", { ...OPTIONS, secure, secrets }, isNonEmptyString);
/** The `name=value` a browser sends back from a Set-Cookie. */
const sent = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("signed cookies (React Router's createCookie)", () => {
  it("reads back what it wrote, with the attributes it was given", async () => {
    const cookie = cookieWith(["current"]);
    const set = await cookie.serialize("journey-1");
    expect(set).toMatch(/^wf_test=[^;]+; Max-Age=600; Path=\/workflow; HttpOnly; SameSite=Lax$/);
    expect(set).not.toContain("journey-1");
    expect(await cookie.read(`lang=es; ${sent(set)}`)).toEqual({ value: "journey-1", stale: false });
    expect(await cookie.read(null)).toBeUndefined();
    expect(await cookie.read("lang=es")).toBeUndefined();
  });

  it("is Secure when the site is served over https, and not otherwise", async () => {
    expect(await cookieWith(["s"], true).serialize("v")).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
    expect(await cookieWith(["s"], false).serialize("v")).not.toContain("Secure");
    expect(await cookieWith(["s"], true).clear()).toBe(
      "wf_test=; Max-Age=0; Path=/workflow; HttpOnly; Secure; SameSite=Lax",
    );
  });

  it("accepts a cookie signed with a previous secret, says so, and signs it again with the current one", async () => {
    const old = sent(await cookieWith(["old"]).serialize("journey-1"));
    const rotated = cookieWith(["new", "old"]);
    expect(await rotated.read(old)).toEqual({ value: "journey-1", stale: true });
    const again = sent(await rotated.serialize("journey-1"));
    expect(again).not.toBe(old);
    expect(await rotated.read(again)).toEqual({ value: "journey-1", stale: false });
    // Once the old secret is dropped, its cookies are no longer read; the new ones still are.
    expect(await cookieWith(["new"]).read(old)).toBeUndefined();
    expect(await cookieWith(["new"]).read(again)).toEqual({ value: "journey-1", stale: false });
  });

  it("refuses a cookie signed with a secret it does not hold", async () => {
    const foreign = sent(await cookieWith(["someone else's"]).serialize("journey-1"));
    expect(await cookieWith(["new", "old"]).read(foreign)).toBeUndefined();
  });

  it("reads a cookie changed in any way as absent, never as another value", async () => {
    const cookie = cookieWith(["new", "old"]);
    const [name, value = ""] = sent(await cookie.serialize("journey-1")).split("=");
    const other = sent(await cookie.serialize("journey-2")).split("=")[1] ?? "";
    const dot = value.lastIndexOf(".");
    const payload = value.slice(0, dot);
    const flip = (s: string, at: number) => `${s.slice(0, at)}${s[at] === "A" ? "B" : "A"}${s.slice(at + 1)}`;
    const unsigned = sent(await createCookie("wf_test").serialize("journey-2")).split("=")[1] ?? "";
    // Read once first: a string already checked must not vouch for one that differs from it.
    expect(await cookie.read(`${name}=${value}`)).toEqual({ value: "journey-1", stale: false });
    for (const [label, forged] of [
      ["the value alone, unsigned", payload],
      ["an unsigned cookie of the same name", unsigned],
      ["the value with another cookie's signature", `${payload}${other.slice(other.lastIndexOf("."))}`],
      ["one character of the signature changed", flip(value, value.length - 2)],
      ["one character of the value changed", flip(value, 1)],
      ["a made-up signature", `${payload}.${"A".repeat(value.length - dot - 1)}`],
      ["the cookie twice over", `${value}.${value}`],
      ["not base64 at all", "%%%.!!!"],
      ["empty", ""],
    ])
      expect(await cookie.read(`${name}=${forged}`), label).toBeUndefined();
    expect(await cookie.read(`${name}=${value}`)).toEqual({ value: "journey-1", stale: false });
  });

  it("reads the first cookie of its name, as the cookie parser does, and no other name", async () => {
    const cookie = cookieWith(["s"]);
    const one = sent(await cookie.serialize("journey-1"));
    const two = sent(await cookie.serialize("journey-2"));
    expect(await cookie.read(`${one}; ${two}`)).toEqual({ value: "journey-1", stale: false });
    expect(await cookie.read(`x${two};${one}`)).toEqual({ value: "journey-1", stale: false });
    expect(await cookie.read(`x${one}; lang=es`)).toBeUndefined();
    expect(await cookie.read(`${one.replace("=", "_=")}`)).toBeUndefined();
  });

  it("asks whether the value is still good on every read, not once", async () => {
    let now = 100;
    const until = signedCookie(
      "wf_test",
      { ...OPTIONS, secrets: ["s"] },
      (v): v is number => typeof v === "number" && v > now,
    );
    const session = sent(await until.serialize(150));
    expect(await until.read(session)).toEqual({ value: 150, stale: false });
    now = 200;
    expect(await until.read(session)).toBeUndefined();
  });

  it("reads a well-signed value of the wrong kind as absent", async () => {
    const secrets = ["s"];
    const numbers = signedCookie(
      "wf_test",
      { ...OPTIONS, secrets },
      (v): v is number => typeof v === "number",
    );
    const text = sent(await cookieWith(secrets).serialize("not a number"));
    expect(await numbers.read(text)).toBeUndefined();
  });

  it("needs a secret", () => {
    expect(() => cookieWith([])).toThrow(/needs a secret/);
    expect(() => cookieWith([""])).toThrow(/needs a secret/);
  });
});

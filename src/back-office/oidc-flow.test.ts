import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFieldCipher } from "../server/field-crypto";
import { type Flow, flowCookie, identityOf, openFlow, sealFlow, stateHash } from "./oidc-flow";

const key = () => randomBytes(32).toString("base64");
const now = new Date("2026-11-26T15:00:00Z");
const flow: Flow = {
  state: "state-abc",
  nonce: "nonce-def",
  verifier: "verifier-ghi",
  back: "/staff/audit",
  locale: "es",
  expires: now.getTime() + 600_000,
};

describe("the sign-in cookie", () => {
  const sealer = createFieldCipher(key());

  it("carries the sign-in sealed: nothing of it can be read, and it opens whole", () => {
    const sealed = sealFlow(flow, sealer);
    expect(sealed).toMatch(/^enc:v1:/);
    for (const secret of [flow.state, flow.nonce, flow.verifier, "staff/audit"])
      expect(sealed).not.toContain(secret);
    expect(openFlow(sealed, sealer, now)).toEqual(flow);
  });

  it("opens no more once expired, changed, sealed with another key, or not sealed at all", () => {
    const sealed = sealFlow(flow, sealer);
    expect(openFlow(sealed, sealer, new Date(flow.expires))).toBeUndefined();
    // The ciphertext's second-to-last character carries six whole bits (the last may carry padding).
    const changed = sealed.at(-2) === "A" ? "B" : "A";
    const flipped = `${sealed.slice(0, -2)}${changed}${sealed.slice(-1)}`;
    expect(openFlow(flipped, sealer, now)).toBeUndefined();
    expect(openFlow(sealed, createFieldCipher(key()), now)).toBeUndefined();
    expect(openFlow(JSON.stringify(flow), sealer, now)).toBeUndefined();
    expect(openFlow(undefined, sealer, now)).toBeUndefined();
    // Sealed for another purpose (another context): not a sign-in.
    expect(openFlow(sealer.seal(JSON.stringify(flow), "journeys.state:x"), sealer, now)).toBeUndefined();
  });

  it("opens only with every field it needs", () => {
    for (const broken of [
      { ...flow, state: "" },
      { ...flow, locale: "fr" },
      { ...flow, expires: String(flow.expires) },
      { ...flow, verifier: undefined },
    ])
      expect(openFlow(sealer.seal(JSON.stringify(broken), "staff_oidc.flow"), sealer, now)).toBeUndefined();
  });

  it("is sent to /staff only, HttpOnly, SameSite=Lax, for 10 minutes; Secure over https", async () => {
    const set = await flowCookie(false).serialize("enc:v1:a:b=");
    expect(set).toMatch(/^staff_oidc=[^;]+; Max-Age=600; Path=\/staff; HttpOnly; SameSite=Lax$/);
    expect(await flowCookie(true).serialize("", { maxAge: 0 })).toBe(
      "staff_oidc=; Max-Age=0; Path=/staff; HttpOnly; Secure; SameSite=Lax",
    );
    const pair = set.split(";")[0];
    expect(await flowCookie(false).parse(`lang=es; ${pair}; staff_session=x`)).toBe("enc:v1:a:b=");
    expect(await flowCookie(false).parse(null)).toBeNull();
  });

  it("spends states by their hash", () => {
    expect(stateHash("s")).toMatch(/^[0-9a-f]{64}$/);
    expect(stateHash("s")).not.toBe(stateHash("t"));
  });
});

describe("the identity in the provider's claims", () => {
  it("is the verified e-mail address, lower-cased, and the subject", () => {
    expect(identityOf({ sub: "abc", email: " Clerk@Cedarport.GOV ", email_verified: true })).toEqual({
      ok: true,
      identity: { email: "clerk@cedarport.gov", subject: "abc" },
    });
  });

  it("needs email_verified to be true itself", () => {
    for (const email_verified of [false, "true", 1, undefined, null])
      expect(identityOf({ sub: "abc", email: "clerk@cedarport.gov", email_verified })).toEqual({
        ok: false,
        reason: "unverified",
        email: "clerk@cedarport.gov",
      });
  });

  it("needs an e-mail address and a subject", () => {
    for (const claims of [
      { sub: "abc", email_verified: true },
      { sub: "abc", email: "not an address", email_verified: true },
      { sub: "abc", email: ["clerk@cedarport.gov"], email_verified: true },
      { email: "clerk@cedarport.gov", email_verified: true },
    ])
      expect(identityOf(claims)).toMatchObject({ ok: false, reason: "no-email" });
  });
});

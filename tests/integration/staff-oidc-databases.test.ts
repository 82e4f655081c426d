import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { findAccount, saveAccount } from "../../src/back-office/accounts";
import { createStaffOidc, purgeSpentStates, type StaffOidc } from "../../src/back-office/oidc";
import { sessionCookie } from "../../src/back-office/sessions";
import { idpSignIn } from "../../src/back-office/staff-sign-in";
import { createFieldCipher } from "../../src/server/field-crypto";
import { hasPostgres, openTestDatabase, type TestDatabase } from "./databases";
import { startTestIdp, type TestIdp } from "./test-idp";

/**
 * The identity provider's sign-in on both databases, without the web server: the spent states
 * (a second callback with the same state is refused, also when two arrive at once), the subject
 * linked on the first sign-in, and the purge of spent states once their sign-ins have expired.
 */
const CALLBACK = "http://127.0.0.1:9/staff/login/callback";

let idp: TestIdp;
beforeAll(async () => {
  idp = await startTestIdp();
  idp.redirectUris.add(CALLBACK);
});
afterAll(async () => idp?.close());

describe.each([
  ["sqlite", true],
  ["postgres", hasPostgres],
] as const)("staff sign-in through the identity provider on %s", (kind, available) => {
  let test: TestDatabase;
  let oidc: StaffOidc;

  beforeEach(async (context) => {
    if (!available) context.skip();
    test = await openTestDatabase(kind);
    oidc = createStaffOidc({
      settings: {
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        scopes: "openid email",
        name: undefined,
        redirectUri: CALLBACK,
        insecure: true,
      },
      db: test.db,
      sealer: createFieldCipher(randomBytes(32).toString("base64")),
      secureCookies: false,
    });
  });
  afterEach(async () => test?.drop());

  /** Start, and the provider's answer: the callback address and the browser's cookie. */
  async function callback() {
    const started = await oidc.start({
      requestUrl: "http://127.0.0.1:9/staff/login/oidc",
      back: "/staff",
      locale: "en",
    });
    const answer = await fetch(started.location, { redirect: "manual" });
    return {
      requestUrl: answer.headers.get("location") ?? "",
      cookieHeader: started.cookie.split(";")[0] ?? "",
    };
  }

  it("signs in once per state, links the subject, and purges spent states after they expire", async () => {
    await saveAccount(
      test.db,
      { email: "clerk@cedarport.gov", password: null, role: "staff", services: [] },
      new Date(),
    );
    idp.person = { sub: "subject-1", email: "clerk@cedarport.gov", email_verified: true };
    const service = idpSignIn({
      db: test.db,
      signInWith: { local: false, oidc },
      sessionCookie: sessionCookie({ secrets: ["s".repeat(32)], secure: false }),
      now: () => new Date(),
    });
    const first = await callback();
    const signedIn = await service.finishIdpSignIn(first);
    expect(signedIn).toMatchObject({ ok: true, back: "/staff", locale: "en" });
    expect(await findAccount(test.db, "clerk@cedarport.gov")).toMatchObject({ identityLinked: true });
    expect(await service.finishIdpSignIn(first)).toMatchObject({ ok: false, reason: "expired" });

    // Two copies of one callback at once: one goes on, the other is refused.
    const twice = await callback();
    const outcomes = await Promise.all([oidc.finish(twice), oidc.finish(twice)]);
    expect(outcomes.map((o) => (o.ok ? "ok" : o.reason)).sort()).toEqual(["expired", "ok"]);

    expect(await purgeSpentStates(test.db, new Date())).toBe(0);
    expect(await purgeSpentStates(test.db, new Date(Date.now() + 11 * 60_000))).toBe(2);
  });
});

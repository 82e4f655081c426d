import { describe, expect, it } from "vitest";
import { readStaffSignIn, redirectUriFor } from "./oidc-settings";

const laptop = { production: false, publicOrigin: undefined };
const city = { production: true, publicOrigin: "https://www.cedarport.gov" };
const oidc = {
  STAFF_OIDC_ISSUER: "https://login.cedarport.gov/realms/staff",
  STAFF_OIDC_CLIENT_ID: "staff-console",
  STAFF_OIDC_CLIENT_SECRET: "s3cret",
};

describe("how staff sign in", () => {
  it("is passwords only without an issuer", () => {
    expect(readStaffSignIn({}, laptop)).toEqual({ local: true, oidc: undefined });
    expect(readStaffSignIn({ STAFF_LOCAL_LOGIN: "on" }, city)).toEqual({ local: true, oidc: undefined });
  });

  it("is the identity provider only with an issuer, passwords back on with STAFF_LOCAL_LOGIN=on", () => {
    expect(readStaffSignIn(oidc, city)).toEqual({
      local: false,
      oidc: {
        issuer: oidc.STAFF_OIDC_ISSUER,
        clientId: "staff-console",
        clientSecret: "s3cret",
        scopes: "openid email",
        name: undefined,
        redirectUri: "https://www.cedarport.gov/staff/login/callback",
        insecure: false,
      },
    });
    expect(readStaffSignIn({ ...oidc, STAFF_LOCAL_LOGIN: "on" }, city).local).toBe(true);
    expect(readStaffSignIn({ ...oidc, STAFF_LOCAL_LOGIN: "off" }, city).local).toBe(false);
  });

  it("takes the provider's name and extra scopes, and always asks for openid and email", () => {
    const read = readStaffSignIn(
      { ...oidc, STAFF_OIDC_SCOPES: "openid, email profile email", STAFF_OIDC_NAME: " Cedarport ID " },
      city,
    );
    expect(read.oidc).toMatchObject({ scopes: "openid email profile", name: "Cedarport ID" });
    expect(() => readStaffSignIn({ ...oidc, STAFF_OIDC_SCOPES: "openid profile" }, city)).toThrow(
      "must include email",
    );
  });

  it("refuses what cannot work, saying which setting", () => {
    const cases: [Record<string, string>, typeof laptop | typeof city, string][] = [
      [{ STAFF_LOCAL_LOGIN: "off" }, laptop, "nobody could sign in"],
      [{ STAFF_LOCAL_LOGIN: "yes" }, laptop, "STAFF_LOCAL_LOGIN must be on or off"],
      [{ STAFF_OIDC_CLIENT_ID: "x" }, laptop, "STAFF_OIDC_CLIENT_ID set without STAFF_OIDC_ISSUER"],
      [{ ...oidc, STAFF_OIDC_ISSUER: "login.cedarport.gov" }, laptop, "absolute https:// address"],
      [{ ...oidc, STAFF_OIDC_ISSUER: "ftp://login.cedarport.gov" }, laptop, "must be an https:// address"],
      [{ ...oidc, STAFF_OIDC_ISSUER: "http://127.0.0.1:8080" }, city, "APP_ENV=production"],
      [{ ...oidc, STAFF_OIDC_CLIENT_ID: "" }, city, "needs STAFF_OIDC_CLIENT_ID"],
      [{ ...oidc, STAFF_OIDC_CLIENT_SECRET: "" }, city, "needs STAFF_OIDC_CLIENT_SECRET"],
    ];
    for (const [env, where, message] of cases) expect(() => readStaffSignIn(env, where)).toThrow(message);
  });

  it("allows an http:// provider on a laptop, and builds the redirect URI from the request there", () => {
    const local = readStaffSignIn({ ...oidc, STAFF_OIDC_ISSUER: "http://127.0.0.1:8080" }, laptop).oidc;
    expect(local).toMatchObject({ insecure: true, redirectUri: undefined });
    expect(redirectUriFor(local!, "http://127.0.0.1:4321/staff/login/oidc?lang=es")).toBe(
      "http://127.0.0.1:4321/staff/login/callback",
    );
    expect(
      redirectUriFor({ redirectUri: "https://www.cedarport.gov/staff/login/callback" }, "http://10.0.0.5/x"),
    ).toBe("https://www.cedarport.gov/staff/login/callback");
  });
});

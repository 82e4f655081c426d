import { JSDOM } from "jsdom";
import { createCookie } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { disableAccount, forgetIdentity, saveAccount } from "../../src/back-office/accounts";
import { HttpResident, mainText, type Page, postForm } from "./http-resident";
import { type StartedApp, startInProcessApp, useInProcessApp } from "./in-process-app";
import { closedPort, startTestIdp, type TestIdp } from "./test-idp";

/**
 * Staff sign-in through the city's identity provider, over HTTP against a real OpenID Connect
 * provider in this process (test-idp.ts): the console's button, the provider's redirect back with
 * a code, the code exchange with PKCE, the console's own account check, and every way it refuses.
 * Redirects are followed by hand, so each hop's cookies and addresses can be checked.
 */
const PASSWORD = "correct horse battery staple";
const CLERK = "clerk@cedarport.gov";

let idp: TestIdp;
let app: ReturnType<typeof useInProcessApp>;

/** Where the sign-in page's "Sign in with …" button (a link) leads. */
function idpButton(page: Page): string {
  const href = new JSDOM(page.html).window.document.querySelector("a#staff-idp")?.getAttribute("href");
  if (!href) throw new Error(`no "Sign in with" button on ${page.url}`);
  expect(href).toMatch(/^\/staff\/login\/oidc\?return=/);
  return href;
}

interface Round {
  /** The console's answer to the provider's redirect back. */
  callback: Response;
  /** Where the provider sent the browser back to (path and query). */
  callbackPath: string;
  /** The sign-in cookie the start set (name=value). */
  flowCookie: string;
}

/** From the sign-in page's button to the console's answer to the provider's redirect back. */
async function throughIdp(browser: HttpResident, loginPath = "/staff/login"): Promise<Round> {
  const login = await browser.get(app.base, loginPath);
  expect(login.status).toBe(200);
  const start = await browser.request(app.base, idpButton(login));
  expect(start.status).toBe(302);
  const setCookie = start.headers.getSetCookie().find((c) => c.startsWith("staff_oidc=")) ?? "";
  const authorize = new URL(start.headers.get("location") ?? "");
  expect(authorize.origin).toBe(idp.issuer);
  // The provider (no cookies of the console's travel there).
  const atIdp = await fetch(authorize, { redirect: "manual" });
  expect(atIdp.status).toBe(302);
  const back = new URL(atIdp.headers.get("location") ?? "");
  expect(back.origin).toBe(app.base);
  const callbackPath = `${back.pathname}${back.search}`;
  const callback = await browser.request(app.base, callbackPath);
  return { callback, callbackPath, flowCookie: setCookie.split(";")[0] ?? "" };
}

/** The page a refused sign-in lands on, after the callback's redirect. */
async function refusal(browser: HttpResident, round: Round): Promise<Page & { reason: string }> {
  expect(round.callback.status).toBe(302);
  const location = round.callback.headers.get("location") ?? "";
  expect(location).toMatch(/^\/staff\/login\/failed\?reason=/);
  const page = await browser.follow(app.base, round.callback, round.callbackPath);
  return { ...page, reason: new URL(location, app.base).searchParams.get("reason") ?? "" };
}

async function auditOf(email: string) {
  return app.running.db.all<{ actor: string; action: string; detail: string }>(
    "SELECT actor, action, detail FROM staff_audit WHERE actor = ? ORDER BY at, id",
    [email],
  );
}

async function subjectOf(email: string) {
  const [row] = await app.running.db.all<{ oidc_subject: string | null }>(
    "SELECT oidc_subject FROM staff_accounts WHERE email = ?",
    [email],
  );
  return row?.oidc_subject;
}

// Many sign-ins from one client in a few seconds (the rate limits read the process's environment).
const savedScale = process.env.RATE_LIMIT_SCALE;
beforeAll(() => {
  process.env.RATE_LIMIT_SCALE = "20";
});
afterAll(() => {
  if (savedScale === undefined) delete process.env.RATE_LIMIT_SCALE;
  else process.env.RATE_LIMIT_SCALE = savedScale;
});

describe("staff sign-in through the city's identity provider", () => {
  app = useInProcessApp(
    {
      prefix: "cedarport-staff-oidc-",
      env: async () => {
        idp = await startTestIdp();
        return {
          STAFF_OIDC_ISSUER: idp.issuer,
          STAFF_OIDC_CLIENT_ID: idp.clientId,
          STAFF_OIDC_CLIENT_SECRET: idp.clientSecret,
          STAFF_OIDC_NAME: "Cedarport ID",
        };
      },
    },
    60_000,
  );
  afterAll(async () => idp?.close());

  beforeEach(async () => {
    // The app's port is known once it has started: the redirect URIs registered at the provider.
    idp.redirectUris.add(`${app.base}/staff/login/callback`);
    idp.postLogoutRedirectUris.add(`${app.base}/staff/login?signed-out`);
    idp.refuse = undefined;
    idp.failTokens = false;
    idp.emailInUserinfoOnly = false;
    await saveAccount(
      app.running.db,
      { email: CLERK, password: null, role: "staff", services: ["demo-dog-licence"] },
      new Date(),
    );
  });

  it("signs an account in: PKCE, state and nonce to the provider, the session and the subject linked", async () => {
    await forgetIdentity(app.running.db, CLERK);
    idp.person = { sub: "clerk-subject-1", email: "Clerk@Cedarport.gov", email_verified: true };
    const browser = new HttpResident();
    const round = await throughIdp(
      browser,
      `/staff/login?return=${encodeURIComponent("/staff/services/demo-dog-licence")}`,
    );

    const request = idp.authorizeRequests.at(-1)?.params ?? {};
    expect(request).toMatchObject({
      response_type: "code",
      client_id: idp.clientId,
      redirect_uri: `${app.base}/staff/login/callback`,
      scope: "openid email",
      code_challenge_method: "S256",
      ui_locales: "en",
    });
    expect(request.state).toMatch(/^[\w-]{20,}$/);
    expect(request.nonce).toMatch(/^[\w-]{20,}$/);
    expect(request.code_challenge).toMatch(/^[\w-]{43}$/);

    expect(round.callback.status).toBe(200);
    const cookies = round.callback.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith("staff_oidc="))).toMatch(/^staff_oidc=;.*Max-Age=0/);
    expect(cookies.find((c) => c.startsWith("staff_session="))).toMatch(/HttpOnly; SameSite=Strict/);
    const page = await round.callback.text();
    // On by a navigation from the console's own page (the Strict session cookie goes with it).
    expect(page).toContain('http-equiv="refresh" content="0;url=/staff/services/demo-dog-licence"');

    const inbox = await browser.get(app.base, "/staff/services/demo-dog-licence");
    expect(inbox.status).toBe(200);
    expect(inbox.html).toContain(`Signed in as ${CLERK}`);
    expect(await subjectOf(CLERK)).toBe("clerk-subject-1");
    expect((await auditOf(CLERK)).at(-1)).toEqual({
      actor: CLERK,
      action: "sign-in",
      detail: "identity provider (first sign-in: account linked)",
    });

    // The next time, the same person signs in as before.
    const again = await throughIdp(new HttpResident());
    expect(again.callback.status).toBe(200);
    expect((await auditOf(CLERK)).at(-1)?.detail).toBe("identity provider");
  });

  it("sets a short-lived, sealed, HttpOnly, SameSite=Lax sign-in cookie for /staff only", async () => {
    idp.person = undefined;
    const browser = new HttpResident();
    const login = await browser.get(app.base, "/staff/login");
    const start = await browser.request(app.base, idpButton(login));
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith("staff_oidc=")) ?? "";
    expect(cookie).toMatch(/^staff_oidc=[^;]+; Max-Age=600; Path=\/staff; HttpOnly; SameSite=Lax$/);
    // React Router's cookie around the value sealed with DATA_KEY.
    expect(await createCookie("staff_oidc").parse(cookie.split(";")[0] ?? "")).toMatch(/^enc:v1:/);
    // Nothing of the sign-in can be read from it.
    const { state, nonce } = Object.fromEntries(new URL(start.headers.get("location") ?? "").searchParams);
    expect(cookie).not.toContain(state);
    expect(cookie).not.toContain(nonce);
  });

  it("refuses an e-mail address that has no account, and a disabled account, in either language", async () => {
    idp.person = { sub: "stranger", email: "stranger@cedarport.gov", email_verified: true };
    const browser = new HttpResident();
    const refused = await refusal(browser, await throughIdp(browser));
    expect([refused.reason, refused.status]).toEqual(["no-account", 403]);
    expect(mainText(refused)).toContain("there is no staff console account for your e-mail address");
    expect(await browser.request(app.base, "/staff").then((r) => r.status)).toBe(302);
    expect((await auditOf("stranger@cedarport.gov")).at(-1)).toEqual({
      actor: "stranger@cedarport.gov",
      action: "sign-in refused (no-account)",
      detail: "identity provider",
    });

    const spanish = new HttpResident();
    const enEspanol = await refusal(spanish, await throughIdp(spanish, "/staff/login?lang=es"));
    expect(idp.authorizeRequests.at(-1)?.params.ui_locales).toBe("es");
    expect(enEspanol.reason).toBe("no-account");
    expect(mainText(enEspanol)).toContain(
      "no hay una cuenta de la consola del personal para su correo electrónico",
    );

    const gone = "gone@cedarport.gov";
    await saveAccount(
      app.running.db,
      { email: gone, password: null, role: "staff", services: [] },
      new Date(),
    );
    await disableAccount(app.running.db, gone, new Date());
    idp.person = { sub: "gone-subject", email: gone, email_verified: true };
    const disabled = await refusal(browser, await throughIdp(new HttpResident()));
    expect(disabled.reason).toBe("no-account");
    expect((await auditOf(gone)).at(-1)?.action).toBe("sign-in refused (disabled)");
    expect(await subjectOf(gone)).toBeNull();
  });

  it("refuses an e-mail address the provider has not verified", async () => {
    for (const email_verified of [false, "true", undefined]) {
      idp.person = { sub: "clerk-subject-1", email: CLERK, email_verified };
      const browser = new HttpResident();
      const refused = await refusal(browser, await throughIdp(browser));
      expect([email_verified, refused.reason, refused.status]).toEqual([email_verified, "unverified", 403]);
      expect(mainText(refused)).toContain("did not confirm your e-mail address");
    }
    expect((await auditOf(CLERK)).at(-1)?.action).toBe("sign-in refused (unverified)");
  });

  it("reads the e-mail address from UserInfo when the ID token has none", async () => {
    await forgetIdentity(app.running.db, CLERK);
    idp.emailInUserinfoOnly = true;
    idp.person = { sub: "clerk-subject-1", email: CLERK, email_verified: true };
    const round = await throughIdp(new HttpResident());
    expect(round.callback.status).toBe(200);
  });

  it("refuses the same e-mail address from another subject, until an administrator unlinks it", async () => {
    await forgetIdentity(app.running.db, CLERK);
    idp.person = { sub: "clerk-subject-1", email: CLERK, email_verified: true };
    expect((await throughIdp(new HttpResident())).callback.status).toBe(200);

    idp.person = { sub: "someone-else", email: CLERK, email_verified: true };
    const browser = new HttpResident();
    const refused = await refusal(browser, await throughIdp(browser));
    expect([refused.reason, refused.status]).toEqual(["other-subject", 403]);
    expect(mainText(refused)).toContain("someone else first signed in to");
    expect((await auditOf(CLERK)).at(-1)?.action).toBe("sign-in refused (other-subject)");
    expect(await subjectOf(CLERK)).toBe("clerk-subject-1");

    // `npm run staff -- unlink`: the next person to sign in with the address is linked.
    await forgetIdentity(app.running.db, CLERK);
    expect((await throughIdp(new HttpResident())).callback.status).toBe(200);
    expect(await subjectOf(CLERK)).toBe("someone-else");
  });

  it("refuses a callback without its cookie, with another state, or played a second time", async () => {
    idp.person = { sub: "clerk-subject-1", email: CLERK, email_verified: true };
    await forgetIdentity(app.running.db, CLERK);

    // The provider's answer reaches a browser that did not start the sign-in (login CSRF).
    const first = await throughIdp(new HttpResident());
    const elsewhere = new HttpResident();
    const noCookie = await refusal(elsewhere, {
      ...first,
      callback: await elsewhere.request(app.base, "/staff/login/callback?code=x&state=y"),
    });
    expect([noCookie.reason, noCookie.status]).toEqual(["expired", 400]);
    expect(mainText(noCookie)).toContain("took longer than 10 minutes, or was already used");

    // The right cookie with another state.
    const browser = new HttpResident();
    const login = await browser.get(app.base, "/staff/login");
    const start = await browser.request(app.base, idpButton(login));
    const atIdp = await fetch(start.headers.get("location") ?? "", { redirect: "manual" });
    const back = new URL(atIdp.headers.get("location") ?? "");
    back.searchParams.set("state", "not-the-state");
    const tampered = await browser.request(app.base, `${back.pathname}${back.search}`);
    expect(tampered.status).toBe(302);
    expect(tampered.headers.get("location")).toBe("/staff/login/failed?reason=expired");
    const issued = idp.tokensIssued;

    // A replay of a finished sign-in: its cookie and the provider's address, again.
    const replayed = await fetch(new URL(first.callbackPath, app.base), {
      headers: { cookie: first.flowCookie },
      redirect: "manual",
    });
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toBe("/staff/login/failed?reason=expired");
    expect(replayed.headers.getSetCookie().some((c) => c.startsWith("staff_session="))).toBe(false);
    // Refused before the code went to the provider.
    expect(idp.tokensIssued).toBe(issued);
  });

  it("shows the provider's refusals and errors as a page, and logs the detail", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      idp.person = { sub: "clerk-subject-1", email: CLERK, email_verified: true };
      idp.refuse = "access_denied";
      const browser = new HttpResident();
      const denied = await refusal(browser, await throughIdp(browser));
      expect([denied.reason, denied.status]).toEqual(["denied", 403]);
      expect(mainText(denied)).toContain("The city's sign-in service did not sign you in");

      idp.refuse = "temporarily_unavailable";
      const error = await refusal(browser, await throughIdp(browser));
      expect([error.reason, error.status]).toEqual(["idp-error", 502]);
      expect(mainText(error)).toContain("answered with an error");

      idp.refuse = undefined;
      idp.failTokens = true;
      const exchange = await refusal(browser, await throughIdp(browser));
      expect([exchange.reason, exchange.status]).toEqual(["idp-error", 502]);
      // The reason in words, never the provider's error or a stack.
      expect(mainText(exchange)).not.toMatch(/invalid_grant|no such code|\bat \S+:\d+|Error:/);

      const lines = logged.mock.calls.map((call) => call.join(" ")).join("\n");
      expect(lines).toContain("error=temporarily_unavailable");
      expect(lines).toMatch(/code exchange .* failed: .*invalid_grant/);
    } finally {
      logged.mockRestore();
    }
  });

  it("turns password sign-in off, and says so to a password posted anyway", async () => {
    const keeper = "keeper@cedarport.gov";
    await saveAccount(
      app.running.db,
      { email: keeper, password: PASSWORD, role: "admin", services: [] },
      new Date(),
    );
    const browser = new HttpResident();
    const login = await browser.get(app.base, "/staff/login");
    expect(login.html).toContain("Sign in with Cedarport ID");
    expect(login.html).not.toContain('name="password"');
    const posted = await browser.request(app.base, "/staff/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: app.base },
      body: new URLSearchParams({ email: keeper, password: PASSWORD }).toString(),
    });
    expect(posted.status).toBe(403);
    expect(posted.headers.getSetCookie().some((c) => c.startsWith("staff_session="))).toBe(false);
    expect(mainText({ url: "", status: 403, html: await posted.text() })).toContain(
      "Sign-in with a password is turned off",
    );
    expect((await auditOf(keeper)).at(-1)?.action).toBe("sign-in refused (off)");
  });

  it("signs out of the console and then of the provider", async () => {
    await forgetIdentity(app.running.db, CLERK);
    idp.person = { sub: "clerk-subject-1", email: CLERK, email_verified: true };
    const browser = new HttpResident();
    expect((await throughIdp(browser)).callback.status).toBe(200);
    const home = await browser.get(app.base, "/staff");
    const out = await browser.post(app.base, postForm(home, "/staff/logout"), []);
    expect([out.status, out.headers.get("location")]).toEqual([302, "/staff/signed-out"]);
    expect((await browser.request(app.base, "/staff")).status).toBe(302);
    // A page of the console's own moves on to the provider (a form's redirect may not leave the site).
    const onward = await browser.follow(app.base, out, "/staff/logout");
    expect(onward.status).toBe(200);
    const refresh = new JSDOM(onward.html).window.document
      .querySelector('meta[http-equiv="refresh"]')
      ?.getAttribute("content");
    expect(refresh).toMatch(/^0;url=/);
    const endSession = new URL((refresh ?? "").slice("0;url=".length));
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${idp.issuer}/logout`);
    expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(
      `${app.base}/staff/login?signed-out`,
    );
    expect(endSession.searchParams.get("client_id")).toBe(idp.clientId);
    expect((await fetch(endSession, { redirect: "manual" })).headers.get("location")).toBe(
      `${app.base}/staff/login?signed-out`,
    );
  });
});

describe("staff sign-in with a provider that is down, and passwords kept on (break-glass)", () => {
  let site: StartedApp;
  afterAll(async () => site?.stop());

  it("shows both ways in, signs in with a password, and says the provider cannot be reached", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const issuer = await closedPort();
      site = await startInProcessApp({
        prefix: "cedarport-staff-oidc-down-",
        env: {
          STAFF_OIDC_ISSUER: issuer,
          STAFF_OIDC_CLIENT_ID: "console",
          STAFF_OIDC_CLIENT_SECRET: "secret",
          STAFF_LOCAL_LOGIN: "on",
        },
      });
      await saveAccount(
        site.running.db,
        { email: "keeper@cedarport.gov", password: PASSWORD, role: "admin", services: [] },
        new Date(),
      );
      const browser = new HttpResident();
      const login = await browser.get(site.base, "/staff/login?lang=es");
      expect(login.html).toContain("Iniciar sesión con su cuenta de la ciudad");
      expect(login.html).toContain('name="password"');

      const start = await browser.request(site.base, idpButton(login));
      expect(start.status).toBe(302);
      expect(start.headers.get("location")).toBe("/staff/login/failed?reason=unavailable&lang=es");
      const page = await browser.follow(site.base, start, "/staff/login/oidc");
      expect(page.status).toBe(502);
      expect(mainText(page)).toContain(
        "No se puede conectar con el servicio de inicio de sesión de la ciudad",
      );
      expect(logged.mock.calls.map((c) => c.join(" ")).join("\n")).toContain(
        `the identity provider ${issuer} cannot be discovered`,
      );

      const signedIn = await browser.post(site.base, postForm(login, "/staff/login?"), [
        ["email", "keeper@cedarport.gov"],
        ["password", PASSWORD],
      ]);
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.getSetCookie().some((c) => c.startsWith("staff_session="))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  }, 60_000);
});

import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { saveAccount } from "../../src/back-office/accounts";
import { CookieJar, csrfTokenIn, signedValue } from "./cookie-jar";
import { DEMO_APPLICANT as APPLICANT } from "./demo-applicant";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The site's cookies on a site served over https (PUBLIC_ORIGIN https://…) whose session secret
 * has just been changed (SESSION_SECRET new, SESSION_SECRETS_PREVIOUS the old one), over HTTP on
 * the production build: every cookie is `Secure`; a cookie signed with the old secret still opens
 * the journey, the staff session, the preview session and the CSRF check, and a journey's and a
 * CSRF cookie are signed again with the new one; a cookie signed with any other secret, or changed,
 * is no cookie at all (never a 500).
 */
const hasBuild = builtSite("the cookie secrets tests");

const NEW = "the-new-session-secret-0123456789";
const OLD = "the-old-session-secret-9876543210";
const SERVICE = "/workflow/demo-dog-licence";
const JOURNEY = "wf_demo-dog-licence";
const CLERK = "clerk@cedarport.gov";
const PASSWORD = "correct horse battery staple";

/** The `name=value` a browser would send back for a cookie signed with `secret`. */
async function signedWith(secret: string, name: string, value: unknown): Promise<string> {
  return ((await createCookie(name, { secrets: [secret] }).serialize(value)).split(";")[0] ?? "").slice(
    name.length + 1,
  );
}

/** The Set-Cookie line for `name` in a response. */
const setCookie = (r: Response, name: string) =>
  r.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? "";

describe.runIf(hasBuild)("cookies over https, after the session secret changed", () => {
  const site = useInProcessApp({
    prefix: "cedarport-cookie-secrets-",
    env: {
      PUBLIC_ORIGIN: "https://www.cedarport.example",
      SESSION_SECRET: NEW,
      SESSION_SECRETS_PREVIOUS: ` ${OLD} `,
      DRAFT_TOKEN: "preview-secret",
    },
  });

  beforeAll(async () => {
    await saveAccount(
      site.running.db,
      { email: CLERK, password: PASSWORD, role: "staff", services: ["demo-dog-licence"] },
      new Date(),
    );
  });

  async function request(path: string, jar: CookieJar, init: { form?: URLSearchParams; json?: object } = {}) {
    const body = init.form?.toString() ?? (init.json ? JSON.stringify(init.json) : undefined);
    const headers: Record<string, string> = { cookie: jar.header() };
    if (init.form) headers["content-type"] = "application/x-www-form-urlencoded";
    if (init.json) headers["content-type"] = "application/json";
    const r = await fetch(`${site.base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      redirect: "manual",
      headers,
      body,
    });
    jar.take(r);
    return r;
  }

  /** A resident who answered the first two screens: her journey is stored. */
  async function resident(firstName: string) {
    const jar = new CookieJar();
    const residency = await request(`${SERVICE}/residency`, jar);
    const csrf = csrfTokenIn(await residency.text());
    const answers = [
      ["residency", { livesInCedarport: true }],
      ["applicant", { ...APPLICANT, firstName }],
    ] as const;
    for (const [screen, given] of answers) {
      const r = await request(`${SERVICE}/${screen}`, jar, {
        json: { intent: "continue", csrf, answers: given },
      });
      expect(r.status, screen).toBe(303);
    }
    return { jar, csrf, id: await signedValue(JOURNEY, jar.get(JOURNEY), NEW) };
  }

  async function signIn(): Promise<CookieJar> {
    const jar = new CookieJar();
    const r = await request("/staff/login", jar, {
      form: new URLSearchParams({ email: CLERK, password: PASSWORD }),
    });
    expect(r.status).toBe(302);
    return jar;
  }

  it("marks every cookie Secure, with its HttpOnly, SameSite and path as before", async () => {
    const jar = new CookieJar();
    const page = await request(`${SERVICE}/residency`, jar);
    expect(setCookie(page, "wf_csrf")).toMatch(
      /^wf_csrf=[^;]+; Path=\/workflow; HttpOnly; Secure; SameSite=Lax$/,
    );
    const answered = await request(`${SERVICE}/residency`, jar, {
      json: { intent: "continue", csrf: csrfTokenIn(await page.text()), answers: { livesInCedarport: true } },
    });
    expect(setCookie(answered, JOURNEY)).toMatch(
      /^wf_demo-dog-licence=[^;]+; Max-Age=2592000; Path=\/workflow\/demo-dog-licence; HttpOnly; Secure; SameSite=Lax$/,
    );
    const preview = await request("/preview?token=preview-secret", new CookieJar());
    expect(setCookie(preview, "preview_session")).toMatch(
      /^preview_session=[^;]+; Max-Age=28800; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    const language = await request("/language?lang=es", new CookieJar());
    expect(setCookie(language, "lang")).toMatch(/; Secure; SameSite=Lax$/);

    const staff = new CookieJar();
    const signedIn = await request("/staff/login", staff, {
      form: new URLSearchParams({ email: CLERK, password: PASSWORD }),
    });
    expect(setCookie(signedIn, "staff_session")).toMatch(
      /^staff_session=[^;]+; Max-Age=28800; Path=\/staff; HttpOnly; Secure; SameSite=Strict$/,
    );
    const home = await request("/staff", staff);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await home.text())?.[1] ?? "";
    const out = await request("/staff/logout", staff, { form: new URLSearchParams({ _csrf: csrf }) });
    expect(setCookie(out, "staff_session")).toBe(
      "staff_session=; Max-Age=0; Path=/staff; HttpOnly; Secure; SameSite=Strict",
    );
    expect(await request("/staff", staff).then((r) => r.status)).toBe(302);
  });

  it("opens a journey whose cookie the old secret signed, and signs it again with the new one", async () => {
    const { jar, id } = await resident("Ottoline");
    expect(id).not.toBe("");
    const old = new CookieJar().set(JOURNEY, await signedWith(OLD, JOURNEY, id));
    // The CSRF cookie too, with the token a page shown before the change carries.
    const token = "A".repeat(12) + "b".repeat(12);
    old.set("wf_csrf", await signedWith(OLD, "wf_csrf", token));

    const applicant = await request(`${SERVICE}/applicant`, old);
    expect(applicant.status).toBe(200);
    const html = await applicant.text();
    expect(html).toContain('value="Ottoline"');
    // The page signs the CSRF cookie again, for the same token.
    expect(csrfTokenIn(html)).toBe(token);
    expect(await signedValue("wf_csrf", old.get("wf_csrf"), NEW)).toBe(token);

    // Her next answer is saved to her journey and her journey's cookie signed with the new secret.
    const r = await request(`${SERVICE}/applicant`, old, {
      json: {
        intent: "continue",
        csrf: token,
        answers: { ...APPLICANT, firstName: "Ottilie" },
      },
    });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`${SERVICE}/dogs`);
    expect(await signedValue(JOURNEY, old.get(JOURNEY), NEW)).toBe(id);
    // The browser that kept the new cookie all along sees the same journey.
    expect(await (await request(`${SERVICE}/applicant`, jar)).text()).toContain('value="Ottilie"');
  });

  it("opens a journey whose cookie the site signed before it used createCookie, and sends it back in the new form", async () => {
    const { id } = await resident("Rosalind");
    const before = (secret: string) => `${id}.${createHmac("sha256", secret).update(id).digest("base64url")}`;
    const upgraded = new CookieJar().set(JOURNEY, before(OLD));
    const r = await request(`${SERVICE}/applicant`, upgraded);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('value="Rosalind"');
    // Her next answer goes to the same journey, whose cookie comes back signed the new way.
    const next = await request(`${SERVICE}/residency`, upgraded, {
      json: { intent: "continue", csrf: csrfTokenIn(html), answers: { livesInCedarport: true } },
    });
    expect(next.status).toBe(303);
    expect(await signedValue(JOURNEY, upgraded.get(JOURNEY), NEW)).toBe(id);
    // The old form signed with a secret the site never had is no journey.
    const forged = await request(
      `${SERVICE}/applicant`,
      new CookieJar().set(JOURNEY, before("someone-else")),
    );
    expect(forged.status).toBe(303);
    expect(forged.headers.get("location")).toBe(`${SERVICE}/residency`);
  });

  it("treats a journey cookie signed with another secret, or changed, as no journey", async () => {
    const { id, jar } = await resident("Philippa");
    const genuine = jar.get(JOURNEY);
    const flipped = `${genuine.slice(0, -2)}${genuine.at(-2) === "A" ? "B" : "A"}${genuine.at(-1)}`;
    const forged: Array<[string, string]> = [
      ["signed with a secret the site never had", await signedWith("someone-else", JOURNEY, id)],
      ["its signature changed", flipped],
      ["its id alone", id],
    ];
    for (const [label, value] of forged) {
      const other = new CookieJar().set(JOURNEY, value);
      const r = await request(`${SERVICE}/applicant`, other);
      expect(r.status, label).toBe(303);
      expect(r.headers.get("location"), label).toBe(`${SERVICE}/residency`);
    }
  });

  it("keeps staff signed in whose session cookie the old secret signed; another secret or a change signs out", async () => {
    const jar = await signIn();
    const token = await signedValue("staff_session", jar.get("staff_session"), NEW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const status = async (value: string) =>
      (await request("/staff", new CookieJar().set("staff_session", value))).status;
    expect(await status(jar.get("staff_session"))).toBe(200);
    expect(await status(await signedWith(OLD, "staff_session", token))).toBe(200);
    expect(await status(await signedWith("someone-else", "staff_session", token))).toBe(302);
    expect(await status(token)).toBe(302);
    expect(await status(`${jar.get("staff_session")}x`)).toBe(302);
    // Signing out ends the session in the database: the cookie, kept, opens nothing any more.
    const home = await request("/staff", jar);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(await home.text())?.[1] ?? "";
    const kept = jar.get("staff_session");
    await request("/staff/logout", jar, { form: new URLSearchParams({ _csrf: csrf }) });
    expect(await status(kept)).toBe(302);
    expect(await status(await signedWith(OLD, "staff_session", token))).toBe(302);
  });

  it("keeps an editor's preview session that the old secret signed, until it ends", async () => {
    const open = async (value: string) =>
      (await request("/preview/workflows", new CookieJar().set("preview_session", value))).status;
    expect(await open(await signedWith(OLD, "preview_session", Date.now() + 3_600_000))).toBe(200);
    expect(await open(await signedWith(OLD, "preview_session", Date.now() - 1_000))).toBe(404);
    expect(await open(await signedWith("someone-else", "preview_session", Date.now() + 3_600_000))).toBe(404);
  });
});

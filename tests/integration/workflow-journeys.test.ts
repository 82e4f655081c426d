import { describe, expect, it } from "vitest";
import { createFieldCipher } from "../../src/server/field-crypto";
import { JourneyStore } from "../../src/server/journey-store";
import { CookieJar, csrfTokenIn, signedValue } from "./cookie-jar";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * Online-service journeys over HTTP (production build, fresh SQLite database), as an attacker and a
 * browser without cookies would use them: GETs never write, every POST needs its CSRF token, and a
 * save stores only what the screen declares (issue 9, items 5, 10 and 11).
 */
const hasBuild = builtSite("the journey integration tests");

const SERVICE = "/workflow/demo-dog-licence";

describe.runIf(hasBuild)("online-service journeys over HTTP", () => {
  const site = useInProcessApp({ prefix: "cedarport-journeys-", env: { DRAFT_TOKEN: "preview" } });

  const rows = async () =>
    (await site.running.db.all<{ n: number | string }>("SELECT COUNT(*) AS n FROM journeys")).map((r) =>
      Number(r.n),
    )[0];
  const snapshot = async () => site.running.db.all("SELECT * FROM journeys ORDER BY id");

  /** The journey as stored (opened, not restored): what a save really wrote. */
  async function stored(jar: CookieJar): Promise<Record<string, unknown>> {
    const id = await signedValue(
      "wf_demo-dog-licence",
      jar.get("wf_demo-dog-licence"),
      site.config.sessionSecret,
    );
    const store = new JourneyStore<Record<string, unknown>>(
      site.running.db,
      createFieldCipher(site.config.dataKey, site.config.previousDataKeys),
    );
    const journey = id && (await store.get(id, "demo-dog-licence"));
    if (!journey) throw new Error("no journey stored");
    return journey.journey;
  }

  async function get(path: string, jar?: CookieJar) {
    const r = await fetch(`${site.base}${path}`, {
      redirect: "manual",
      headers: jar ? { cookie: jar.header() } : {},
    });
    jar?.take(r);
    return r;
  }

  async function post(path: string, body: URLSearchParams | object, jar?: CookieJar) {
    const json = !(body instanceof URLSearchParams);
    const r = await fetch(`${site.base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
        ...(jar ? { cookie: jar.header() } : {}),
      },
      body: json ? JSON.stringify(body) : body.toString(),
    });
    jar?.take(r);
    return r;
  }

  /** A resident with cookies on the applicant screen (a journey stored by the first answer). */
  async function onApplicant() {
    const jar = new CookieJar();
    const page = await get(`${SERVICE}/residency`, jar);
    const token = csrfTokenIn(await page.text());
    const r = await post(
      `${SERVICE}/residency`,
      new URLSearchParams({ root_livesInCedarport: "true", _intent: "continue", _csrf: token }),
      jar,
    );
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`${SERVICE}/applicant`);
    return { jar, token };
  }

  it("answers 60 cookie-less visits with the first screen, storing nothing", async () => {
    const before = await rows();
    for (let i = 0; i < 60; i++) {
      let path = SERVICE;
      let redirects = 0;
      let r = await get(path);
      while (r.status >= 300 && r.status < 400) {
        redirects++;
        expect(redirects).toBeLessThanOrEqual(2);
        path = r.headers.get("location") ?? "";
        r = await get(path);
      }
      expect(r.status).toBe(200);
      if (i === 0) {
        expect(path).toBe(`${SERVICE}/residency`);
        const html = await r.text();
        expect(html).toContain("Do you live in the City and County of Cedarport?");
        expect(csrfTokenIn(html)).toBeTruthy();
      } else await r.arrayBuffer();
    }
    // A deep link without a journey goes to the first screen once, and stores nothing either.
    const deep = await get(`${SERVICE}/check-answers`);
    expect(deep.status).toBe(303);
    expect(deep.headers.get("location")).toBe(`${SERVICE}/residency`);
    expect(await rows()).toBe(before);
  });

  it("tells a browser without cookies that online services need them, in English and Spanish", async () => {
    const before = await rows();
    for (const [lang, title, instead] of [
      ["en", "Turn on cookies to use online services", "call 311"],
      ["es", "Active las cookies para usar los servicios en línea", "llame al 311"],
    ] as const) {
      const page = await get(`${SERVICE}/residency?lang=${lang}`);
      const token = csrfTokenIn(await page.text());
      // The same post a browser makes, without the cookies the page tried to set.
      const r = await post(
        `${SERVICE}/residency?lang=${lang}`,
        new URLSearchParams({ root_livesInCedarport: "true", _intent: "continue", _csrf: token }),
      );
      expect(r.status).toBe(403);
      const html = await r.text();
      expect(html).toContain(title);
      expect(html).toContain(instead);
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).not.toMatch(/at .*\.(js|ts):\d+/);
      // The browser's journey asks the same after a refused background post.
      const check = await get(`${SERVICE}/applicant?cookies=check&lang=${lang}`);
      expect(check.status).toBe(403);
      expect(await check.text()).toContain(title);
    }
    expect(await rows()).toBe(before);
    // With cookies, the same check just shows the page.
    const { jar } = await onApplicant();
    expect((await get(`${SERVICE}/applicant?cookies=check`, jar)).status).toBe(200);
  });

  it("creates the journey on the first answer, with the cookie", async () => {
    const before = await rows();
    const { jar } = await onApplicant();
    expect(await rows()).toBe((before ?? 0) + 1);
    expect(jar.get("wf_demo-dog-licence")).toBeTruthy();
    expect(jar.get("wf_csrf")).toBeTruthy();
    const next = await get(`${SERVICE}/applicant`, jar);
    expect(next.status).toBe(200);
    expect(await next.text()).toContain("Your details");
  });

  it("changes nothing on a GET, whatever its address says", async () => {
    const { jar } = await onApplicant();
    const before = await snapshot();
    for (const path of [
      `${SERVICE}/residency?change=1`,
      `${SERVICE}/residency`,
      `${SERVICE}/applicant?saved=1`,
      `${SERVICE}/applicant?saved=1&sent=1`,
      `${SERVICE}/dogs?change=1`,
      SERVICE,
    ])
      await (await get(path, jar)).arrayBuffer();
    expect(await snapshot()).toEqual(before);
    // The "saved" panel shows only a link the resident made with Save.
    const page = await (await get(`${SERVICE}/applicant?saved=1`, jar)).text();
    expect(page).not.toContain("/resume/");
    // Back (a GET) shows the earlier screen with its answer, from the journey as stored.
    const back = await (await get(`${SERVICE}/residency`, jar)).text();
    expect(back).toMatch(/id="root_livesInCedarport-0"[^>]*checked/);
  });

  it("refuses a POST without its CSRF token, or with a wrong one, and changes nothing", async () => {
    const { jar, token } = await onApplicant();
    const before = await snapshot();
    const answers = { root_firstName: "Eve", _intent: "save" };
    for (const [body, asked] of [
      [new URLSearchParams(answers), "none"],
      [new URLSearchParams({ ...answers, _csrf: "forged" }), "wrong"],
      [
        new URLSearchParams({
          ...answers,
          _csrf: `${token.slice(0, -2)}${token.endsWith("xx") ? "yy" : "xx"}`,
        }),
        "tampered",
      ],
      [{ intent: "save", answers: { firstName: "Eve" } }, "JSON without"],
      [{ intent: "save", answers: { firstName: "Eve" }, csrf: "forged" }, "JSON wrong"],
    ] as const) {
      const r = await post(`${SERVICE}/applicant`, body, jar);
      expect(r.status, asked).toBe(403);
      const html = await r.text();
      expect(html, asked).toContain("This form has expired");
      expect(html).toContain("try again");
    }
    // The Spanish page.
    const es = await post(`${SERVICE}/applicant?lang=es`, new URLSearchParams(answers), jar);
    expect(await es.text()).toContain("Este formulario venció");
    // A Change from check-answers is a POST too.
    const change = await post(
      `${SERVICE}/check-answers`,
      new URLSearchParams({ _intent: "change", _screen: "residency" }),
      jar,
    );
    expect(change.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("saves only the declared fields of a screen on the path", async () => {
    const { jar, token } = await onApplicant();
    const r = await post(
      `${SERVICE}/applicant`,
      {
        intent: "save",
        csrf: token,
        answers: {
          firstName: "Ana",
          isAdmin: true,
          lastName: { nested: "object" },
          card: "4111111111111111",
        },
      },
      jar,
    );
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe(`${SERVICE}/applicant?saved=1`);
    const journey = await stored(jar);
    expect(journey.drafts).toEqual({ applicant: { firstName: "Ana" } });
    // Save made the link; the GET shows it.
    const page = await (await get(`${SERVICE}/applicant?saved=1`, jar)).text();
    expect(page).toMatch(/\/workflow\/demo-dog-licence\/resume\/[A-Za-z0-9_-]{20,}/);

    // A screen the journey has not reached, or does not have, stores nothing.
    const before = await snapshot();
    const ahead = await post(
      `${SERVICE}/dogs`,
      { intent: "save", csrf: token, answers: [{ name: "Rex" }] },
      jar,
    );
    expect(ahead.status).toBe(303);
    expect(ahead.headers.get("location")).toBe(`${SERVICE}/applicant`);
    const unknown = await post(
      `${SERVICE}/no-such-screen`,
      { intent: "save", csrf: token, answers: { a: 1 } },
      jar,
    );
    expect(unknown.status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("answers a 3,000-level body with 400, and the screen still opens", async () => {
    const { jar, token } = await onApplicant();
    let deep: unknown = "x";
    for (let i = 0; i < 3_000; i++) deep = { a: deep };
    for (const intent of ["save", "continue"]) {
      const r = await post(
        `${SERVICE}/applicant`,
        { intent, csrf: token, answers: { firstName: deep } },
        jar,
      );
      expect(r.status).toBe(400);
      expect(await r.text()).toContain("There is a problem");
    }
    const page = await get(`${SERVICE}/applicant`, jar);
    expect(page.status).toBe(200);
  });

  it("opens a journey whose stored state is corrupt as a fresh one", async () => {
    const { jar } = await onApplicant();
    const id = await signedValue(
      "wf_demo-dog-licence",
      jar.get("wf_demo-dog-licence"),
      site.config.sessionSecret,
    );
    let deep = '"x"';
    for (let i = 0; i < 3_000; i++) deep = `{"a":${deep}}`;
    for (const state of [
      "{not json",
      `{"workflow":"demo-dog-licence","screen":"applicant","answers":{},"drafts":{"applicant":${deep}},"history":["residency"]}`,
      `{"workflow":"demo-dog-licence","screen":"applicant","answers":${deep},"results":${deep},"history":${deep}}`,
      "[]",
    ]) {
      await site.running.db.run("UPDATE journeys SET state = ? WHERE id = ?", [state, id ?? ""]);
      const r = await get(`${SERVICE}/applicant`, jar);
      const landed = r.status === 303 ? await get(r.headers.get("location") ?? "", jar) : r;
      expect(landed.status, state.slice(0, 40)).toBe(200);
    }
  });
});

import { describe, expect, it } from "vitest";
import { cityDaysAgo, clearOfCityMidnight } from "../city-clock";
import { CookieJar, csrfTokenIn } from "./cookie-jar";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * How a journey ends and starts again, over HTTP (production build, fresh SQLite database), and
 * how a screen with errors reads (issue 10, "Journeys"): a sent application is not shown again as
 * if it were the service, a new one starts only on a POST, a tool is not an application, errors
 * are listed in page order under an "Error: " title, and a saved link keeps its language.
 */
const hasBuild = builtSite("the journey-end integration tests");

const DEMO = "/workflow/demo-dog-licence";
const TOOL = "/workflow/mortgage-deduction-search";

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/&amp;/g, "&");

/** Today in the city's time zone, as the server checks "today" (not the test machine's zone). */
const today = () => cityDaysAgo(0);

describe.runIf(hasBuild)("journey ends and error pages over HTTP", () => {
  const site = useInProcessApp({ prefix: "cedarport-journey-ends-", env: { DRAFT_TOKEN: "preview" } });

  const rows = async () =>
    (await site.running.db.all<{ n: number | string }>("SELECT COUNT(*) AS n FROM journeys")).map((r) =>
      Number(r.n),
    )[0];

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

  /** Answers a screen as the enhanced form does (JSON) and expects to be moved on to `next`. */
  async function answer(jar: CookieJar, screen: string, answers: unknown, next: string) {
    const csrf = csrfTokenIn(await (await get(`${DEMO}/${screen}`, jar)).text());
    const r = await post(`${DEMO}/${screen}`, { intent: "continue", csrf, answers }, jar);
    expect(r.status, screen).toBe(303);
    expect(r.headers.get("location"), screen).toBe(`${DEMO}/${next}`);
  }

  /**
   * The demo's happy path, sent: the resident is on the confirmation. It is signed "today", which
   * the service checks again when it is sent: within 30 s of the city's midnight, it waits until
   * just past it (a test that calls this allows for the wait in its timeout).
   */
  async function sentApplication(): Promise<CookieJar> {
    await clearOfCityMidnight(30_000);
    const jar = new CookieJar();
    await answer(jar, "residency", { livesInCedarport: true }, "applicant");
    await answer(
      jar,
      "applicant",
      {
        firstName: "Maria",
        lastName: "Lopez",
        dateOfBirth: "04/15/1980",
        address1: "120 Harbor Street",
        city: "Cedarport",
        state: "IN",
        zip: "46201",
        phone: "(317) 555-0142",
        email: "maria.lopez@example.com",
      },
      "dogs",
    );
    await answer(
      jar,
      "dogs",
      [
        {
          name: "Biscuit",
          breed: "Beagle",
          sex: "male",
          dateOfBirth: "05/10/2021",
          neutered: true,
          rabiesVaccinated: cityDaysAgo(30),
        },
      ],
      "donation",
    );
    await answer(jar, "donation", { amount: 2500 }, "declaration");
    await answer(
      jar,
      "declaration",
      { agree: true, signedBy: "Maria Lopez", signedOn: today() },
      "check-answers",
    );
    const csrf = csrfTokenIn(await (await get(`${DEMO}/check-answers`, jar)).text());
    const sent = await post(
      `${DEMO}/check-answers`,
      new URLSearchParams({ _intent: "submit", _csrf: csrf }),
      jar,
    );
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`${DEMO}/confirmation`);
    return jar;
  }

  // The usual limit, and the wait for the city's midnight (sentApplication).
  it("offers a new application after one was sent, and makes it only on a POST", {
    timeout: 20_000 + 31_000,
  }, async () => {
    const jar = await sentApplication();
    const confirmation = await (await get(`${DEMO}/confirmation`, jar)).text();
    expect(confirmation).toContain("Start a new application");
    expect(confirmation).toMatch(/<form[^>]* action="\/workflow\/demo-dog-licence" method="post"/);
    expect(confirmation.match(/<title>/g)).toHaveLength(1);

    // "Start online" again: not the old confirmation, an offer to start again; nothing stored.
    const before = await rows();
    const again = await get(DEMO, jar);
    expect(again.status).toBe(200);
    const html = await again.text();
    expect(html).toContain("You have already sent this application");
    expect(html).toMatch(/class="cp-workflow__reference">[A-Z0-9]{8}</);
    expect(await rows()).toBe(before);
    const es = await (await get(`${DEMO}?lang=es`, jar)).text();
    expect(es).toContain("Ya envió esta solicitud");
    expect(es).toContain("Comenzar una nueva solicitud");

    // The POST needs its CSRF token.
    const old = jar.get("wf_demo-dog-licence");
    expect((await post(DEMO, new URLSearchParams({}), jar)).status).toBe(403);
    expect(await rows()).toBe(before);
    const started = await post(DEMO, new URLSearchParams({ _csrf: csrfTokenIn(html) }), jar);
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe(`${DEMO}/residency`);
    expect(jar.get("wf_demo-dog-licence")).not.toBe(old);
    expect(await rows()).toBe((before ?? 0) + 1);
    const fresh = await (await get(`${DEMO}/residency`, jar)).text();
    expect(fresh).not.toMatch(/id="root_livesInCedarport-0"[^>]*checked/);
    const start = await get(DEMO, jar);
    expect(start.headers.get("location")).toBe(`${DEMO}/residency`);
  });

  it("treats the status search as a tool: no step counter, no save, a new search", async () => {
    const jar = new CookieJar();
    const page = await (await get(`${TOOL}/search`, jar)).text();
    expect(page).toContain("Find a deduction application");
    expect(page).not.toMatch(/Step \d+ of \d+/);
    expect(page).not.toContain("Save and come back later");
    const searched = await post(
      `${TOOL}/search`,
      new URLSearchParams({ root_query: "1000002", _intent: "continue", _csrf: csrfTokenIn(page) }),
      jar,
    );
    expect(searched.status).toBe(303);
    expect(searched.headers.get("location")).toBe(`${TOOL}/results`);
    const results = await (await get(`${TOOL}/results`, jar)).text();
    expect(results).toContain("Start a new search");
    expect(results).not.toContain("To search again, go back.");
    // "Start online" again opens the search, not the old results.
    const again = await get(TOOL, jar);
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${TOOL}/search`);
    const es = await (await get(`${TOOL}/search?lang=es`, jar)).text();
    expect(es).not.toMatch(/Paso \d+ de \d+/);
    expect(es).not.toContain("Guardar y continuar más tarde");
  });

  it("shows no step counter on a service whose path branches", async () => {
    const html = await (await get(`${DEMO}/residency`)).text();
    expect(html).not.toMatch(/Step \d+ of \d+/);
  });

  it("lists errors in page order under an 'Error: ' title, focused without JavaScript", async () => {
    for (const [lang, prefix] of [
      ["en", "Error: Your details"],
      ["es", "Error: Sus datos"],
    ] as const) {
      const jar = new CookieJar();
      const first = csrfTokenIn(await (await get(`${DEMO}/residency?lang=${lang}`, jar)).text());
      await post(
        `${DEMO}/residency?lang=${lang}`,
        new URLSearchParams({ root_livesInCedarport: "true", _intent: "continue", _csrf: first }),
        jar,
      );
      const form = await (await get(`${DEMO}/applicant?lang=${lang}`, jar)).text();
      expect(titleOf(form)).not.toMatch(/^Error/);
      // A bad e-mail address (format) after the missing names (required): listed as on the page.
      const r = await post(
        `${DEMO}/applicant?lang=${lang}`,
        new URLSearchParams({ root_email: "not-an-address", _intent: "continue", _csrf: csrfTokenIn(form) }),
        jar,
      );
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(titleOf(html)?.startsWith(prefix)).toBe(true);
      const summary = /<div[^>]*id="error-summary"[^>]*>/.exec(html)?.[0] ?? "";
      expect(summary).toContain("autofocus");
      expect(summary).toContain('tabindex="-1"');
      const links = [...html.matchAll(/<a href="#(root_[A-Za-z0-9_-]+)"/g)].map((m) => m[1]);
      const fields = [...html.matchAll(/<(?:input|select|textarea)[^>]* id="(root_[A-Za-z0-9_-]+)"/g)].map(
        (m) => m[1],
      );
      expect(links.length).toBeGreaterThan(2);
      const positions = links.map((id) => fields.indexOf(id));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(links).toContain("root_email");
      expect(links.at(-1)).not.toBe("root_firstName");
    }
  });

  it("shows a refused e-mail address for the saved link in the same error summary", async () => {
    const jar = new CookieJar();
    const first = csrfTokenIn(await (await get(`${DEMO}/residency`, jar)).text());
    const saved = await post(
      `${DEMO}/residency`,
      new URLSearchParams({ root_livesInCedarport: "true", _intent: "save", _csrf: first }),
      jar,
    );
    expect(saved.headers.get("location")).toBe(`${DEMO}/residency?saved=1`);
    const panel = await (await get(`${DEMO}/residency?saved=1`, jar)).text();
    const r = await post(
      `${DEMO}/residency?saved=1`,
      new URLSearchParams({ email: "nope", _intent: "email-link", _csrf: csrfTokenIn(panel) }),
      jar,
    );
    const html = await r.text();
    expect(html).toMatch(/<div[^>]*id="resume-email-summary"[^>]*autofocus/);
    expect(html).toContain('<a href="#resume-email"');
    expect(titleOf(html)).toMatch(/^Error: /);
  });

  it("brings a saved journey back in its own language in a fresh browser", async () => {
    const jar = new CookieJar();
    const first = csrfTokenIn(await (await get(`${DEMO}/residency?lang=es`, jar)).text());
    await post(
      `${DEMO}/residency?lang=es`,
      new URLSearchParams({ root_livesInCedarport: "true", _intent: "save", _csrf: first }),
      jar,
    );
    const panel = await (await get(`${DEMO}/residency?lang=es&saved=1`, jar)).text();
    const link = /\/workflow\/demo-dog-licence\/resume\/[A-Za-z0-9_-]{20,}/.exec(panel)?.[0] ?? "";
    expect(link).not.toBe("");
    const elsewhere = new CookieJar();
    const resumed = await get(link, elsewhere);
    expect(resumed.status).toBe(303);
    expect(resumed.headers.get("location")).toBe(`${DEMO}/residency?lang=es`);
    const page = await (await get(resumed.headers.get("location") ?? "", elsewhere)).text();
    expect(page).toContain('<html lang="es"');
    // The link's own language, when it says one, wins.
    const english = await get(`${link}?lang=en`, new CookieJar());
    expect(english.headers.get("location")).toBe(`${DEMO}/residency?lang=en`);
  });
});

import { describe, expect, it } from "vitest";
import { CookieJar, csrfTokenIn, signedValue } from "./cookie-jar";
import { DEMO_APPLICANT } from "./demo-applicant";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * A journey is found by the id in its signed cookie (src/server/workflows.ts) and kept for 30 days
 * after its last change (src/server/journey-store.ts). Over HTTP, on the production build: a cookie
 * that was changed in any way is no journey at all, never another resident's, and a journey past
 * its 30 days is not resumed, by its cookie or by its saved link.
 */
const hasBuild = builtSite("the journey cookie tests");

const SERVICE = "/workflow/demo-dog-licence";
const COOKIE = "wf_demo-dog-licence";
const TOOL = "/workflow/mortgage-deduction-search";
const TOOL_COOKIE = "wf_mortgage-deduction-search";

/** The same signed value with one character of its signature (or of its id) changed. */
function flipped(signed: string, where: "signature" | "id"): string {
  const at = where === "signature" ? signed.length - 2 : 1;
  const swapped = signed[at] === "A" ? "B" : "A";
  return `${signed.slice(0, at)}${swapped}${signed.slice(at + 1)}`;
}

describe.runIf(hasBuild)("a journey's cookie, tampered with or expired", () => {
  const site = useInProcessApp({ prefix: "cedarport-journey-cookie-" });

  async function get(path: string, jar: CookieJar) {
    const r = await fetch(`${site.base}${path}`, { redirect: "manual", headers: { cookie: jar.header() } });
    jar.take(r);
    return r;
  }

  async function post(path: string, body: object | URLSearchParams, jar: CookieJar) {
    const json = !(body instanceof URLSearchParams);
    const r = await fetch(`${site.base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": json ? "application/json" : "application/x-www-form-urlencoded",
        cookie: jar.header(),
      },
      body: json ? JSON.stringify(body) : body.toString(),
    });
    jar.take(r);
    return r;
  }

  /** Answers a screen as the enhanced form does and expects to be moved on to `next`. */
  async function answer(jar: CookieJar, screen: string, answers: unknown, next: string) {
    const csrf = csrfTokenIn(await (await get(`${SERVICE}/${screen}`, jar)).text());
    const r = await post(`${SERVICE}/${screen}`, { intent: "continue", csrf, answers }, jar);
    expect(r.status, screen).toBe(303);
    expect(r.headers.get("location"), screen).toBe(`${SERVICE}/${next}`);
  }

  /** A resident who has given her name and address and is now asked about her dogs. */
  async function residentOnDogs(firstName: string): Promise<CookieJar> {
    const jar = new CookieJar();
    await answer(jar, "residency", { livesInCedarport: true }, "applicant");
    await answer(jar, "applicant", { ...DEMO_APPLICANT, firstName }, "dogs");
    return jar;
  }

  /** The journey id a cookie value carries, if the site signed it. */
  const idIn = (value: string) => signedValue(COOKIE, value, site.config.sessionSecret);

  const stateOf = async (id: string) =>
    (
      await site.running.db.all<{ state: string; updated_at: string }>(
        "SELECT state, updated_at FROM journeys WHERE id = ?",
        [id],
      )
    )[0];

  /** What a browser holding `jar` sees of the service's applicant screen, redirects followed. */
  async function applicantScreen(jar: CookieJar): Promise<{ landedOn: string; html: string }> {
    let path = `${SERVICE}/applicant`;
    let r = await get(path, jar);
    for (let hops = 0; r.status === 303 && hops < 3; hops++) {
      await r.arrayBuffer();
      path = r.headers.get("location") ?? "";
      r = await get(path, jar);
    }
    expect(r.status, path).toBe(200);
    return { landedOn: path, html: await r.text() };
  }

  it("treats a changed cookie as no journey, never as another resident's", async () => {
    const ottoline = await residentOnDogs("Ottoline");
    const signedA = ottoline.get(COOKIE);
    const idA = await idIn(signedA);
    expect(idA).not.toBe("");
    // What her own browser sees: her journey, her name (the check below can fail).
    const own = await applicantScreen(new CookieJar().set(COOKIE, signedA));
    expect(own.landedOn).toBe(`${SERVICE}/applicant`);
    expect(own.html).toContain('value="Ottoline"');
    const before = await stateOf(idA);

    // Another resident with a journey of her own, who edits her cookie towards Ottoline's.
    const other = new CookieJar();
    await answer(other, "residency", { livesInCedarport: true }, "applicant");
    const signedB = other.get(COOKIE);
    const signatureB = signedB.slice(signedB.lastIndexOf(".") + 1);
    const valueA = signedA.slice(0, signedA.lastIndexOf("."));
    const forgeries: Array<[string, string]> = [
      ["her id alone, unsigned", idA],
      ["her cookie's value alone, unsigned", valueA],
      ["her cookie's value with the other resident's signature", `${valueA}.${signatureB}`],
      ["her cookie with one character of the signature changed", flipped(signedA, "signature")],
      ["her cookie with one character of the id changed", flipped(signedA, "id")],
      ["her cookie's value with a made-up signature", `${valueA}.${"A".repeat(signatureB.length)}`],
      ["her cookie twice over", `${signedA}.${signedA}`],
    ];
    for (const [label, value] of forgeries) {
      const jar = new CookieJar().set(COOKIE, value);
      const seen = await applicantScreen(jar);
      expect(seen.landedOn, label).toBe(`${SERVICE}/residency`);
      expect(seen.html, label).not.toContain("Ottoline");
      expect(seen.html, label).not.toMatch(/id="root_livesInCedarport-0"[^>]*checked/);
      // Answering with it starts a journey of its own; hers is not touched.
      const csrf = csrfTokenIn(seen.html);
      const r = await post(
        `${SERVICE}/residency`,
        { intent: "continue", csrf, answers: { livesInCedarport: false } },
        jar,
      );
      expect(r.status, label).toBeLessThan(500);
      expect(jar.get(COOKIE), label).not.toBe(signedA);
      expect(await idIn(jar.get(COOKIE)), label).not.toBe(idA);
    }
    // Her genuine cookie under another service's name opens nothing there either.
    const moved = await get(`${TOOL}/results`, new CookieJar().set(TOOL_COOKIE, signedA));
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`${TOOL}/search`);

    expect(await stateOf(idA)).toEqual(before);
    const after = await applicantScreen(new CookieJar().set(COOKIE, signedA));
    expect(after.html).toContain('value="Ottoline"');
  });

  it("does not resume a journey past its 30 days, by its cookie or by its saved link", async () => {
    const jar = await residentOnDogs("Philippa");
    const id = await idIn(jar.get(COOKIE));
    // Saved, for the link a resident would be e-mailed.
    const dogs = await (await get(`${SERVICE}/dogs`, jar)).text();
    const saved = await post(
      `${SERVICE}/dogs`,
      new URLSearchParams({ _intent: "save", _csrf: csrfTokenIn(dogs) }),
      jar,
    );
    expect(saved.headers.get("location")).toBe(`${SERVICE}/dogs?saved=1`);
    const panel = await (await get(`${SERVICE}/dogs?saved=1`, jar)).text();
    const link = /\/workflow\/demo-dog-licence\/resume\/[A-Za-z0-9_-]{20,}/.exec(panel)?.[0] ?? "";
    expect(link).not.toBe("");
    const expireAt = (at: Date) =>
      site.running.db.run("UPDATE journeys SET expires_at = ? WHERE id = ?", [at.toISOString(), id]);

    // A minute before the end, both still bring it back (so the checks below can fail).
    await expireAt(new Date(Date.now() + 60_000));
    expect((await applicantScreen(jar)).html).toContain('value="Philippa"');
    const fresh = await get(link, new CookieJar());
    expect(fresh.status).toBe(303);
    expect(fresh.headers.get("location")).toBe(`${SERVICE}/dogs?lang=en`);

    // A second past it, neither does: the cookie is no journey, the link says it has expired.
    await expireAt(new Date(Date.now() - 1_000));
    const seen = await applicantScreen(jar);
    expect(seen.landedOn).toBe(`${SERVICE}/residency`);
    expect(seen.html).not.toContain("Philippa");
    expect((await get(`${SERVICE}/check-answers`, jar)).headers.get("location")).toBe(`${SERVICE}/residency`);
    const expired = await get(link, new CookieJar());
    expect(expired.status).toBe(410);
    const page = await expired.text();
    expect(page).toContain("This link has expired");
    expect(page).not.toContain("Philippa");
    expect((await get(`${link}?lang=es`, new CookieJar())).status).toBe(410);

    // Answering again starts a new journey; the expired one is not brought back to life.
    const csrf = csrfTokenIn(seen.html);
    await post(
      `${SERVICE}/residency`,
      { intent: "continue", csrf, answers: { livesInCedarport: true } },
      jar,
    );
    const newId = await idIn(jar.get(COOKIE));
    expect(newId).not.toBe("");
    expect(newId).not.toBe(id);
    expect((await applicantScreen(jar)).html).not.toContain("Philippa");
  });
});

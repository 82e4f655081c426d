import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { saveAccount } from "../../src/back-office/accounts";
import { newTotpSecret, totpCode } from "../../src/back-office/totp";
import { payloadContext } from "../../src/outbox/store";
import { createFieldCipher } from "../../src/server/field-crypto";
import { answerUpToCheckAnswers, SERVICE } from "./dog-licence-journey";
import { HttpResident, mainText, type Page, postForm } from "./http-resident";
import { useInProcessApp } from "./in-process-app";

/**
 * The back office end to end over HTTP, without JavaScript: a resident sends the demo dog licence,
 * staff of that service sign in, find it, change its status with a note; the resident's status
 * lookup and e-mail show it. Every console address refuses a browser without a session and a
 * member of staff of another service; every POST needs the session's CSRF token.
 */
const PASSWORD = "correct horse battery staple";
const CLERK = "clerk@cedarport.gov";
const OTHER = "mayor-desk@cedarport.gov";
const ADMIN = "admin@cedarport.gov";

let app: ReturnType<typeof useInProcessApp>;

async function signedIn(email: string): Promise<HttpResident> {
  const browser = new HttpResident();
  const login = await browser.get(app.base, "/staff/login");
  expect(login.status).toBe(200);
  const form = postForm(login, "/staff/login");
  const response = await browser.post(app.base, form, [
    ["email", email],
    ["password", PASSWORD],
  ]);
  expect(response.status).toBe(302);
  return browser;
}

const csrfOf = (page: Page) => {
  const value = new JSDOM(page.html).window.document.querySelector<HTMLInputElement>(
    "input[name=_csrf]",
  )?.value;
  if (!value) throw new Error(`no CSRF token on ${page.url}`);
  return value;
};

function post(browser: HttpResident, path: string, fields: [string, string][]) {
  return browser.request(app.base, path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: app.base },
    body: new URLSearchParams(fields).toString(),
  });
}

let reference = "";

describe("the back office", () => {
  app = useInProcessApp({ prefix: "cedarport-back-office-" }, 60_000);

  beforeAll(async () => {
    const at = new Date();
    await saveAccount(
      app.running.db,
      { email: CLERK, password: PASSWORD, role: "staff", services: ["demo-dog-licence"] },
      at,
    );
    await saveAccount(
      app.running.db,
      { email: OTHER, password: PASSWORD, role: "staff", services: ["contact-the-mayor"] },
      at,
    );
    await saveAccount(app.running.db, { email: ADMIN, password: PASSWORD, role: "admin", services: [] }, at);

    const resident = new HttpResident();
    const check = await answerUpToCheckAnswers(resident, [app.base]);
    const form = postForm(check, SERVICE, (name, value) => name === "_intent" && value === "submit");
    const confirmation = await resident.follow(
      app.base,
      await resident.post(app.base, form, [["_intent", "submit"]]),
      form.action,
    );
    reference = /class="cp-workflow__reference">([A-Z0-9]{8})</.exec(confirmation.html)?.[1] ?? "";
    expect(reference).toMatch(/^[A-Z0-9]{8}$/);
  }, 60_000);

  it("sends a browser without a session to sign in, and back where it was going afterwards", async () => {
    const anonymous = new HttpResident();
    for (const path of [
      "/staff",
      "/staff/audit",
      "/staff/services/demo-dog-licence",
      "/staff/services/demo-dog-licence/export",
      `/staff/submissions/${reference}`,
    ]) {
      const response = await anonymous.request(app.base, path);
      expect([path, response.status]).toEqual([path, 302]);
      expect(response.headers.get("location")).toBe(`/staff/login?return=${encodeURIComponent(path)}`);
      expect(response.headers.get("cache-control")).toContain("no-store");
    }
    const posted = await post(anonymous, `/staff/submissions/${reference}`, [
      ["intent", "status"],
      ["status", "approved"],
    ]);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/staff\/login/);

    const browser = new HttpResident();
    const login = await browser.get(app.base, `/staff/login?return=${encodeURIComponent("/staff/audit")}`);
    const response = await browser.post(app.base, postForm(login, "/staff/login"), [
      ["email", ADMIN],
      ["password", PASSWORD],
    ]);
    expect(response.headers.get("location")).toBe("/staff/audit");
    // Never to another site, whatever the link says.
    const evil = await browser.get(app.base, "/staff/login?return=//evil.example/staff");
    expect(evil.url).toBe("/staff");
  });

  it("says which sign-ins fail without saying which half was wrong, and locks after five", async () => {
    const browser = new HttpResident();
    const login = await browser.get(app.base, "/staff/login");
    const form = postForm(login, "/staff/login");
    const wrong = await browser.post(app.base, form, [
      ["email", "nobody@cedarport.gov"],
      ["password", "x"],
    ]);
    expect(wrong.status).toBe(400);
    const wrongText = mainText({ url: "", status: 400, html: await wrong.text() });
    expect(wrongText).toContain("The e-mail address or password is not right.");

    const victim = "locked@cedarport.gov";
    await saveAccount(
      app.running.db,
      { email: victim, password: PASSWORD, role: "staff", services: [] },
      new Date(),
    );
    for (let i = 0; i < 4; i++)
      expect(
        (
          await browser.post(app.base, form, [
            ["email", victim],
            ["password", "guess"],
          ])
        ).status,
      ).toBe(400);
    const fifth = await browser.post(app.base, form, [
      ["email", victim],
      ["password", "guess"],
    ]);
    expect(fifth.status).toBe(429);
    // Locked: even the right password is refused until the lock ends.
    const right = await browser.post(app.base, form, [
      ["email", victim],
      ["password", PASSWORD],
    ]);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("this account is locked until");
  });

  it("asks an account with two-step sign-in for its authenticator's code", async () => {
    const secret = newTotpSecret();
    const sealer = createFieldCipher(app.config.dataKey, app.config.previousDataKeys);
    await saveAccount(
      app.running.db,
      { email: "two@cedarport.gov", password: PASSWORD, role: "staff", services: [], totpSecret: secret },
      new Date(),
      sealer,
    );
    const browser = new HttpResident();
    const form = postForm(await browser.get(app.base, "/staff/login"), "/staff/login");
    const without = await browser.post(app.base, form, [
      ["email", "two@cedarport.gov"],
      ["password", PASSWORD],
    ]);
    expect(without.status).toBe(400);
    expect(await without.text()).toContain("This account uses two-step sign-in");
    const withCode = await browser.post(app.base, form, [
      ["email", "two@cedarport.gov"],
      ["password", PASSWORD],
      ["code", totpCode(secret, new Date())],
    ]);
    expect(withCode.status).toBe(302);
    expect(withCode.headers.get("set-cookie")).toMatch(/^staff_session=/);
  });

  it("lists the service's submission, finds it by name, and shows its answers", async () => {
    const clerk = await signedIn(CLERK);
    const home = await clerk.get(app.base, "/staff");
    expect(mainText(home)).toContain("Apply for a dog licence (demo)");
    expect(home.html).not.toContain("Contact the Mayor");

    const inbox = await clerk.get(app.base, "/staff/services/demo-dog-licence");
    expect(inbox.html).toContain(`/staff/submissions/${reference}`);
    const found = await clerk.get(app.base, "/staff/services/demo-dog-licence?q=maria+lopez");
    expect(found.html).toContain(reference);
    const none = await clerk.get(app.base, "/staff/services/demo-dog-licence?q=nobody+here");
    expect(mainText(none)).toContain("No submissions match.");
    const bad = await clerk.get(app.base, "/staff/services/demo-dog-licence?from=yesterday");
    expect(mainText(bad)).toContain("Enter a date like 2026-11-26.");

    const view = await clerk.get(app.base, `/staff/submissions/${reference}`);
    expect(view.status).toBe(200);
    const text = mainText(view);
    expect(text).toContain("Biscuit");
    expect(text).toContain("maria.lopez@example.com");
    expect(text).toContain("Received");

    const csv = await clerk.request(app.base, "/staff/services/demo-dog-licence/export?status=all");
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const body = await csv.text();
    expect(body.split("\r\n")[0]).toContain('"Reference","Received","Status"');
    expect(body).toContain(`"${reference}"`);
    expect(body).toContain('"Biscuit"');
  });

  it("refuses another service's staff everywhere, and a POST without the session's token", async () => {
    const other = await signedIn(OTHER);
    for (const path of [
      "/staff/services/demo-dog-licence",
      "/staff/services/demo-dog-licence/export",
      `/staff/submissions/${reference}`,
      "/staff/audit",
    ]) {
      const response = await other.request(app.base, path);
      expect([path, response.status]).toEqual([path, 403]);
      const html = await response.text();
      // The export answers a bare 403 (it is a download, not a page); the pages say why.
      expect([path, html.includes("You cannot open this")]).toEqual([path, !path.endsWith("/export")]);
      expect(html).not.toContain("Biscuit");
    }
    const ownPage = await other.get(app.base, "/staff");
    const posted = await post(other, `/staff/submissions/${reference}`, [
      ["_csrf", csrfOf(ownPage)],
      ["intent", "status"],
      ["status", "denied"],
      ["note", ""],
    ]);
    expect(posted.status).toBe(403);

    const clerk = await signedIn(CLERK);
    const noToken = await post(clerk, `/staff/submissions/${reference}`, [
      ["intent", "status"],
      ["status", "denied"],
    ]);
    expect(noToken.status).toBe(403);
    const otherToken = await post(clerk, `/staff/submissions/${reference}`, [
      ["_csrf", csrfOf(ownPage)],
      ["intent", "status"],
      ["status", "denied"],
    ]);
    expect(otherToken.status).toBe(403);
    expect(mainText(await clerk.get(app.base, `/staff/submissions/${reference}`))).toContain("Received");
  });

  it("changes the status with a note: the history, the resident's lookup in either language, and an e-mail show it", async () => {
    const clerk = await signedIn(CLERK);
    const view = await clerk.get(app.base, `/staff/submissions/${reference}`);
    const changed = await post(clerk, `/staff/submissions/${reference}`, [
      ["_csrf", csrfOf(view)],
      ["intent", "status"],
      ["shown", "received"],
      ["status", "approved"],
      ["note", "Your tag is in the mail."],
    ]);
    expect(changed.status).toBe(302);
    const after = await clerk.get(app.base, changed.headers.get("location") ?? "");
    expect(mainText(after)).toContain("The status is now Approved.");
    expect(mainText(after)).toContain(`${CLERK} changed the status to Approved`);

    // A second change made from the page as it was before is refused, not silently applied.
    const stale = await post(clerk, `/staff/submissions/${reference}`, [
      ["_csrf", csrfOf(view)],
      ["intent", "status"],
      ["shown", "received"],
      ["status", "denied"],
      ["note", ""],
    ]);
    expect(stale.status).toBe(409);

    const resident = new HttpResident();
    const lookup = await resident.get(app.base, "/request-status");
    const form = postForm(lookup, "/request-status");
    const wrong = await resident.post(app.base, form, [
      ["reference", reference],
      ["check", "someone@example.com"],
    ]);
    expect(wrong.status).toBe(404);
    expect(await wrong.text()).not.toContain("Approved");
    const right = await resident.post(app.base, form, [
      ["reference", reference.toLowerCase().replace(/(.{4})/, "$1 ")],
      ["check", "Maria.Lopez@example.com"],
    ]);
    expect(right.status).toBe(200);
    const shown = mainText({ url: "", status: 200, html: await right.text() });
    expect(shown).toContain("Approved");
    expect(shown).toContain("Your tag is in the mail.");
    expect(shown).toContain("Apply for a dog licence (demo)");

    const spanish = await resident.get(app.base, "/request-status?lang=es");
    const es = await resident.post(app.base, postForm(spanish, "/request-status"), [
      ["reference", reference],
      ["check", "maria.lopez@example.com"],
    ]);
    expect(mainText({ url: "", status: 200, html: await es.text() })).toContain("Aprobada");

    const outbox = join(app.dataDir, "outbox");
    await expect
      .poll(
        () =>
          readdirSync(outbox)
            .map((f) => readFileSync(join(outbox, f), "utf8"))
            .find((eml) => eml.includes("has a new status: Approved")),
        { timeout: 20_000 },
      )
      .toContain("Your tag is in the mail.");
  });

  it("refuses bad lookups with a message, never a 500", async () => {
    const resident = new HttpResident();
    const form = postForm(await resident.get(app.base, "/request-status"), "/request-status");
    for (const [ref, check, status, message] of [
      ["", "", 400, "Enter your reference number"],
      ["%_%_%_%_", "x", 400, "Enter the reference number as it is on your confirmation"],
      ["' OR 1=1 --", "x", 400, "Enter the reference number as it is on your confirmation"],
      [reference, "", 400, "Enter the e-mail address you gave, or the parcel number"],
      [reference, "🐕".repeat(300), 404, "We could not find a request"],
      ["A".repeat(5000), "b", 400, "Enter the reference number as it is on your confirmation"],
    ] as const) {
      const response = await resident.post(app.base, form, [
        ["reference", ref],
        ["check", check],
      ]);
      expect([ref.slice(0, 12), response.status]).toEqual([ref.slice(0, 12), status]);
      expect(await response.text()).toContain(message);
    }
  });

  it("counts starts, completions and refused answers for the service's dashboard, without cookies", async () => {
    // A resident who leaves the first question empty (no JavaScript: the server refuses it)…
    const resident = new HttpResident();
    let page = await resident.get(app.base, SERVICE);
    if (!page.url.startsWith(`${SERVICE}/`)) {
      const start = postForm(page, SERVICE);
      page = await resident.follow(
        app.base,
        await resident.post(app.base, start, start.buttons.slice(0, 1)),
        start.action,
      );
    }
    const form = postForm(page, SERVICE);
    expect((await resident.post(app.base, form, [["_intent", "continue"]])).status).toBe(200);
    // …and one whose browser refused an answer itself: its beacon carries field names only.
    const beacon = (body: unknown) =>
      fetch(`${app.base}/api/v1/metrics/refusals`, {
        method: "POST",
        headers: { "content-type": "text/plain;charset=UTF-8" },
        body: JSON.stringify(body),
      });
    expect(
      (
        await beacon({
          service: "demo-dog-licence",
          screen: "applicant",
          locale: "es",
          fields: ["/email", "/nonsense"],
        })
      ).status,
    ).toBe(204);
    expect(
      (await beacon({ service: "no-such-service", screen: "x", locale: "en", fields: ["/a"] })).status,
    ).toBe(204);
    expect(
      (await fetch(`${app.base}/api/v1/metrics/refusals`, { method: "POST", body: "not json" })).status,
    ).toBe(204);

    const clerk = await signedIn(CLERK);
    const dashboard = await clerk.get(app.base, "/staff/services/demo-dog-licence/performance?days=7");
    expect(dashboard.status).toBe(200);
    const { document } = new JSDOM(dashboard.html).window;
    const figure = (label: string) =>
      [...document.querySelectorAll(".cp-staff-kpis > div")]
        .find((d) => d.querySelector("dt")?.textContent === label)
        ?.querySelector("dd")?.textContent;
    expect(figure("Started")).toBe("2");
    expect(figure("Sent")).toBe("1");
    expect(figure("Completion rate")).toBe("50%");
    const refused = [
      ...document.querySelectorAll(
        "#perf-errors ~ table tbody tr, section[aria-labelledby=perf-errors] tbody tr",
      ),
    ].map((tr) => [...tr.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(refused).toContainEqual([
      "Do you live in Cedarport?",
      "Do you live in the City and County of Cedarport?",
      "1",
    ]);
    expect(refused).toContainEqual(["Email address", "Your details", "1"]);
    expect(refused).toHaveLength(2);
    expect(document.querySelector("svg[role=img]")?.getAttribute("aria-label")).toMatch(
      /^Started and sent each day/,
    );
    // Another service's staff cannot read it.
    expect(
      (await (await signedIn(OTHER)).request(app.base, "/staff/services/demo-dog-licence/performance"))
        .status,
    ).toBe(403);
  });

  it("shows administrators what failed every attempt, and sends it again", async () => {
    // A department's receiver that never answered: its item is dead, its payload sealed as the outbox seals it.
    const id = "0b6c1d2e-0000-4000-8000-00000000dead";
    const sealer = createFieldCipher(app.config.dataKey, app.config.previousDataKeys);
    const payload = sealer.seal(
      JSON.stringify({ service: "demo-dog-licence", reference, answers: { secret: "x" } }),
      payloadContext(id),
    );
    await app.running.db.run(
      "INSERT INTO outbox (id, kind, payload, status, attempts, available_at, created_at, last_error) VALUES (?, 'webhook', ?, 'dead', 12, ?, ?, 'Error: 503 from the receiver')",
      [id, payload, new Date().toISOString(), new Date().toISOString()],
    );
    const clerk = await signedIn(CLERK);
    expect((await clerk.request(app.base, "/staff/deliveries")).status).toBe(403);

    const admin = await signedIn(ADMIN);
    const page = await admin.get(app.base, "/staff/deliveries");
    const text = mainText(page);
    expect(text).toContain(`demo-dog-licence ${reference}`);
    expect(text).toContain("503 from the receiver");
    expect(page.html).not.toContain("secret");
    const replayed = await post(admin, "/staff/deliveries", [
      ["_csrf", csrfOf(page)],
      ["id", id],
    ]);
    expect(replayed.status).toBe(302);
    expect(mainText(await admin.get(app.base, replayed.headers.get("location") ?? ""))).toContain(
      "queued to be sent again",
    );
    const [row] = await app.running.db.all<{ status: string }>("SELECT status FROM outbox WHERE id = ?", [
      id,
    ]);
    expect(row?.status).not.toBe("dead");
  });

  it("records every staff act in the audit log, which only administrators read; signing out ends the session", async () => {
    const admin = await signedIn(ADMIN);
    const log = mainText(await admin.get(app.base, "/staff/audit"));
    expect(log).toContain(`${CLERK}`);
    expect(log).toContain("status");
    expect(log).toContain("received → approved");
    expect(log).toContain("export");
    expect(log).toContain("sign-in refused (locked)");

    const clerk = new HttpResident();
    const login = await clerk.get(app.base, "/staff/login");
    const signIn = await clerk.post(app.base, postForm(login, "/staff/login"), [
      ["email", CLERK],
      ["password", PASSWORD],
    ]);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    expect(cookie).toMatch(/^staff_session=/);
    const page = await clerk.get(app.base, "/staff");
    const out = await post(clerk, "/staff/logout", [["_csrf", csrfOf(page)]]);
    expect(out.status).toBe(302);
    // The old cookie, kept by a browser that ignored the sign-out, opens nothing any more.
    const replayed = await fetch(`${app.base}/staff`, { headers: { cookie }, redirect: "manual" });
    expect(replayed.status).toBe(302);
  });
});

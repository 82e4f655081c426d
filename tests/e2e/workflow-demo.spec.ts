import { existsSync, readdirSync, readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { cityDaysAgo } from "../city-clock";
import { expectAccessible as checkAxe, expectAccessible } from "./axe";
import { onOneCityDay } from "./city-day";
import { fill } from "./fill";

/**
 * The demo service (workflows/demo-dog-licence.json) completed as a resident would: with and
 * without JavaScript, in English and in Spanish, checking every screen and error state with axe.
 */
/** Today in the city's time zone, as the server checks it. */
const today = () => cityDaysAgo(0);

async function next(page: Page) {
  await page.locator('button[name="_intent"][value="continue"]').click();
}

async function completeDemo(
  page: Page,
  lang: "en" | "es",
  opts: { javaScript: boolean } = { javaScript: true },
) {
  // The declaration is signed "today", and the service checks it again when the application is sent.
  await onOneCityDay();
  // axe runs inside the page, so it needs JavaScript; the no-JavaScript runs see the same markup.
  const expectAccessible = opts.javaScript ? checkAxe : async () => undefined;
  const suffix = lang === "es" ? "?lang=es" : "";
  // With JavaScript, start once the page has come to life (it has fetched the service's bundle).
  const engine = opts.javaScript ? page.waitForResponse((r) => r.url().includes("/assets/services/")) : null;
  await page.goto(`/workflow/demo-dog-licence${suffix}`);
  await engine;
  await expect(page).toHaveURL(/\/workflow\/demo-dog-licence\/residency/);
  await expectAccessible(page, "residency");

  // An error state first: continuing without an answer. The title says so, and the summary has
  // the focus, with or without JavaScript (autofocus on the page the server sends).
  await next(page);
  await expect(page.locator(".usa-alert--error")).toBeVisible();
  await expect(page).toHaveTitle(/^Error: /);
  await expect(page.locator("#error-summary")).toBeFocused();
  await expect(
    page.getByText(lang === "es" ? /Seleccione un valor/i : "Please select a value.").first(),
  ).toBeVisible();
  await expectAccessible(page, "residency with errors");

  await page.locator("#root_livesInCedarport-0").check();
  await next(page);
  await expect(page).toHaveURL(/\/applicant/);
  // The demo branches (the senior rate): no step counter that would jump.
  await expect(page.locator(".cp-workflow__progress")).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^Error/);
  await expectAccessible(page, "applicant");

  await fill(page, {
    root_firstName: "Maria",
    root_lastName: "Lopez",
    root_dateOfBirth: "04/15/1980",
    root_email: "not-an-email",
  });
  await next(page);
  await expect(page.locator(".usa-alert--error")).toBeVisible();
  await expect(page.locator("#error-summary")).toBeFocused();
  // The problems are listed as the fields appear on the page, the bad e-mail address among them.
  const targets = await page
    .locator("#error-summary a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")?.slice(1) ?? ""));
  expect(targets).toContain("root_email");
  const positions = await page.evaluate((ids) => {
    const all = [...document.querySelectorAll("input, select, textarea")];
    return ids.map((id) => all.findIndex((el) => el.id === id));
  }, targets);
  expect(positions.every((p) => p >= 0)).toBe(true);
  expect(positions).toEqual([...positions].sort((a, b) => a - b));
  // Nothing typed is lost on a validation error.
  await expect(page.locator("#root_firstName")).toHaveValue("Maria");
  await expectAccessible(page, "applicant with errors");

  await fill(page, {
    root_address1: "120 Harbor Street",
    root_city: "Cedarport",
    root_state: "IN",
    root_zip: "46201",
    root_phone: "(317) 555-0142",
    root_email: "maria.lopez@example.com",
  });
  await next(page);
  await expect(page).toHaveURL(/\/dogs/);
  await expectAccessible(page, "dogs");

  await fill(page, {
    root_0_name: "Biscuit",
    root_0_breed: "Beagle",
    root_0_dateOfBirth: "05/10/2021",
    root_0_rabiesVaccinated: cityDaysAgo(30),
  });
  await page.locator("#root_0_sex-1").check();
  await page.locator("#root_0_neutered-0").check();
  await next(page);
  await expect(page).toHaveURL(/\/donation/);
  await expectAccessible(page, "donation");

  // Back keeps the answers.
  await page.locator(".cp-back-link").click();
  await expect(page).toHaveURL(/\/dogs/);
  await expect(page.locator("#root_0_name")).toHaveValue("Biscuit");
  await next(page);
  await expect(page).toHaveURL(/\/donation/);

  await next(page);
  await expect(page).toHaveURL(/\/declaration/);
  await page.locator("#root_agree").check();
  await fill(page, { root_signedBy: "Maria Lopez", root_signedOn: today() });
  await expectAccessible(page, "declaration");
  await next(page);

  await expect(page).toHaveURL(/\/check-answers/);
  await expect(page.getByText("Biscuit")).toBeVisible();
  await expectAccessible(page, "check-answers");

  // "Change" is a button that looks like a link (a POST: a link must not move the journey), named
  // for the answer it changes; answering the screen again comes straight back here.
  const change = page.getByRole("button", {
    name: new RegExp(`^${lang === "es" ? "Cambiar" : "Change"} .+`),
  });
  expect(await change.count()).toBeGreaterThan(3);
  await change.first().click();
  await expect(page).toHaveURL(/\/residency/);
  await expect(page.locator("#root_livesInCedarport-0")).toBeChecked();
  await next(page);
  await expect(page).toHaveURL(/\/check-answers/);
  await page.locator('button[name="_intent"][value="submit"]').click();

  await expect(page).toHaveURL(/\/confirmation/);
  const reference = (await page.locator(".cp-workflow__reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^[ACEFHJKMNPRTWXY2-9]{8}$/);
  await expectAccessible(page, "confirmation");
  await expect(
    page.getByRole("button", {
      name: lang === "es" ? "Comenzar una nueva solicitud" : "Start a new application",
    }),
  ).toBeVisible();
  return reference;
}

async function withoutJavaScript<T>(browser: Browser, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe("demo service", () => {
  // A whole journey with axe on every screen, and now starting again: slow on a busy machine.
  test.setTimeout(60_000);
  test("completed with JavaScript, in English", async ({ page }) => {
    const pages: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") pages.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const reference = await completeDemo(page, "en");
    // The first address (and its redirect to the first screen) is the only page load: every
    // screen after it, errors, Back, check-answers and submit included, came without one.
    expect(pages).toEqual(["GET /workflow/demo-dog-licence", "GET /workflow/demo-dog-licence/residency"]);
    // A repeated submit (back button, retry) shows the same reference and stores nothing twice.
    await page.goBack();
    await page.goto("/workflow/demo-dog-licence");
    // "Start online" again: the application was sent; a new one starts only from the button.
    await expect(page.getByRole("heading", { name: "You have already sent this application" })).toBeVisible();
    await expect(page.locator(".cp-workflow__reference")).toHaveText(reference);
    await expectAccessible(page, "already sent");
    await page.getByRole("button", { name: "Start a new application" }).click();
    await expect(page).toHaveURL(/\/residency$/);
    await expect(page.locator("#root_livesInCedarport-0")).not.toBeChecked();
  });

  test("completed with JavaScript, in Spanish", async ({ page }) => {
    await completeDemo(page, "es");
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("completed without JavaScript, in English", async ({ browser }) => {
    await withoutJavaScript(browser, (page) => completeDemo(page, "en", { javaScript: false }));
  });

  test("completed without JavaScript, in Spanish", async ({ browser }) => {
    await withoutJavaScript(browser, (page) => completeDemo(page, "es", { javaScript: false }));
  });

  test("an ineligible resident reaches the exit page", async ({ page }) => {
    await page.goto("/workflow/demo-dog-licence");
    await page.locator("#root_livesInCedarport-1").check();
    await next(page);
    await expect(page).toHaveURL(/\/not-eligible/);
    await expectAccessible(page, "not-eligible");
  });

  test("save and come back later restores the journey; a bad link says so", async ({ page, browser }) => {
    await page.goto("/workflow/demo-dog-licence");
    await page.locator("#root_livesInCedarport-0").check();
    await next(page);
    await fill(page, { root_firstName: "Ana" });
    await page.locator('button[name="_intent"][value="save"]').click();
    const link = await page.locator(".cp-workflow__link a").getAttribute("href");
    expect(link).toContain("/workflow/demo-dog-licence/resume/");
    await expectAccessible(page, "saved");

    // The link can also be e-mailed; a bad address says so, a good one is sent.
    await page.locator("#resume-email").fill("not-an-address");
    await page.locator('button[name="_intent"][value="email-link"]').click();
    await expect(page.getByText("Please enter a valid email address.").first()).toBeVisible();
    // The same error summary as any screen: focused, linked to the field, "Error: " in the title.
    await expect(page.locator("#resume-email-summary")).toBeFocused();
    await expect(page.locator('#resume-email-summary a[href="#resume-email"]')).toBeVisible();
    await expect(page).toHaveTitle(/^Error: /);
    await expectAccessible(page, "saved with an e-mail error");
    await page.locator("#resume-email").fill("ana@example.com");
    await page.locator('button[name="_intent"][value="email-link"]').click();
    await expect(page.getByText("We sent the link to your e-mail address.", { exact: false })).toBeVisible();
    // The outbox's worker sends it just after the request, not during it.
    const sentTo = () =>
      existsSync("data/e2e/outbox") &&
      readdirSync("data/e2e/outbox")
        .filter((f) => f.endsWith(".eml"))
        .map((f) => readFileSync(`data/e2e/outbox/${f}`, "utf8"))
        .some((m) => m.includes("To: ana@example.com") && m.includes(link ?? "-"));
    await expect.poll(sentTo, { timeout: 5_000 }).toBe(true);

    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(link ?? "");
    await expect(fresh).toHaveURL(/\/applicant/);
    await expect(fresh.locator("#root_firstName")).toHaveValue("Ana");
    const expired = await fresh.goto("/workflow/demo-dog-licence/resume/not-a-real-token");
    expect(expired?.status()).toBe(410);
    await expectAccessible(fresh, "expired link");
    await other.close();
  });

  test("a saved link opened in a fresh browser comes back in the journey's language", async ({
    page,
    browser,
  }) => {
    await page.goto("/workflow/demo-dog-licence?lang=es");
    await page.locator("#root_livesInCedarport-0").check();
    await next(page);
    await fill(page, { root_firstName: "Ana" });
    await page.locator('button[name="_intent"][value="save"]').click();
    const link = await page.locator(".cp-workflow__link a").getAttribute("href");
    expect(link).toContain("/resume/");
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(link ?? "");
    await expect(fresh).toHaveURL(/\/applicant\?lang=es$/);
    await expect(fresh.locator("html")).toHaveAttribute("lang", "es");
    await expect(fresh.getByRole("heading", { level: 1 })).toHaveText("Sus datos");
    await expect(fresh.locator("#root_firstName")).toHaveValue("Ana");
    await other.close();
  });

  test("keyboard only: answer a screen with Tab, Space and Enter", async ({ page }) => {
    await page.goto("/workflow/demo-dog-licence");
    await page.locator("#root_livesInCedarport-0").focus();
    await page.keyboard.press("Space");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/applicant/);
  });

  test("a forged post gets a 400 page with the error summary", async ({ page, request }) => {
    await page.goto("/workflow/demo-dog-licence");
    const cookies = await page.context().cookies();
    const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const _csrf = (await page.locator('input[name="_csrf"]').first().getAttribute("value")) ?? "";
    const response = await request.post("/workflow/demo-dog-licence/residency", {
      headers: { cookie },
      form: { _intent: "explode", _csrf },
    });
    expect(response.status()).toBe(400);
    expect(await response.text()).toContain("There is a problem");
    const huge = await request.post("/workflow/demo-dog-licence/residency", {
      headers: { cookie },
      form: { root_livesInCedarport: "x".repeat(70_000), _csrf },
    });
    expect(huge.status()).toBe(400);
  });

  test("a post without the form's CSRF token changes nothing and says the form has expired", async ({
    page,
    request,
  }) => {
    await page.goto("/workflow/demo-dog-licence");
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const response = await request.post("/workflow/demo-dog-licence/residency", {
      headers: { cookie },
      form: { _intent: "continue", root_livesInCedarport: "true" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("This form has expired");
    // The resident's own form still works.
    await page.locator("#root_livesInCedarport-0").check();
    await next(page);
    await expect(page).toHaveURL(/\/applicant/);
  });

  test("a browser that keeps no cookies is told that online services need them", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/workflow/demo-dog-licence?lang=es");
    // The cookies the page set never come back, as in a browser with cookies turned off.
    await context.clearCookies();
    await page.locator("#root_livesInCedarport-0").check();
    await next(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Active las cookies para usar los servicios en línea",
    );
    await expect(page.getByRole("main").getByText("llame al 311", { exact: false })).toBeVisible();
    await context.close();
  });

  test("an unknown service is a 404", async ({ page }) => {
    expect((await page.goto("/workflow/no-such-service"))?.status()).toBe(404);
  });
});

/** The demo's first screen, once the browser has the service's workflow and validators. */
async function openWithEngine(page: Page) {
  const loaded = page.waitForResponse(
    (r) => r.url().includes("/assets/services/demo-dog-licence-") && r.ok(),
  );
  await page.goto("/workflow/demo-dog-licence");
  await loaded;
}

test.describe("demo service in the browser", () => {
  test("checks a screen in the browser with the compiled validators, before anything is sent", async ({
    page,
  }) => {
    await openWithEngine(page);
    const posts: string[] = [];
    const beacons: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "POST") return;
      // The dashboard's beacon (docs/back-office.md): which fields were refused, never the answers
      // (its body is checked by tests/integration/back-office.test.ts; a beacon's is not shown here).
      if (r.url().endsWith("/api/v1/metrics/refusals")) beacons.push(r.url());
      else posts.push(r.url());
    });
    await next(page);
    await expect(page.locator(".usa-alert--error")).toBeVisible();
    await expect(page.getByText("Please select a value.").first()).toBeVisible();
    expect(posts).toEqual([]);
    await expect.poll(() => beacons.length).toBe(1);
    await page.locator("#root_livesInCedarport-0").check();
    await next(page);
    await expect(page).toHaveURL(/\/applicant/);
    expect(posts.length).toBe(1);
  });

  test("runs the machine in the browser: the next screen shows at once, the server gets the answer behind it", async ({
    page,
  }) => {
    await openWithEngine(page);
    await page.waitForLoadState("networkidle");
    const asked: string[] = [];
    page.on("response", (r) => {
      const type = r.request().resourceType();
      if (type === "fetch" || type === "document")
        asked.push(`${r.request().method()} ${r.url()} ${r.status()}`);
    });
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page.locator("#root_livesInCedarport-0").check();
    await next(page);
    await expect(page).toHaveURL(/\/applicant$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your details");
    // Announced as a new page would be: focus on the new screen's heading.
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page).toHaveTitle("Your details | Apply for a dog licence (demo)");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /dog/i);
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    // One request: the answer, sent to the server in the background (no page, no data fetched).
    await expect
      .poll(() => asked)
      .toEqual([expect.stringMatching(/^POST .*\/workflow\/demo-dog-licence\/residency 303$/)]);
    await expectAccessible(page, "applicant, shown by the browser");
    // The server has the answer: loading the page afresh opens the same screen, not the first.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your details");
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/residency$/);
    await expect(page.locator("#root_livesInCedarport-0")).toBeChecked();
  });

  test("keeps what was chosen before the page came to life", async ({ page }) => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/assets\/entry\.client-[^/]*\.js$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/workflow/demo-dog-licence", { waitUntil: "domcontentloaded" });
    await page.locator("#root_livesInCedarport-0").check();
    const hydrated = page.waitForResponse((r) => r.url().includes("/assets/services/demo-dog-licence-"));
    release();
    await hydrated;
    await next(page);
    await expect(page).toHaveURL(/\/applicant$/);
  });

  test("the page's header works here too: quick results, then Spanish on the same screen", async ({
    page,
  }) => {
    await openWithEngine(page);
    const input = page.getByRole("banner").getByRole("combobox");
    await input.focus();
    await page.keyboard.type("dog licence");
    await expect(page.getByRole("listbox")).toBeVisible();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "Español" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page).toHaveURL(/\/workflow\/demo-dog-licence\/residency$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "¿Vive en la Ciudad y Condado de Cedarport?",
    );
    expect(await page.evaluate(() => window.localStorage.getItem("languagePreference"))).toBe("es");
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { saveAccount } from "../../src/back-office/accounts";
import { openDatabase } from "../../src/db/database";
import { expectAccessible } from "./axe";
import { driveRecording, loadRecordings, loadWorkflows, screenPath } from "./journey-driver";

/**
 * The back office in a real browser (issue 16): a resident sends the demo dog licence, staff of
 * that service sign in with the keyboard, find it under New, approve it with a note; the
 * resident's status lookup and e-mail show it in their language. Once in English with JavaScript
 * (every console page checked with axe, on a desktop and at 375 px), once in Spanish without.
 * Staff of another service are refused it, and signing out ends the session.
 *
 * The accounts are written straight into the e2e server's database (playwright.config.ts starts
 * it with DATA_DIR=data/e2e) with `saveAccount`, the function `npm run staff -- add` calls: the
 * CLI itself would cost seconds of CPU per account (it compiles every service first), and the
 * integration test already drives the same sign-in over HTTP.
 */
const DATA_DIR = "data/e2e";
const SERVICE = "demo-dog-licence";
const SERVICE_TITLE = "Apply for a dog licence (demo)";
const PASSWORD = "correct horse battery staple";
const CLERK = "dog-licence-clerk@cedarport.gov";
const OTHER = "mayor-desk-clerk@cedarport.gov";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

test.beforeAll(async () => {
  // The same database the server opens: DATABASE_URL when the environment sets one (the web
  // server inherits it), else its SQLite file. The server has migrated it before it answered.
  const db = await openDatabase({
    url: process.env.DATABASE_URL,
    file: join(DATA_DIR, "cedarport.sqlite"),
  });
  try {
    const at = new Date();
    await saveAccount(db, { email: CLERK, password: PASSWORD, role: "staff", services: [SERVICE] }, at);
    await saveAccount(
      db,
      { email: OTHER, password: PASSWORD, role: "staff", services: ["contact-the-mayor"] },
      at,
    );
  } finally {
    await db.close();
  }
});

// ── The resident ─────────────────────────────────────────────────────────────────────────────

/**
 * Sends the demo as a recorded resident: the screens up to check-answers are answered as the
 * browser's enhanced form posts them (the journey driver, in this browser context's journey; the
 * demo spec fills every screen by hand already), then the resident sends it from the page.
 */
async function sendApplication(page: Page, recordingFile: string): Promise<string> {
  const workflow = loadWorkflows().find((w) => w.name === SERVICE);
  const named = loadRecordings(SERVICE).find((r) => r.file === recordingFile);
  if (!workflow || !named) throw new Error(`no recording ${SERVICE}/${recordingFile}`);
  // Every step before the resident reaches check-answers (a step there sends the application).
  const checkAnswers = new Set(workflow.screens.filter((s) => s.type === "check-answers").map((s) => s.name));
  const sending = named.recording.steps.findIndex((step) => step.screen && checkAnswers.has(step.screen));
  expect(sending, `${recordingFile} reaches check-answers`).toBeGreaterThan(0);
  const steps = named.recording.steps.slice(0, sending);
  const { deviations } = await driveRecording(
    page,
    workflow,
    { file: named.file, recording: { ...named.recording, steps } },
    async () => {},
  );
  expect(deviations).toEqual([]);
  await page.goto(`${screenPath(SERVICE, "check-answers")}?lang=${named.recording.locale}`);
  await page.locator('button[name="_intent"][value="submit"]').click();
  await expect(page).toHaveURL(/\/confirmation/);
  const reference = (await page.locator(".cp-workflow__reference").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^[ACEFHJKMNPRTWXY2-9]{8}$/);
  return reference;
}

/** The resident's "Check the status of a request", with the reference as it is printed (a space in the middle). */
async function lookUp(page: Page, lang: "en" | "es", reference: string, email: string) {
  await page.goto(lang === "es" ? "/request-status?lang=es" : "/request-status");
  await page.locator("#status-reference").fill(`${reference.slice(0, 4)} ${reference.slice(4)}`);
  await page.locator("#status-check").fill(email);
  await page.getByRole("button", { name: lang === "es" ? "Consultar el estado" : "Check status" }).click();
  const heading = lang === "es" ? `Solicitud ${reference}` : `Request ${reference}`;
  await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
}

/** The .eml the embedded e-mail wrote for this reference's status change (sent just after the request). */
async function statusEmail(reference: string, says: string): Promise<string> {
  const outbox = join(DATA_DIR, "outbox");
  let found = "";
  await expect
    .poll(
      () => {
        if (!existsSync(outbox)) return false;
        found =
          readdirSync(outbox)
            .filter((f) => f.endsWith(".eml"))
            .map((f) => readFileSync(join(outbox, f), "utf8").replace(/\r\n/g, "\n"))
            .find((eml) => eml.includes(reference) && eml.includes(says)) ?? "";
        return found !== "";
      },
      { message: `an e-mail about ${reference} saying "${says}"`, timeout: 10_000 },
    )
    .toBe(true);
  return found;
}

// ── Staff ────────────────────────────────────────────────────────────────────────────────────

/** Presses Tab from where the focus is until the element with this id has it, as a keyboard user would. */
async function tabTo(page: Page, id: string) {
  const target = page.locator(`#${id}:focus`);
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press("Tab");
    if ((await target.count()) === 1) return;
  }
  throw new Error(`Tab never reached #${id}`);
}

/** Opens the console, is sent to sign in, and signs in with the keyboard alone. */
async function signIn(page: Page, email: string, audit?: (label: string) => Promise<void>) {
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/login\?return=%2Fstaff$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to the staff console");
  await audit?.("sign-in");
  await tabTo(page, "staff-email");
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.locator("#staff-password")).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole("navigation", { name: "Staff console" })).toContainText(
    `Signed in as ${email}`,
  );
}

/**
 * axe on a desktop and on a phone, and nothing wider than the phone's screen. `within` limits axe
 * to the page's main part (the console's bar and the page) once the site's header and footer
 * have been audited whole on an earlier page: axe is most of this spec's time.
 */
async function auditBothWidths(page: Page, label: string, opts: { within?: string } = {}) {
  await expectAccessible(page, label, opts);
  await page.setViewportSize(PHONE);
  try {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, `${label} is wider than a 375 px screen`).toBeLessThanOrEqual(clientWidth);
    await expectAccessible(page, `${label} at 375 px`, opts);
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}
const MAIN = { within: "#main-content" };

/**
 * From the services list to the new submission and its status changed to Approved with a note:
 * what a member of staff does, by the console's links and forms. `audit` checks each page.
 */
async function approve(
  page: Page,
  { reference, note, language, dog }: { reference: string; note: string; language: string; dog: string },
  audit: (label: string) => Promise<void>,
) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services");
  await audit("services");
  await page.getByRole("link", { name: SERVICE_TITLE }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SERVICE_TITLE);
  const tabs = page.getByRole("navigation", { name: "Submissions by status" });
  await expect(tabs.getByRole("link", { name: "New" })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: reference }) });
  await expect(row).toContainText("Received");
  await expect(row).toContainText(language);
  await audit("inbox, New");
  await row.getByRole("link", { name: reference }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Submission ${reference}`);
  await expect(page.getByRole("region", { name: "Answers" })).toContainText(dog);
  await audit("submission");
  await page.getByLabel("New status").selectOption({ label: "Approved" });
  await page.getByLabel("Note to the resident (optional)").fill(note);
  await page.getByRole("button", { name: "Save status" }).click();

  await expect(page).toHaveURL(new RegExp(`/staff/submissions/${reference}\\?saved=status`));
  await expect(page.getByRole("main").getByRole("status")).toHaveText("The status is now Approved.");
  const change = page
    .getByRole("region", { name: "History" })
    .getByRole("listitem")
    .filter({ hasText: `${CLERK} changed the status to Approved` });
  await expect(change).toContainText(note);
  await audit("submission, status saved");

  // Approved is final: the submission has left New for Done.
  await page.getByRole("link", { name: `Back to ${SERVICE_TITLE}` }).click();
  await expect(page.getByRole("link", { name: reference })).toHaveCount(0);
  await tabs.getByRole("link", { name: "Done" }).click();
  await expect(tabs.getByRole("link", { name: "Done" })).toHaveAttribute("aria-current", "page");
  await expect(
    page.getByRole("row").filter({ has: page.getByRole("link", { name: reference }) }),
  ).toContainText("Approved");
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/staff\/login\?signed-out$/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText("You are signed out.");
}

async function newContext(browser: Browser, javaScript: boolean): Promise<BrowserContext> {
  return browser.newContext({ javaScriptEnabled: javaScript, viewport: DESKTOP });
}

// ── The journeys ─────────────────────────────────────────────────────────────────────────────

/** The English resident's reference, for the last test. */
let englishReference = "";

test.describe("the back office", () => {
  // The last test opens the English submission; each journey's steps depend on the one before.
  test.describe.configure({ mode: "serial" });
  // A journey, the console's pages and axe at two widths: slow on a busy two-core machine.
  test.setTimeout(120_000);

  test("in English with JavaScript: sent, approved with a note, seen by the resident and e-mailed", async ({
    browser,
  }) => {
    const resident = await newContext(browser, true);
    const staff = await newContext(browser, true);
    try {
      const residentPage = await resident.newPage();
      const reference = await test.step("the resident sends the application", () =>
        sendApplication(residentPage, "happy-path"));
      englishReference = reference;

      const page = await staff.newPage();
      // The sign-in page whole, the console's other pages from <main> on.
      const audit = (label: string) => auditBothWidths(page, label, label === "sign-in" ? {} : MAIN);
      const note = "Your tag is in the mail.";
      await test.step("staff sign in with the keyboard", () => signIn(page, CLERK, audit));
      await test.step("staff find it under New and approve it with a note", () =>
        approve(page, { reference, note, language: "English", dog: "Biscuit" }, audit));

      await test.step("the resident sees the status and the note", async () => {
        // A mistyped e-mail address first: found nothing, said so, focus on the message.
        await residentPage.goto("/request-status");
        await auditBothWidths(residentPage, "request status");
        await residentPage.locator("#status-reference").fill(reference);
        await residentPage.locator("#status-check").fill("maria.lopez@example.org");
        await residentPage.getByRole("button", { name: "Check status" }).click();
        await expect(residentPage.locator("#error-summary")).toBeFocused();
        await expect(residentPage.locator("#error-summary")).toContainText("We could not find a request");
        await expect(residentPage).toHaveTitle(/^There is a problem: Check the status of a request/);
        await expect(residentPage.locator("#status-check")).toHaveValue("maria.lopez@example.org");
        await auditBothWidths(residentPage, "request status, not found", MAIN);

        await lookUp(residentPage, "en", reference, "Maria.Lopez@example.com");
        const result = residentPage.getByRole("region", { name: `Request ${reference}` });
        await expect(result).toContainText(SERVICE_TITLE);
        await expect(result.locator("dd strong")).toHaveText("Approved");
        await expect(result.getByRole("listitem").filter({ hasText: "Approved" })).toContainText(note);
        await auditBothWidths(residentPage, "request status, found", MAIN);
      });

      await test.step("the resident is e-mailed", async () => {
        const eml = await statusEmail(reference, "has a new status: Approved.");
        expect(eml).toContain("To: maria.lopez@example.com");
        expect(eml).toContain(`A note from city staff:\n${note}`);
      });
    } finally {
      await resident.close();
      await staff.close();
    }
  });

  test("in Spanish without JavaScript: sent, approved with a note, seen by the resident and e-mailed", async ({
    browser,
  }) => {
    const resident = await newContext(browser, false);
    const staff = await newContext(browser, false);
    try {
      const residentPage = await resident.newPage();
      const reference = await test.step("the resident sends the application", async () => {
        const sent = await sendApplication(residentPage, "senior-rate-es");
        await expect(residentPage.locator("html")).toHaveAttribute("lang", "es");
        return sent;
      });

      // Staff read the console in English whatever language the resident used; the status and
      // note reach the resident in theirs.
      const page = await staff.newPage();
      const note = "Su placa va por correo. Gracias.";
      await test.step("staff sign in with the keyboard", () => signIn(page, CLERK));
      await test.step("staff find it under New and approve it with a note", () =>
        approve(page, { reference, note, language: "Español", dog: "Canela" }, async () => {}));
      await test.step("staff sign out", () => signOut(page));

      await test.step("the resident sees the status and the note in Spanish", async () => {
        await lookUp(residentPage, "es", reference, "jose.hernandez@example.com");
        await expect(residentPage.locator("html")).toHaveAttribute("lang", "es");
        const result = residentPage.getByRole("region", { name: `Solicitud ${reference}` });
        await expect(result.locator("dd strong")).toHaveText("Aprobada");
        await expect(result.getByRole("listitem").filter({ hasText: "Aprobada" })).toContainText(note);
      });

      await test.step("the resident is e-mailed in Spanish", async () => {
        const eml = await statusEmail(reference, "tiene un nuevo estado: Aprobada.");
        expect(eml).toContain("To: jose.hernandez@example.com");
        expect(eml).toContain(`Nota del personal de la ciudad:\n${note}`);
      });
    } finally {
      await resident.close();
      await staff.close();
    }
  });

  test("staff of another service cannot open it; signing out ends the session", async ({ browser }) => {
    expect(englishReference, "the English submission was sent").not.toBe("");
    const staff = await newContext(browser, true);
    try {
      const page = await staff.newPage();
      await signIn(page, OTHER);
      await expect(page.getByRole("link", { name: SERVICE_TITLE })).toHaveCount(0);

      const response = await page.goto(`/staff/submissions/${englishReference}`);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You cannot open this");
      await expect(page.getByText("Biscuit")).toHaveCount(0);
      await auditBothWidths(page, "403", MAIN);
      expect((await page.goto(`/staff/services/${SERVICE}`))?.status()).toBe(403);
      // The console's bar stays on the refusal: who is signed in, and a way out.
      await expect(page.getByRole("navigation", { name: "Staff console" })).toContainText(
        `Signed in as ${OTHER}`,
      );

      await signOut(page);
      await auditBothWidths(page, "signed out", MAIN);
      // The session has ended on the server: the console asks to sign in again.
      await page.goto("/staff");
      await expect(page).toHaveURL(/\/staff\/login\?return=%2Fstaff$/);
    } finally {
      await staff.close();
    }
  });
});

import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type ServerProcess, startServer } from "../integration/server-process";
import { expectAccessible } from "./axe";
import { fill } from "./fill";

/**
 * A brand-new service works without any code change: `npm run workflow -- new` writes it into a
 * copy of workflows/, a second production server is started on that folder (the configured
 * webServer serves the real one), and residents complete the new service in English and in
 * Spanish, with and without JavaScript, up to the confirmation and its reference number.
 */

const NAME = "e2e-library-card";
const TITLE = { en: "Get a library card", es: "Obtenga una tarjeta de biblioteca" };
const QUESTION = { en: "What is your full name?", es: "¿Cuál es su nombre completo?" };
const DONE = { en: "Application complete", es: "Solicitud completada" };
const REQUIRED = { en: "This field is required.", es: "Este campo es obligatorio." };

let scratch = "";
let server: ServerProcess | undefined;

test.beforeAll(async () => {
  // Starting a production server builds each service's bundle: slow on a busy machine.
  test.setTimeout(240_000);
  scratch = mkdtempSync(join(tmpdir(), "new-service-e2e-"));
  const workflowsDir = join(scratch, "workflows");
  cpSync("workflows", workflowsDir, { recursive: true });
  // The command staff run, into the copy (--dir), so nothing is left in the real workflows/.
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "src/workflow/cli.ts",
      "new",
      NAME,
      "--title-en",
      TITLE.en,
      "--title-es",
      TITLE.es,
      "--dir",
      workflowsDir,
    ],
    { stdio: "pipe" },
  );
  // Ready: the new service's browser bundle is built, so its first page loads it.
  server = await startServer(
    {
      NODE_ENV: "production",
      WORKFLOWS_DIR: workflowsDir,
      DATA_DIR: join(scratch, "data"),
      RATE_LIMIT_SCALE: "100",
    },
    180_000,
    undefined,
    "/readyz",
  );
});

test.afterAll(async () => {
  await server?.stop();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function next(page: Page) {
  await page.locator('button[name="_intent"][value="continue"]').click();
}

async function completeNewService(page: Page, lang: "en" | "es", opts: { javaScript: boolean }) {
  if (!server) throw new Error("the server did not start");
  const start = `${server.base}/workflow/${NAME}${lang === "es" ? "?lang=es" : ""}`;
  // With JavaScript, start once the page has come to life (it has fetched the service's bundle).
  const engine = opts.javaScript
    ? page.waitForResponse((r) => r.url().includes(`/assets/services/${NAME}-`))
    : null;
  await page.goto(start);
  await engine;
  await expect(page).toHaveURL(new RegExp(`/workflow/${NAME}/details`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(QUESTION[lang]);
  await expect(page).toHaveTitle(`${QUESTION[lang]} | ${TITLE[lang]}`);
  // axe runs inside the page, so it needs JavaScript; the no-JavaScript runs get the same markup.
  if (opts.javaScript) await expectAccessible(page, `${NAME} details (${lang})`);

  // The one field is required: continuing without it shows the error, in the resident's language.
  await next(page);
  await expect(page.locator("#error-summary")).toBeFocused();
  await expect(page.locator("#error-summary")).toContainText(REQUIRED[lang]);
  if (opts.javaScript) await expectAccessible(page, `${NAME} details with errors (${lang})`);

  await fill(page, { root_fullName: "Maria Lopez" });
  await next(page);
  await expect(page).toHaveURL(/\/check-answers(\?lang=es)?$/);
  await expect(page.getByText("Maria Lopez")).toBeVisible();
  await page.locator('button[name="_intent"][value="submit"]').click();

  await expect(page).toHaveURL(/\/confirmation(\?lang=es)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(DONE[lang]);
  await expect(page.locator(".cp-workflow__reference")).toHaveText(/^\s*[ACEFHJKMNPRTWXY2-9]{8}\s*$/);
}

async function withoutJavaScript(browser: Browser, work: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe("a service made by `workflow new`", () => {
  test.setTimeout(60_000);

  test("is completed with JavaScript, in English", async ({ page }) => {
    await completeNewService(page, "en", { javaScript: true });
  });

  test("is completed with JavaScript, in Spanish", async ({ page }) => {
    await completeNewService(page, "es", { javaScript: true });
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
  });

  test("is completed without JavaScript, in English", async ({ browser }) => {
    await withoutJavaScript(browser, (page) => completeNewService(page, "en", { javaScript: false }));
  });

  test("is completed without JavaScript, in Spanish", async ({ browser }) => {
    await withoutJavaScript(browser, (page) => completeNewService(page, "es", { javaScript: false }));
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { saveAccount } from "../../src/back-office/accounts";
import { openDatabase } from "../../src/db/database";
import { PDF, PNG } from "../fixtures/documents";
import { expectAccessible } from "./axe";

/**
 * Staff open the documents a resident uploaded, in a real browser: a representative sends a
 * mailing-address change with the Power of Attorney uploaded, and staff of that service download
 * each document from the submission page, by mouse and by keyboard. What the server checks (who
 * may, which submission's, the headers, the audit log) is tests/integration/staff-documents.test.ts.
 *
 * The account is written straight into the e2e server's database, as tests/e2e/back-office.spec.ts
 * does (it says why).
 */
const DATA_DIR = "data/e2e";
const SERVICE = "change-mailing-address";
const PASSWORD = "correct horse battery staple";
const CLERK = "mailing-address-clerk@cedarport.gov";

const POWER_OF_ATTORNEY = "Power of Attorney – María.pdf";
const SIGNATURES = "signatures.png";

test.beforeAll(async () => {
  const db = await openDatabase({
    url: process.env.DATABASE_URL,
    file: join(DATA_DIR, "cedarport.sqlite"),
  });
  try {
    await saveAccount(
      db,
      { email: CLERK, password: PASSWORD, role: "staff", services: [SERVICE] },
      new Date(),
    );
  } finally {
    await db.close();
  }
});

/**
 * Answers a screen as the enhanced form posts it (JSON, with the CSRF token of the page open now),
 * as tests/e2e/uploads.spec.ts does: the screens around the upload are not what this is about.
 */
async function answer(page: Page, screen: string, answers: unknown) {
  const csrf = await page.locator('input[name="_csrf"]').first().getAttribute("value");
  const response = await page.request.post(`/workflow/${SERVICE}/${screen}`, {
    maxRedirects: 0,
    data: { intent: "continue", answers, csrf },
  });
  expect(response.status(), `${screen} refused the answers`).toBe(303);
}

/** A representative's request with the Power of Attorney uploaded (two files); answers its reference. */
async function sendWithDocuments(page: Page): Promise<string> {
  await page.goto(`/workflow/${SERVICE}`);
  await answer(page, "role", { role: "representative" });
  await answer(page, "representative", { authority: "power-of-attorney", authorizationBy: "upload" });
  await page.goto(`/workflow/${SERVICE}/upload-authorization`);
  await page.locator("#root_files").setInputFiles([
    { name: POWER_OF_ATTORNEY, mimeType: "application/pdf", buffer: PDF },
    { name: SIGNATURES, mimeType: "image/png", buffer: PNG },
  ]);
  await page.locator('button[name="_intent"][value="continue"]').click();
  await expect(page).toHaveURL(/\/find-properties(\?|$)/);
  await answer(page, "find-properties", [{ query: "49-04-09-000-001.000-401" }]);
  await answer(page, "address-location", { location: "us" });
  await answer(page, "us-address", {
    address1: "1250 N Lake Shore Dr",
    city: "Chicago",
    state: "IL",
    zip: "60610",
  });
  await answer(page, "contact", {
    name: "Laura Whitfield",
    phone: "(317) 555-0173",
    email: "laura.whitfield@example.com",
  });
  await page.goto(`/workflow/${SERVICE}/check-answers`);
  await page.locator("#root_agree").check();
  await page.locator('button[name="_intent"][value="submit"]').click();
  await expect(page).toHaveURL(/\/confirmation(\?|$)/);
  return (await page.locator(".cp-workflow__reference").textContent())?.trim() ?? "";
}

test("staff download the documents a resident uploaded, from the submission's page", async ({ browser }) => {
  // A resident's journey, sign-in, axe and two downloads: slow on a busy two-core machine.
  test.setTimeout(90_000);
  const resident = await browser.newContext();
  const staff = await browser.newContext();
  try {
    const reference = await test.step("the representative sends the request with documents", async () =>
      sendWithDocuments(await resident.newPage()));
    expect(reference).toMatch(/^[ACEFHJKMNPRTWXY2-9]{8}$/);

    const page = await staff.newPage();
    await test.step("staff sign in and open the submission", async () => {
      await page.goto("/staff/login");
      await page.locator("#staff-email").fill(CLERK);
      await page.locator("#staff-password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/staff$/);
      await page.goto(`/staff/submissions/${reference}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Submission ${reference}`);
    });

    const answers = page.getByRole("region", { name: "Answers" });
    const powerOfAttorney = answers.getByRole("link", { name: POWER_OF_ATTORNEY, exact: true });
    const signatures = answers.getByRole("link", { name: SIGNATURES, exact: true });

    await test.step("each document is a link named by the file, saying what it is and that it downloads", async () => {
      await expect(powerOfAttorney).toHaveAccessibleDescription("(PDF, 2 KB, downloads)");
      await expect(signatures).toHaveAccessibleDescription("(PNG, 1 KB, downloads)");
      await expectAccessible(page, "submission with documents");
    });

    await test.step("the link downloads the file as the resident sent it", async () => {
      const downloading = page.waitForEvent("download");
      await powerOfAttorney.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(POWER_OF_ATTORNEY);
      expect(readFileSync(await download.path()).equals(PDF)).toBe(true);
      // A download: the page stays where it was.
      await expect(page).toHaveURL(new RegExp(`/staff/submissions/${reference}$`));
    });

    await test.step("and so does Enter on it, from the keyboard", async () => {
      await signatures.focus();
      const downloading = page.waitForEvent("download");
      await page.keyboard.press("Enter");
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(SIGNATURES);
      expect(readFileSync(await download.path()).equals(PNG)).toBe(true);
    });
  } finally {
    await resident.close();
    await staff.close();
  }
});

import { expect, type Page, test } from "@playwright/test";
import { PDF, PNG } from "../fixtures/documents";
import { expectAccessible } from "./axe";
import { fill } from "./fill";

/**
 * Documents a resident uploads instead of sending them within 48 hours (issue 13), in a real
 * browser: with JavaScript in English and without it in Spanish. The property appeal's authorized
 * representative reaches an upload screen soonest: two screens in, the Power of Attorney. What
 * the server does with the files (checked by their bytes, sealed, owned by the journey) is
 * tests/integration/uploads.test.ts; this is what the resident sees and does.
 */

const SERVICE = "/workflow/property-appeal";

const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: PDF });
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });
/** A word-processor file, by its name and by its bytes: not a type the county accepts. */
const docx = (name: string) => ({
  name,
  mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  buffer: Buffer.from("PK\u0003\u0004 not a PDF, JPG or PNG"),
});

async function next(page: Page) {
  await page.locator('button[name="_intent"][value="continue"]').click();
}

/** The files listed on the screen as uploaded, each "name (size)". */
function listed(page: Page) {
  return page.locator(".cp-upload__file");
}

/**
 * Answers a screen as the enhanced form posts it (JSON, with the journey's CSRF token from the page
 * open now), to reach the next upload screen and check-answers without typing every answer.
 */
async function answer(page: Page, screen: string, answers: Record<string, unknown>) {
  const csrf = await page.locator('input[name="_csrf"]').first().getAttribute("value");
  const response = await page.request.post(`${SERVICE}/${screen}`, {
    maxRedirects: 0,
    data: { intent: "continue", answers, csrf },
  });
  expect(response.status(), `${screen} refused the answers`).toBe(303);
}

/** From the start of the appeal to the upload screen, as a representative who chose to upload. */
async function toUploadScreen(page: Page, lang: "en" | "es") {
  await page.goto(`${SERVICE}${lang === "es" ? "?lang=es" : ""}`);
  await page.locator("#root_role-1").check();
  await next(page);
  await expect(page).toHaveURL(/\/representative(\?|$)/);
  await page.locator("#root_authority-0").check();
  await fill(page, {
    root_name: "Alex Rivera",
    root_phone: "(317) 555-0190",
    root_email: "alex.rivera@example.com",
  });
  await page.locator("#root_authorizationBy-0").check();
  await next(page);
  await expect(page).toHaveURL(/\/upload-authorization(\?|$)/);
}

test.describe("uploading documents", () => {
  test("with JavaScript: refused by name, kept, removed, and nothing left to send in 48 hours", async ({
    page,
  }) => {
    await toUploadScreen(page, "en");
    await expect(page.getByText("PDF, JPG or PNG files, up to 10 MB each.")).toBeVisible();

    await page.locator("#root_files").setInputFiles([pdf("power-of-attorney.pdf"), docx("notes.docx")]);
    await next(page);
    // Refused: the bad file named, the good one kept and listed with its size.
    await expect(page).toHaveTitle(/^Error: /);
    await expect(page.getByText("“notes.docx” is not a PDF, JPG or PNG file.").first()).toBeVisible();
    await expect(listed(page)).toHaveCount(1);
    await expect(listed(page)).toContainText("power-of-attorney.pdf (2 KB)");
    await expectAccessible(page, "upload screen with an error and a file listed");

    // Remove it, then upload two others: the removed one is gone for good.
    await listed(page).getByRole("button", { name: "Remove power-of-attorney.pdf" }).click();
    await expect(listed(page)).toHaveCount(0);
    await page.locator("#root_files").setInputFiles([pdf("signed-page-1.pdf"), png("signed-page-2.png")]);
    await next(page);
    await expect(page).toHaveURL(/\/find-property(\?|$)/);
    await page.locator(".cp-back-link").click();
    await expect(page).toHaveURL(/\/upload-authorization(\?|$)/);
    await expect(listed(page)).toHaveText([/signed-page-1\.pdf \(2 KB\)/, /signed-page-2\.png \(1 KB\)/]);
    await expectAccessible(page, "upload screen with files listed");

    // The evidence uploaded too: nothing is left to send within 48 hours, and no page says so.
    await next(page);
    await answer(page, "find-property", { query: "200 E Market St" });
    await answer(page, "confirm-property", { parcelNumber: "1000001" });
    await answer(page, "values", { requestedValue: 16500000 });
    await answer(page, "reason", {
      reasons: ["condition"],
      explanation: "The roof leaks and the foundation is cracked.",
      recentSaleOrAppraisal: false,
    });
    await answer(page, "evidence", { documents: ["photos"] });
    await answer(page, "send-evidence", { method: "upload" });
    await page.goto(`${SERVICE}/upload-evidence`);
    await page.locator("#root_files").setInputFiles([png("roof.png")]);
    await next(page);
    await expect(page).toHaveURL(/\/hearing(\?|$)/);
    await answer(page, "hearing", { meeting: "phone", days: ["monday"], times: ["morning"] });
    await answer(page, "owner", {
      ownerName: "Maria Delgado",
      address1: "200 E Market St",
      city: "Cedarport",
      state: "IN",
      zip: "46204",
      phone: "(317) 555-0142",
      email: "maria.delgado@example.com",
    });
    await answer(page, "declaration", { agree: true, signedBy: "Alex Rivera" });
    await page.goto(`${SERVICE}/check-answers`);
    for (const file of ["signed-page-1.pdf (2 KB)", "signed-page-2.png (1 KB)", "roof.png (1 KB)"])
      await expect(page.getByText(file)).toBeVisible();
    await expect(page.getByText(/within 48 hours/)).toHaveCount(0);
    await page.locator('button[name="_intent"][value="submit"]').click();
    await expect(page).toHaveURL(/\/confirmation(\?|$)/);
    await expect(page.getByText("Your evidence was sent with the appeal")).toBeVisible();
    await expect(page.getByText("Send your evidence", { exact: true })).toHaveCount(0);
    await expect(page.getByText(/within 48 hours/)).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("in Spanish: refused by name, kept, removed with its button, and required", async ({ page }) => {
      await toUploadScreen(page, "es");
      await expect(page.getByText("Archivos PDF, JPG o PNG, de hasta 10 MB cada uno.")).toBeVisible();

      await page.locator("#root_files").setInputFiles([png("poder-notarial.png"), docx("notas.docx")]);
      await next(page);
      await expect(page).toHaveTitle(/^Error: /);
      await expect(page.getByText("“notas.docx” no es un archivo PDF, JPG o PNG.").first()).toBeVisible();
      await expect(listed(page)).toHaveText([/poder-notarial\.png \(1 KB\)/]);

      // Remove is a button of the form: the server takes the file away and shows the screen again.
      await listed(page).getByRole("button", { name: "Eliminar poder-notarial.png" }).click();
      await expect(page).toHaveURL(/\/upload-authorization(\?|$)/);
      await expect(listed(page)).toHaveCount(0);

      // Nothing uploaded: the screen asks for a file.
      await next(page);
      await expect(page.getByText("Seleccione un archivo para subir.").first()).toBeVisible();

      await page.locator("#root_files").setInputFiles([pdf("poder-notarial.pdf")]);
      await next(page);
      await expect(page).toHaveURL(/\/find-property(\?|$)/);
    });
  });
});

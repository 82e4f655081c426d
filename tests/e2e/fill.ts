import type { Page } from "@playwright/test";

/**
 * Types answers into a screen's fields by id, as a resident would. A date shown as month, day and
 * year boxes (the memorable-date widget) gets its "mm/dd/yyyy" answer typed box by box.
 */
export async function fill(page: Page, values: Record<string, string>) {
  for (const [id, value] of Object.entries(values)) {
    // The field as one box or as three: wait for either (the screen may still be on its way).
    await page.locator(`#${id}, [name="${id}__month"]`).first().waitFor();
    const month = page.locator(`[name="${id}__month"]`);
    if ((await month.count()) === 0) {
      await page.locator(`#${id}`).fill(value);
      continue;
    }
    const [mm = "", dd = "", yyyy = ""] = value.split("/");
    await month.fill(mm);
    await page.locator(`[name="${id}__day"]`).fill(dd);
    await page.locator(`[name="${id}__year"]`).fill(yyyy);
  }
}

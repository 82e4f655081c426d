import { type Browser, expect, type Locator, type Page } from "@playwright/test";

/**
 * A resident's moves through a service, for the journeys typed by hand (city-requests.spec.ts,
 * property-services.spec.ts): opening it in a language, with or without JavaScript; typing and
 * choosing by the labels of the page's language; checking the answers and reading the receipt.
 * Nothing here knows a service: each spec says what its resident types and expects.
 */

export type Lang = "en" | "es";

// ── Dates, counted in Cedarport's days (the server checks them against the city's today) ─────

const CEDARPORT_ZONE = "America/Indiana/Indianapolis";

/** The Cedarport day `days` from today, as a UTC midnight (adding days never meets a clock change). */
export function cedarportDay(days = 0): Date {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: CEDARPORT_ZONE,
    year: "numeric",
    month: "numeric",
    day: "numeric",
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part("year"), part("month") - 1, part("day") + days));
}

/** mm/dd/yyyy, as a resident types a date. */
export function usDate(days = 0): string {
  const day = cedarportDay(days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(day.getUTCMonth() + 1)}/${pad(day.getUTCDate())}/${day.getUTCFullYear()}`;
}

/** "June 8, 2026" or "8 de junio de 2026", as the confirmations write a date. */
export function longDate(days: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "es" ? "es-ES" : "en-US", {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(cedarportDay(days));
}

// ── Moving through a service ─────────────────────────────────────────────────────────────────

export const CONTINUE = { en: "Continue", es: "Continuar" } as const;

/** A journey in a browser context of its own, with or without JavaScript. */
export async function inContext(
  browser: Browser,
  javaScriptEnabled: boolean,
  work: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    await work(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Opens a service in a language. With JavaScript, the first screen is used once the page has
 * fetched the service's engine, as a resident would (typing into a page still coming to life
 * could be undone when it does).
 */
export async function open(page: Page, service: string, lang: Lang, javaScript: boolean) {
  const path = `/workflow/${service}${lang === "es" ? "?lang=es" : ""}`;
  const engine = javaScript && page.waitForResponse((r) => r.url().includes(`/assets/services/${service}`));
  await page.goto(path);
  if (engine) await engine;
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
}

/** The journey is on `screen`, still in its language. */
export async function onScreen(page: Page, screen: string, lang: Lang) {
  await expect(page).toHaveURL(
    new RegExp(`/${screen}${lang === "es" ? "\\?(.*&)?lang=es(&|$)" : "(\\?|$)"}`),
  );
}

/** A question shown as a group of choices (a fieldset named by its legend). */
export const question = (scope: Page | Locator, legend: string) => scope.getByRole("group", { name: legend });

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The field a label names, word for word: "Message" is not "Address or place your message is
 * about". An optional field's label ends with "(optional)" or "(opcional)".
 */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${escapeRegExp(label)}(\\s*\\((optional|opcional)\\))?$`));

/** Types each answer into the field its label names. */
export async function type(scope: Page | Locator, answers: Record<string, string>) {
  for (const [label, value] of Object.entries(answers)) await field(scope, label).fill(value);
}

/**
 * Types a date a resident knows ("mm/dd/yyyy") into its month, day and year boxes, in the group
 * its question names (the memorable-date widget).
 */
export async function typeDate(scope: Page | Locator, legend: string, date: string, lang: Lang) {
  const [month = "", day = "", year = ""] = date.split("/");
  const group = question(scope, legend);
  const boxes: Record<string, string> =
    lang === "es" ? { Mes: month, Día: day, Año: year } : { Month: month, Day: day, Year: year };
  await type(group, boxes);
}

export async function press(page: Page, name: string) {
  await page.getByRole("button", { name, exact: true }).click();
}

/** Each answer is on check-answers, next to its question's label. */
export async function expectAnswers(page: Page, answers: Record<string, string | RegExp>) {
  for (const [label, value] of Object.entries(answers)) {
    const row = page
      .locator(".cp-summary-list__row")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });
    await expect(row, `the answer to "${label}"`).toHaveCount(1);
    await expect(row.locator("dd").first()).toContainText(value);
  }
}

/** The confirmation's reference (8 characters) and request number; returns the reference. */
export async function expectReceipt(page: Page, title: string): Promise<string> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const reference = page.locator(".cp-workflow__reference");
  await expect(reference).toHaveText(/^[ACEFHJKMNPRTWXY2-9]{8}$/);
  await expect(page.locator(".cp-workflow__panel")).toContainText(/REQ-\d{8}-[A-Z0-9]{6}/);
  return (await reference.textContent()) ?? "";
}

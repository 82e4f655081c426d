import { expect, type Page, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import {
  driveRecording,
  goesElsewhere,
  loadRecordings,
  loadWorkflows,
  type ScreenInfo,
  screenPath,
  type WorkflowInfo,
} from "./journey-driver";

/**
 * Every screen of every service in workflows/, on a phone and a desktop, in both languages (issue
 * 10): accessible (axe, in one language or the other), nothing wider than the screen, and what
 * the resident came to do (the first field; on check-answers, confirmation and exit pages the
 * heading and what follows it) starts on the first screen. The screens are reached by playing the
 * service's recordings against the site (journey-driver.ts); a screen no recording reaches fails
 * the test, so a new screen needs a recording that goes there. A screen configured word for word
 * as another service's (`sameAs`) draws the same page: it is checked there, once.
 */

const VIEWPORTS = [
  { name: "phone", width: 375, height: 812 },
  { name: "desktop", width: 1280, height: 800 },
] as const;
const LANGS = ["en", "es"] as const;
type Lang = (typeof LANGS)[number];

interface FirstThing {
  what: string;
  selector: string;
}

/** The field a question screen asks first (a date's month box, a radio button: all are inputs). */
const FIRST_FIELD: FirstThing = {
  what: "the first field",
  selector: 'main form :is(input:not([type="hidden"]), select, textarea)',
};
const HEADING: FirstThing = { what: "the heading", selector: "main h1" };
/** On check-answers the list of answers, on a confirmation the reference, on an exit page its text. */
const AFTER_HEADING: FirstThing = { what: "what follows the heading", selector: "main h1 ~ *" };

/** What must start on the first screen, by screen type. */
function firstThings(type: ScreenInfo["type"]): FirstThing[] {
  return type === "question" || type === "lookup" ? [FIRST_FIELD] : [HEADING, AFTER_HEADING];
}

/** Problems found on the page as it is now, at the viewport it has now; empty when all is well. */
async function problemsHere(
  page: Page,
  screen: ScreenInfo,
  label: string,
  audit: boolean,
): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, clientWidth, innerHeight } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    innerHeight: window.innerHeight,
  }));
  if (scrollWidth > clientWidth)
    problems.push(`${label}: the page is ${scrollWidth}px wide on a ${clientWidth}px screen`);
  for (const { what, selector } of firstThings(screen.type)) {
    const target = page.locator(selector).filter({ visible: true }).first();
    const box = (await target.count()) > 0 ? await target.boundingBox() : null;
    if (!box) problems.push(`${label}: ${what} is missing (nothing visible matches ${selector})`);
    else if (box.y >= innerHeight)
      problems.push(`${label}: ${what} starts at ${Math.round(box.y)}px, below the first ${innerHeight}px`);
  }
  if (!audit) return problems;
  try {
    // The screen itself: the site's header and footer are the same on every page, and audited
    // whole by the content and responsive specs. Most of this spec's time is axe.
    await expectAccessible(page, label, { within: "main" });
  } catch (error) {
    problems.push((error as Error).message);
  }
  return problems;
}

/** One screen in one language at both sizes: one page load, resized in place. */
async function checkScreenIn(
  page: Page,
  lang: Lang,
  workflow: WorkflowInfo,
  screen: ScreenInfo,
  audit: boolean,
): Promise<string[]> {
  const path = screenPath(workflow.name, screen.name);
  const label = `${workflow.name}/${screen.name} in ${lang}`;
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(`${path}?lang=${lang}`);
  if (new URL(page.url()).pathname !== path) return [`${label}: opening it went to ${page.url()}`];
  // A page without its styles fails every check below for no reason of its own: say so instead.
  const unstyled = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')]
      .filter((link) => !link.sheet)
      .map((link) => link.href),
  );
  if (unstyled.length > 0) return [`${label}: stylesheets did not load: ${unstyled.join(", ")}`];
  const problems: string[] = [];
  if ((await page.locator("html").getAttribute("lang")) !== lang)
    problems.push(`${label}: the page is not in ${lang}`);
  // axe runs once, on the phone: the markup is the same at both sizes, and the phone's layout is the
  // stricter one for the rules that measure (target sizes). It is most of this spec's run time.
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const where = `${label} at ${viewport.width}×${viewport.height}`;
    problems.push(...(await problemsHere(page, screen, where, audit && viewport === VIEWPORTS[0])));
  }
  return problems;
}

/**
 * One screen in both languages, each in its own page of the journey's browser context and at the
 * same time. axe audits it in one of them (`auditIn`), the services' screens taking turns: the
 * two languages share the markup, and the language-dependent checks (the page's lang, its width
 * with the longer Spanish texts, the first field in view) run in both. axe is most of the time.
 */
async function checkScreen(
  pages: Record<Lang, Page>,
  workflow: WorkflowInfo,
  screen: ScreenInfo,
  auditIn: Lang,
): Promise<string[]> {
  const found = await Promise.all(
    LANGS.map((lang) => checkScreenIn(pages[lang], lang, workflow, screen, lang === auditIn)),
  );
  return found.flat();
}

// One test per service, any two at once: each starts its own journeys, and this spec grows with
// every service added.
test.describe.configure({ mode: "parallel" });

for (const workflow of loadWorkflows()) {
  test(`${workflow.name}: every screen, phone and desktop, English and Spanish`, async ({ page }) => {
    // One axe run a screen, up to 18 screens: allow for a busy machine.
    test.setTimeout(30_000 + workflow.screens.length * 12_000);
    const checked = new Set<string>();
    const problems: string[] = [];
    const deviations: string[] = [];
    const recordings = loadRecordings(workflow.name);
    expect(recordings.length, `${workflow.name} has no recordings`).toBeGreaterThan(0);
    // The recordings drive `page`; each language is checked in a page of its own, same cookies.
    const pages: Record<Lang, Page> = {
      en: await page.context().newPage(),
      es: await page.context().newPage(),
    };

    // Screens only a hosted payment provider leads to: payments-hosted.spec.ts checks them.
    const elsewhere = new Set<string>();
    for (const recording of recordings) {
      if (goesElsewhere(recording)) {
        for (const step of recording.recording.steps)
          if (step.screen && (step.redirect || step.action === "return")) elsewhere.add(step.screen);
        continue;
      }
      // A new journey for each recording.
      await page.context().clearCookies();
      const run = await driveRecording(page, workflow, recording, async (name) => {
        const screen = workflow.screens.find((s) => s.name === name);
        if (!screen || checked.has(name)) return;
        const auditIn = LANGS[checked.size % LANGS.length] ?? "en";
        checked.add(name);
        if (!screen.sameAs) problems.push(...(await checkScreen(pages, workflow, screen, auditIn)));
      });
      deviations.push(...run.deviations);
    }

    for (const deviation of deviations)
      test.info().annotations.push({ type: "deviation", description: deviation });
    const missed = workflow.screens
      .map((s) => s.name)
      .filter((name) => !checked.has(name) && !elsewhere.has(name));
    expect(
      missed,
      `screens of ${workflow.name} that no recording reached${deviations.length ? `; recordings that went otherwise on this site:\n  ${deviations.join("\n  ")}` : ""}`,
    ).toEqual([]);
    expect(problems).toEqual([]);
  });
}

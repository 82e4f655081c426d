import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import type { Page } from "@playwright/test";
import type { Recording, RecordingStep } from "../../src/workflow/replay";
import type { ScreenType } from "../../src/workflow/types";

/**
 * Drives a recorded journey (workflows/recordings/<service>/<case>.json, docs/workflows.md §13)
 * through the running site over HTTP, so a browser test can open every screen the journey reaches.
 *
 * Each step is sent as the enhanced form and the browser's journey send it: a JSON post of
 * `{ intent, answers, csrf }` to the screen's address, with the browser context's cookies. The
 * recording's answers are already the engine's answers, so nothing depends on how a field is
 * drawn (a date as one box or as month, day and year boxes) or named in the HTML.
 */

const WORKFLOWS_DIR = "workflows";
const RECORDINGS_DIR = join(WORKFLOWS_DIR, "recordings");

export interface ScreenInfo {
  name: string;
  type: ScreenType;
  /**
   * "service/screen" of the first service (by name) whose screen of this name has the same type
   * and configuration word for word, when that is another screen: the deduction applications share
   * their property, spouse and declaration screens. It draws the same page.
   */
  sameAs?: string;
}

export interface WorkflowInfo {
  name: string;
  screens: ScreenInfo[];
}

/** Every service in workflows/, read when the tests are collected: a new file is tested at once. */
export function loadWorkflows(): WorkflowInfo[] {
  const firstWith = new Map<string, string>();
  return readdirSync(WORKFLOWS_DIR)
    .filter((file) => file.endsWith(".json"))
    .map((file) => {
      return JSON.parse(readFileSync(join(WORKFLOWS_DIR, file), "utf8")) as {
        name: string;
        nodes: { name: string; data: { type: ScreenType; config?: unknown } }[];
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((json) => ({
      name: json.name,
      screens: json.nodes.map(({ name, data }) => {
        const key = JSON.stringify([name, data.type, data.config]);
        const first = firstWith.get(key);
        if (!first) firstWith.set(key, `${json.name}/${name}`);
        return { name, type: data.type, ...(first ? { sameAs: first } : {}) };
      }),
    }));
}

export interface NamedRecording {
  file: string;
  recording: Recording;
}

/** The recordings of a service, by file name. */
export function loadRecordings(workflow: string): NamedRecording[] {
  const dir = join(RECORDINGS_DIR, workflow);
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  return files.sort().map((file) => ({
    file: basename(file, ".json"),
    recording: JSON.parse(readFileSync(join(dir, file), "utf8")) as Recording,
  }));
}

// ── Dates ─────────────────────────────────────────────────────────────────────────────────────

const CEDARPORT_ZONE = "America/Indiana/Indianapolis";
const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** A calendar day as a UTC midnight, so adding days never meets a clock change. */
type Day = Date;

function cedarportDay(at: Date): Day {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: CEDARPORT_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part("year"), part("month") - 1, part("day")));
}

/** The day a recording happens (its `now`: a day, or a timestamp read as Cedarport's day). */
function recordingDay(now: string): Day {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(now);
  return day
    ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
    : cedarportDay(new Date(now));
}

/** "mm/dd/yyyy" moved by whole days or years; an impossible date (a validation case) stays as it is. */
function shiftDate(value: string, by: { days?: number; years?: number }): string {
  const match = US_DATE.exec(value);
  if (!match) return value;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  const moved = new Date(Date.UTC(year + (by.years ?? 0), month - 1, day + (by.days ?? 0)));
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(moved.getUTCMonth() + 1)}/${pad(moved.getUTCDate())}/${moved.getUTCFullYear()}`;
}

function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === "string") return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)]));
  return value;
}

/**
 * The answers to try for a step, first to last. The site checks dates against today, while a
 * recording was made on its own `now`, and its dates sit on purpose on either side of a rule
 * ("62 on the day", "owned for a year", "65 by December 31 last year"). Moving every date by the
 * days since the recording keeps the rules that count from today; moving them by whole years
 * keeps the ones that count from the end of last year. The first whose outcome is the recorded
 * one is kept.
 */
export function answerVariants(answers: unknown, now: string, today = new Date()): unknown[] {
  const from = recordingDay(now);
  const to = cedarportDay(today);
  const days = Math.round((to.getTime() - from.getTime()) / 86_400_000);
  const years = to.getUTCFullYear() - from.getUTCFullYear();
  const variants = [
    answers,
    mapStrings(answers, (text) => shiftDate(text, { days })),
    mapStrings(answers, (text) => shiftDate(text, { years })),
  ];
  const seen = new Set<string>();
  return variants.filter((variant) => {
    const key = JSON.stringify(variant);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ── Driving ───────────────────────────────────────────────────────────────────────────────────

export const screenPath = (workflow: string, screen: string) =>
  `/workflow/${encodeURIComponent(workflow)}/${encodeURIComponent(screen)}`;

/** The screen of this service an address (a redirect's Location, a page's URL) names, if any. */
function landing(workflow: string, location: string | undefined): string | undefined {
  if (!location) return undefined;
  const path = new URL(location, "http://x").pathname;
  const prefix = `/workflow/${encodeURIComponent(workflow)}/`;
  return path.startsWith(prefix) ? decodeURIComponent(path.slice(prefix.length)) : undefined;
}

interface Outcome {
  /** The answers were refused: the screen was sent back with its errors. */
  refused: boolean;
  screen: string;
}

/**
 * A recording in which a sending's call sends the resident to another site (a hosted payment
 * page): it stands for a provider this site is not configured with (the e2e site runs the
 * sandbox), so it is not driven here; tests/e2e/payments-hosted.spec.ts walks those screens.
 */
export const goesElsewhere = ({ recording }: NamedRecording): boolean =>
  recording.steps.some((step) => step.redirect !== undefined || step.action === "return");

export interface DriveResult {
  /** Where the recorded journey went differently on this site, or could not go on. */
  deviations: string[];
}

/**
 * Plays a recording from a new journey. `visit` is called on the screen the journey starts on and
 * on every screen a step leaves it on, before the next step; it may load pages in `page`.
 * The journey lives in the browser context's cookies: clear them first for a new one.
 */
export async function driveRecording(
  page: Page,
  workflow: WorkflowInfo,
  { file, recording }: NamedRecording,
  visit: (screen: string) => Promise<void>,
): Promise<DriveResult> {
  const lang = `?lang=${recording.locale}`;
  await page.goto(`/workflow/${encodeURIComponent(workflow.name)}${lang}`);
  const first = landing(workflow.name, page.url());
  if (!first) return { deviations: [`${file}: the service did not open on a screen (${page.url()})`] };
  let current = first;
  // The form's token is a signature of the CSRF cookie the page just set: one per journey.
  const csrf = (await page.locator('input[name="_csrf"]').first().getAttribute("value")) ?? "";
  await visit(current);

  /** A JSON post as the enhanced form sends it, or (`form`) a plain form post of these fields. */
  const post = async (
    screen: string,
    body: { json: Record<string, unknown> } | { form: Record<string, string> },
  ): Promise<Outcome> => {
    const url = `${screenPath(workflow.name, screen)}${lang}`;
    const response = await page.request.post(url, {
      maxRedirects: 0,
      ...("json" in body ? { data: { ...body.json, csrf } } : { form: { ...body.form, _csrf: csrf } }),
    });
    const moved = landing(workflow.name, response.headers().location);
    if (response.status() === 303 && moved) return { refused: false, screen: moved };
    if (response.status() === 200) return { refused: true, screen };
    throw new Error(`${file}: POST ${url} answered ${response.status()}`);
  };

  /** A visit only shows a screen on the journey's path; any other is sent back where the journey is. */
  const open = async (screen: string): Promise<Outcome> => {
    const url = `${screenPath(workflow.name, screen)}${lang}`;
    const response = await page.request.get(url, { maxRedirects: 0 });
    return { refused: false, screen: landing(workflow.name, response.headers().location) ?? screen };
  };

  for (const [i, step] of recording.steps.entries()) {
    const label = `${file} step ${i + 1}`;
    const screenName = step.screen ?? current;
    const type = workflow.screens.find((s) => s.name === screenName)?.type;
    const action = step.action ?? (type === "check-answers" ? "submit" : "answer");
    const perform = (): Promise<Outcome> => {
      switch (action) {
        case "answer":
          return answer(step, screenName, recording.now, (answers) =>
            post(screenName, { json: { intent: "continue", answers } }),
          );
        case "submit":
          // A check-answers screen may ask questions of its own (the card to pay with).
          return step.answers === undefined
            ? post(screenName, { json: { intent: "submit" } })
            : answer(step, screenName, recording.now, (answers) =>
                post(screenName, { json: { intent: "submit", answers } }),
              );
        case "back":
          return post(current, { json: { intent: "back" } });
        case "change":
          // The Change button on check-answers: a plain form naming the screen to open.
          return post(current, { form: { _intent: "change", _screen: screenName } });
        case "visit":
          return open(screenName);
        case "return":
          throw new Error(`${label}: a return from another site is not driven here (goesElsewhere)`);
      }
    };
    const outcome = await perform();
    const expected = step.expect?.next;
    if (!matches(step, outcome)) {
      return {
        deviations: [
          `${label} (${screenName}, ${action}): recorded ${expected ?? "a move"}${expectsRefusal(step) ? " with errors" : ""}, ` +
            `but the site ${outcome.refused ? "refused the answers" : `went to ${outcome.screen}`}`,
        ],
      };
    }
    if (outcome.screen !== current) await visit(outcome.screen);
    current = outcome.screen;
  }
  return { deviations: [] };
}

const expectsRefusal = (step: RecordingStep) =>
  (step.expect?.errors?.length ?? 0) > 0 || (step.refusal?.length ?? 0) > 0;

function matches(step: RecordingStep, outcome: Outcome): boolean {
  if (outcome.refused !== expectsRefusal(step)) return false;
  return step.expect?.next === undefined || step.expect.next === outcome.screen;
}

/** Posts a step's answers, trying each variant of its dates until one ends as recorded. */
async function answer(
  step: RecordingStep,
  screen: string,
  now: string,
  send: (answers: unknown) => Promise<Outcome>,
): Promise<Outcome> {
  let outcome: Outcome | undefined;
  for (const answers of answerVariants(step.answers ?? {}, now)) {
    // Answering a screen again from it is what Back and Change do: a wrong turn is undone.
    outcome = await send(answers);
    if (matches(step, outcome)) return outcome;
  }
  return outcome ?? { refused: false, screen };
}

/**
 * Replaying a recorded journey through the engine, without a browser: what QA runs from the command
 * line (`workflow replay`) and what `npm test` runs for every recording in workflows/recordings/.
 *
 * A recording (workflows/recordings/<workflow>/<case>.json):
 *   { "workflow": "demo-dog-licence", "locale": "en", "now": "2026-06-01",
 *     "steps": [ { "screen": "residency", "answers": {...}, "expect": { "next": "applicant" } },
 *                { "screen": "applicant", "answers": {...}, "expect": { "errors": [ { "path": "/email" } ] } },
 *                { "action": "back", "expect": { "next": "residency" } } ],
 *     "expect": { "final": "confirmation" } }
 * A step's action is "answer" (the default on question screens), "submit" (the default on
 * check-answers), "back", "change", "visit" or "return" (back from the page a sending's call sent
 * the resident to: the call is made again, with `returned`). `result` is what the screen's
 * integration call returns in the replay (its follow-up calls too), `refusal` the errors it refuses
 * with instead, `redirect` the page it sends the resident to (a payment provider's). Expected
 * errors match on path, and on message and keyword when given. A key the recording may not have (a
 * typo: "nxt", "finl") is refused, not ignored: an expectation nobody checks would pass silently.
 */

import { parseIsoDate } from "../domain/dates";
import { isLocale } from "../domain/localize";
import { didYouMean } from "./closest-name";
import { IntegrationRedirect, IntegrationRefusal, type Integrations } from "./integrations";
import {
  answerAndCall,
  changeAnswer,
  goBack,
  type Journey,
  type JourneyStatus,
  startJourney,
  statusOf,
  submitJourney,
  visitScreen,
} from "./journey";
import { screenNamed } from "./screens";
import type { FieldError, Locale, Validate, Workflow } from "./types";

export type RecordedAction = "answer" | "submit" | "back" | "change" | "visit" | "return";

export interface ExpectedError {
  path: string;
  message?: string;
  keyword?: string;
}

export interface RecordingStep {
  screen?: string;
  action?: RecordedAction;
  answers?: unknown;
  result?: unknown;
  /** The screen's call says no (a lookup that finds nothing): these errors are shown on the screen. */
  refusal?: FieldError[];
  /** The sending's call sends the resident to this page (another site's), to come back (`return`). */
  redirect?: string;
  expect?: { errors?: ExpectedError[]; next?: string };
}

export interface Recording {
  workflow: string;
  locale: Locale;
  /** The day the journey happens, 'yyyy-mm-dd' (noon in Cedarport). */
  now: string;
  steps: RecordingStep[];
  expect?: { final?: string; status?: JourneyStatus };
  /** What `workflow record` says about the file it wrote (sample answers to replace). */
  note?: string;
}

export interface ReplayReport {
  ok: boolean;
  /** What happened, one line per step and a last line for the final state. */
  lines: string[];
  mismatches: string[];
  journey: Journey;
}

const ACTIONS = new Set<RecordedAction>(["answer", "submit", "back", "change", "visit", "return"]);
const STATUSES = new Set<JourneyStatus>(["submitted", "exited", "in-progress"]);

/** The keys each part of a recording may have (section 13 of docs/workflows.md). */
const KEYS = {
  recording: ["workflow", "locale", "now", "steps", "expect", "note"],
  step: ["screen", "action", "answers", "result", "refusal", "redirect", "expect"],
  stepExpect: ["errors", "next"],
  error: ["path", "message", "keyword"],
  end: ["final", "status"],
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Throws for a key that `place` may not have: a typo there would leave what it means unchecked. */
function refuseUnknownKeys(value: Record<string, unknown>, known: readonly string[], place: string): void {
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) {
      throw new Error(
        `${place} has an unknown key "${key}"${didYouMean(key, known)}: it may have ${known.join(", ")}`,
      );
    }
  }
}

/** Throws unless `now` is a day of the calendar written yyyy-mm-dd, as docs/workflows.md says. */
function checkNow(now: unknown): void {
  if (typeof now !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(now) || parseIsoDate(now) === null) {
    throw new Error(
      `"now" must be a day written yyyy-mm-dd, such as "2026-06-01", not ${JSON.stringify(now)}`,
    );
  }
}

/** Throws unless `expect` at the end says where the journey ends, and how, with known words. */
function checkEnd(expect: unknown): void {
  if (expect === undefined) return;
  if (!isRecord(expect)) throw new Error('"expect" must be an object: { "final": ..., "status": ... }');
  refuseUnknownKeys(expect, KEYS.end, '"expect"');
  if (expect.final !== undefined && typeof expect.final !== "string") {
    throw new Error('"expect": "final" must be a screen\'s name');
  }
  if (expect.status !== undefined && !STATUSES.has(expect.status as JourneyStatus)) {
    throw new Error(`"expect": "status" must be one of ${[...STATUSES].join(", ")}`);
  }
}

/** Throws unless a step's `expect` has only errors (each with a path) and the next screen. */
function checkStepExpect(expect: unknown, place: string): void {
  if (expect === undefined) return;
  if (!isRecord(expect))
    throw new Error(`${place}: "expect" must be an object: { "errors": ..., "next": ... }`);
  refuseUnknownKeys(expect, KEYS.stepExpect, `${place}: "expect"`);
  if (expect.next !== undefined && typeof expect.next !== "string") {
    throw new Error(`${place}: "expect": "next" must be a screen's name`);
  }
  if (expect.errors === undefined) return;
  if (!Array.isArray(expect.errors)) throw new Error(`${place}: "expect": "errors" must be a list`);
  expect.errors.forEach((error, k) => {
    const where = `${place}: "expect.errors"[${k}]`;
    if (!isRecord(error) || typeof error.path !== "string") {
      throw new Error(`${where} must be { "path": ... } (with "message" and "keyword" if you like)`);
    }
    refuseUnknownKeys(error, KEYS.error, where);
  });
}

function checkStep(step: unknown, number: number): void {
  const place = `step ${number}`;
  if (!isRecord(step)) throw new Error(`${place} must be an object`);
  refuseUnknownKeys(step, KEYS.step, place);
  if (step.action !== undefined && !ACTIONS.has(step.action as RecordedAction)) {
    throw new Error(`${place}: "action" must be one of ${[...ACTIONS].join(", ")}`);
  }
  if (step.screen !== undefined && typeof step.screen !== "string") {
    throw new Error(`${place}: "screen" must be a screen's name`);
  }
  if (step.redirect !== undefined && (typeof step.redirect !== "string" || !URL.canParse(step.redirect))) {
    throw new Error(`${place}: "redirect" must be an absolute URL`);
  }
  if (step.refusal !== undefined) {
    if (!(Array.isArray(step.refusal) && step.refusal.every(isFieldError))) {
      throw new Error(`${place}: "refusal" must be a list of { "path", "message", "keyword" }`);
    }
    step.refusal.forEach((error, k) => {
      refuseUnknownKeys(error as unknown as Record<string, unknown>, KEYS.error, `${place}: "refusal"[${k}]`);
    });
  }
  checkStepExpect(step.expect, place);
}

/** A recording read from JSON; throws an Error saying what is wrong with it, and where. */
export function parseRecording(json: unknown): Recording {
  if (!isRecord(json)) throw new Error("a recording is a JSON object");
  refuseUnknownKeys(json, KEYS.recording, "the recording");
  const { workflow, locale, now, steps, note } = json;
  if (typeof workflow !== "string") throw new Error('"workflow" must name the workflow');
  if (!isLocale(locale)) throw new Error('"locale" must be "en" or "es"');
  checkNow(now);
  if (!Array.isArray(steps)) throw new Error('"steps" must be a list');
  steps.forEach((step, i) => {
    checkStep(step, i + 1);
  });
  checkEnd(json.expect);
  if (note !== undefined && typeof note !== "string") throw new Error('"note" must be a text');
  return json as unknown as Recording;
}

/** A date alone means noon in Cedarport that day, so "today" is that day whatever the machine's zone. */
export function recordingNow(now: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(now) ? `${now}T12:00:00-05:00` : now);
}

/** Every call of the step returns its recorded result, or refuses (or redirects) as recorded. */
function stubIntegrations(step: RecordingStep): Integrations {
  return {
    call: () =>
      step.refusal
        ? Promise.reject(new IntegrationRefusal(step.refusal))
        : step.redirect
          ? Promise.reject(new IntegrationRedirect(step.redirect))
          : Promise.resolve(step.result ?? null),
  };
}

function isFieldError(value: unknown): value is FieldError {
  return (
    isRecord(value) &&
    typeof value.path === "string" &&
    typeof value.message === "string" &&
    typeof value.keyword === "string"
  );
}

function describeErrors(errors: readonly FieldError[]): string[] {
  return errors.map((error) => `     ${error.path || "(form)"}: ${error.message} [${error.keyword}]`);
}

function compareErrors(expected: readonly ExpectedError[], actual: readonly FieldError[]): string[] {
  const unmatched = [...actual];
  const problems: string[] = [];
  for (const want of expected) {
    const index = unmatched.findIndex(
      (got) =>
        got.path === want.path &&
        (want.message === undefined || got.message === want.message) &&
        (want.keyword === undefined || got.keyword === want.keyword),
    );
    if (index === -1) {
      problems.push(
        `expected an error at ${want.path || "(form)"}${want.message ? `: ${want.message}` : ""}`,
      );
    } else {
      unmatched.splice(index, 1);
    }
  }
  for (const got of unmatched) problems.push(`unexpected error at ${got.path || "(form)"}: ${got.message}`);
  return problems;
}

/** "no screen named applicnt in demo-dog-licence (did you mean "applicant"?)" */
function noSuchScreen(workflow: Workflow, name: string): string {
  const names = workflow.screens.map((screen) => screen.name);
  return `no screen named ${name} in ${workflow.name}${didYouMean(name, names)}`;
}

/** After an expectation that is not met: ": no screen named …" when the expected screen does not exist. */
function unknownScreenNote(workflow: Workflow, name: string): string {
  return screenNamed(workflow, name) ? "" : `: ${noSuchScreen(workflow, name)}`;
}

/** Drives the engine through the recording and compares every outcome with what it expects. */
export async function replayRecording(
  workflow: Workflow,
  recording: Recording,
  opts: { validate: Validate },
): Promise<ReplayReport> {
  const now = recordingNow(recording.now);
  const locale = recording.locale;
  const lines: string[] = [];
  const mismatches: string[] = [];
  let journey = startJourney(workflow);
  // Its screens and answers are another service's: replaying them here would only say that nothing fits.
  if (recording.workflow !== workflow.name) {
    const problem = `the recording is for ${recording.workflow}, not ${workflow.name}: replay it with ${recording.workflow}, or correct its "workflow"`;
    return { ok: false, lines: [`   ✗ ${problem}`], mismatches: [problem], journey };
  }

  for (const [i, step] of recording.steps.entries()) {
    const number = i + 1;
    const screenName = step.screen ?? journey.screen;
    const screen = screenNamed(workflow, screenName);
    if (!screen) {
      // The engine would only say "You cannot go to that page yet", here and at every step after:
      // the name is what is wrong, so the replay stops at it.
      const problem = noSuchScreen(workflow, screenName);
      lines.push(`${number}. ${screenName}: not replayed, nor the steps after it`, `   ✗ ${problem}`);
      mismatches.push(`step ${number} (${screenName}): ${problem}`);
      return { ok: false, lines, mismatches, journey };
    }
    const action: RecordedAction = step.action ?? (screen?.type === "check-answers" ? "submit" : "answer");
    let errors: FieldError[] = [];
    let outcome = "ok";
    switch (action) {
      case "answer": {
        const result = await answerAndCall(workflow, journey, screenName, step.answers ?? {}, {
          validate: opts.validate,
          now,
          locale,
          integrations: stubIntegrations(step),
        });
        journey = result.journey;
        if (!result.ok) {
          errors = result.errors;
          outcome = `${errors.length} error${errors.length === 1 ? "" : "s"} (${result.reason})`;
        }
        break;
      }
      case "submit":
      case "return": {
        const visited = visitScreen(workflow, journey, screenName, { now });
        // Back from elsewhere, the screen's own answers are those kept when the resident left.
        const data = action === "return" ? visited.journey.drafts[screenName] : step.answers;
        const result = await submitJourney(workflow, visited.journey, {
          validate: opts.validate,
          now,
          locale,
          integrations: stubIntegrations(step),
          // A check-answers screen's own questions (the terms, the card to pay with).
          ...(data !== undefined ? { data } : {}),
          returned: action === "return",
        });
        journey = result.journey;
        if (result.ok)
          outcome = `${result.repeated ? "already sent" : "sent"}, reference ${result.reference}`;
        else if (result.reason === "redirect") outcome = `sent away to ${new URL(result.url).origin}`;
        else {
          errors = result.errors;
          outcome = `not sent: ${errors.length} error${errors.length === 1 ? "" : "s"} (${result.reason})`;
        }
        break;
      }
      case "back":
        journey = goBack(workflow, journey);
        break;
      case "change":
      case "visit": {
        const moved =
          action === "change"
            ? changeAnswer(workflow, journey, screenName, { now })
            : visitScreen(workflow, journey, screenName, { now });
        journey = moved.journey;
        if (!moved.ok) outcome = `refused (${moved.reason})`;
        break;
      }
    }
    lines.push(`${number}. ${screenName} (${action}): ${outcome} → ${journey.screen}`);
    lines.push(...describeErrors(errors));

    const expected = step.expect ?? {};
    const stepProblems =
      expected.errors !== undefined
        ? compareErrors(expected.errors, errors)
        : errors.length > 0
          ? [`unexpected errors: ${errors.map((e) => `${e.path || "(form)"} ${e.message}`).join("; ")}`]
          : [];
    if (expected.next !== undefined && journey.screen !== expected.next) {
      stepProblems.push(
        `expected to be on ${expected.next}, but on ${journey.screen}${unknownScreenNote(workflow, expected.next)}`,
      );
    }
    if (
      action !== "answer" &&
      action !== "submit" &&
      action !== "return" &&
      outcome !== "ok" &&
      expected.next === undefined
    ) {
      stepProblems.push(outcome);
    }
    for (const problem of stepProblems) {
      lines.push(`   ✗ ${problem}`);
      mismatches.push(`step ${number} (${screenName}): ${problem}`);
    }
  }

  const status = statusOf(workflow, journey);
  lines.push(
    `final: ${journey.screen} (${status}${journey.submission ? `, reference ${journey.submission.reference}` : ""})`,
  );
  const final = recording.expect ?? {};
  const endProblems: string[] = [];
  if (final.final !== undefined && journey.screen !== final.final) {
    endProblems.push(
      `expected to end on ${final.final}, but ended on ${journey.screen}${unknownScreenNote(workflow, final.final)}`,
    );
  }
  if (final.status !== undefined && status !== final.status) {
    endProblems.push(`expected to end ${final.status}, but ended ${status}`);
  }
  for (const problem of endProblems) lines.push(`   ✗ ${problem}`);
  mismatches.push(...endProblems);
  return { ok: mismatches.length === 0, lines, mismatches, journey };
}

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
 * errors match on path, and on message and keyword when given.
 */

import { isLocale } from "../domain/localize";
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
  /** The day the journey happens: 'yyyy-mm-dd' (noon in Cedarport) or a full ISO timestamp. */
  now: string;
  steps: RecordingStep[];
  expect?: { final?: string; status?: JourneyStatus };
}

export interface ReplayReport {
  ok: boolean;
  /** What happened, one line per step and a last line for the final state. */
  lines: string[];
  mismatches: string[];
  journey: Journey;
}

const ACTIONS = new Set<RecordedAction>(["answer", "submit", "back", "change", "visit", "return"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A recording read from JSON; throws an Error saying what is wrong with it. */
export function parseRecording(json: unknown): Recording {
  if (!isRecord(json)) throw new Error("a recording is a JSON object");
  const { workflow, locale, now, steps } = json;
  if (typeof workflow !== "string") throw new Error('"workflow" must name the workflow');
  if (!isLocale(locale)) throw new Error('"locale" must be "en" or "es"');
  if (typeof now !== "string" || Number.isNaN(recordingNow(now).getTime())) {
    throw new Error('"now" must be a date (yyyy-mm-dd) or an ISO timestamp');
  }
  if (!Array.isArray(steps)) throw new Error('"steps" must be a list');
  steps.forEach((step, i) => {
    if (!isRecord(step)) throw new Error(`step ${i + 1} must be an object`);
    if (step.action !== undefined && !ACTIONS.has(step.action as RecordedAction)) {
      throw new Error(`step ${i + 1}: "action" must be one of ${[...ACTIONS].join(", ")}`);
    }
    if (step.screen !== undefined && typeof step.screen !== "string") {
      throw new Error(`step ${i + 1}: "screen" must be a screen's name`);
    }
    if (step.redirect !== undefined && (typeof step.redirect !== "string" || !URL.canParse(step.redirect))) {
      throw new Error(`step ${i + 1}: "redirect" must be an absolute URL`);
    }
    if (step.refusal !== undefined && !(Array.isArray(step.refusal) && step.refusal.every(isFieldError))) {
      throw new Error(`step ${i + 1}: "refusal" must be a list of { "path", "message", "keyword" }`);
    }
  });
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
  if (recording.workflow !== workflow.name) {
    mismatches.push(`the recording is for ${recording.workflow}, not ${workflow.name}`);
  }

  for (const [i, step] of recording.steps.entries()) {
    const number = i + 1;
    const screenName = step.screen ?? journey.screen;
    const screen = screenNamed(workflow, screenName);
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
      stepProblems.push(`expected to be on ${expected.next}, but on ${journey.screen}`);
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
    endProblems.push(`expected to end on ${final.final}, but ended on ${journey.screen}`);
  }
  if (final.status !== undefined && status !== final.status) {
    endProblems.push(`expected to end ${final.status}, but ended ${status}`);
  }
  for (const problem of endProblems) lines.push(`   ✗ ${problem}`);
  mismatches.push(...endProblems);
  return { ok: mismatches.length === 0, lines, mismatches, journey };
}

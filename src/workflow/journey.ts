/**
 * A resident's journey through a workflow, as plain JSON: what the server stores in the session
 * and what the browser holds between screens. Every move goes through the workflow's XState machine
 * (a pure `transition` on a snapshot rebuilt from the journey), so the server and the browser take
 * the same path for the same answers.
 *
 * The server never trusts what it did not check itself: answers are validated on every screen
 * (`answerScreen`), and again all together before they are sent (`validateWholeJourney`).
 */

import { initialTransition, transition } from "xstate";
import { prefill } from "./bindings";
import { choiceErrors } from "./choices";
import { screenForm } from "./form";
import { IntegrationRedirect, IntegrationRefusal, type Integrations, resolveParams } from "./integrations";
import { engineText } from "./localize";
import { buildMachine, type MachineContext, type MachineEvent, type WorkflowSnapshot } from "./machine";
import { type Facts, type JourneyPath, projectedPath, replayPath } from "./path";
import { isReference, newReference } from "./reference";
import { isEndType, isQuestionType, screenNamed } from "./screens";
import { STORAGE_LIMITS, storableAnswer, storedAnswersSchema, withinDepth } from "./sensitive";
import { countsSteps } from "./service-kind";
import type { Answers, FieldError, JSONSchema, Locale, Screen, Validate, Workflow } from "./types";

export interface Journey {
  workflow: string;
  /** The screen the resident is on. */
  screen: string;
  answers: Answers;
  results: Record<string, unknown>;
  history: string[];
  returnTo?: string;
  /** What the resident typed on a screen that did not validate, to show it again. */
  drafts: Record<string, unknown>;
  submission?: { reference: string; sentAt?: string };
  /**
   * The reference a sending was given before its calls were made, kept until the sending succeeds:
   * a retry after a declined card, a lost answer or a crash is the same attempt, so a payment
   * provider (keyed on it) never charges twice and the resident keeps one reference.
   */
  reserved?: string;
  /**
   * The sending's call sent the resident to another site to finish (IntegrationRedirect: a payment
   * provider's page); when they come back, the call is made again with `returned`. Only with
   * `reserved`: it is the same attempt.
   */
  away?: true;
}

export type JourneyStatus = "in-progress" | "exited" | "submitted";

export type RefusalReason =
  | "invalid"
  | "not-on-path"
  | "finished"
  | "not-a-question"
  | "dead-end"
  | "unknown-screen";

export interface ScreenFieldError extends FieldError {
  screen: string;
}

export type AnswerResult =
  | { ok: true; journey: Journey }
  | { ok: false; journey: Journey; errors: FieldError[]; reason: RefusalReason };

export type MoveResult =
  | { ok: true; journey: Journey }
  | { ok: false; journey: Journey; reason: RefusalReason };

export interface AnswerOptions {
  validate: Validate;
  now: Date;
  locale: Locale;
  /** What the screen's integration call returned, when the caller made it (see answerAndCall). */
  result?: unknown;
}

export type SubmitResult =
  | { ok: true; journey: Journey; reference: string; result?: unknown; repeated: boolean }
  | { ok: false; journey: Journey; errors: ScreenFieldError[]; reason: RefusalReason | "not-ready" }
  /** The resident must finish at `url` (another site) and come back: the journey is marked away. */
  | { ok: false; journey: Journey; errors: []; reason: "redirect"; url: string };

// ── Journey ⇄ machine snapshot ─────────────────────────────────────────────────────────────────

function contextOf(journey: Journey): MachineContext {
  const context: MachineContext = {
    answers: journey.answers,
    results: journey.results,
    history: journey.history,
  };
  if (journey.returnTo !== undefined) context.returnTo = journey.returnTo;
  if (journey.submission !== undefined) context.submission = journey.submission;
  return context;
}

function snapshotOf(workflow: Workflow, journey: Journey): WorkflowSnapshot {
  const final = screenNamed(workflow, journey.screen)?.type === "confirmation";
  return buildMachine(workflow).resolveState({
    value: journey.screen,
    context: contextOf(journey),
    ...(final ? { status: "done" as const } : {}),
  });
}

function journeyOf(workflow: Workflow, snapshot: WorkflowSnapshot, drafts: Record<string, unknown>): Journey {
  const { context } = snapshot;
  const journey: Journey = {
    workflow: workflow.name,
    screen: String(snapshot.value),
    answers: context.answers,
    results: context.results,
    history: context.history,
    drafts,
  };
  if (context.returnTo !== undefined) journey.returnTo = context.returnTo;
  if (context.submission !== undefined) journey.submission = context.submission;
  return journey;
}

function send(workflow: Workflow, journey: Journey, event: MachineEvent): Journey {
  const [next] = transition(buildMachine(workflow), snapshotOf(workflow, journey), event);
  const moved = journeyOf(workflow, next, journey.drafts);
  // The machine knows nothing of a reserved reference: it stays until the answers are sent.
  if (journey.reserved !== undefined && !moved.submission) {
    moved.reserved = journey.reserved;
    if (journey.away) moved.away = true;
  }
  return moved;
}

function factsOf(journey: Journey): Facts {
  return { answers: journey.answers, results: journey.results, submitted: journey.submission !== undefined };
}

function journeyError(reason: RefusalReason, locale: Locale): FieldError {
  const key = {
    invalid: "errors.deadEnd",
    "not-on-path": "errors.notOnPath",
    finished: "errors.finished",
    "not-a-question": "errors.notOnPath",
    "dead-end": "errors.deadEnd",
    "unknown-screen": "errors.notOnPath",
  }[reason];
  return { path: "", message: engineText(key, locale), keyword: "journey" };
}

// ── Moving ─────────────────────────────────────────────────────────────────────────────────────

/** A new journey on the workflow's first screen. */
export function startJourney(workflow: Workflow): Journey {
  const [snapshot] = initialTransition(buildMachine(workflow), {});
  return journeyOf(workflow, snapshot, {});
}

/** Back to the previous screen; the answers stay. On the first screen nothing changes. */
export function goBack(workflow: Workflow, journey: Journey): Journey {
  return send(workflow, journey, { type: "BACK" });
}

/** Opens a screen already on the path (a link, the browser's Back button, a bookmarked page). */
export function visitScreen(
  workflow: Workflow,
  journey: Journey,
  screenName: string,
  opts: { now?: Date } = {},
): MoveResult {
  if (journey.screen === screenName) return { ok: true, journey };
  if (!screenNamed(workflow, screenName)) return { ok: false, journey, reason: "unknown-screen" };
  const next = send(workflow, journey, {
    type: "VISIT",
    screen: screenName,
    now: (opts.now ?? new Date()).toISOString(),
  });
  return next.screen === screenName
    ? { ok: true, journey: next }
    : { ok: false, journey, reason: "not-on-path" };
}

/** From check-answers to a screen on the path; answering it leads back to check-answers. */
export function changeAnswer(
  workflow: Workflow,
  journey: Journey,
  screenName: string,
  opts: { now?: Date } = {},
): MoveResult {
  if (!screenNamed(workflow, screenName)) return { ok: false, journey, reason: "unknown-screen" };
  const next = send(workflow, journey, {
    type: "CHANGE",
    screen: screenName,
    now: (opts.now ?? new Date()).toISOString(),
  });
  return next.screen === screenName
    ? { ok: true, journey: next }
    : { ok: false, journey, reason: "not-on-path" };
}

/**
 * "Save and come back later" (or adding and removing an item of a repeated group): keeps what was
 * typed on a question screen already on the path, as a draft, and opens that screen. Only what
 * `storableAnswer` allows is kept, so a forged post stores nothing the screen does not declare.
 */
export function saveDraft(
  workflow: Workflow,
  journey: Journey,
  screenName: string,
  data: unknown,
  opts: { now?: Date } = {},
): MoveResult {
  if (journey.submission) return { ok: false, journey, reason: "finished" };
  const screen = screenNamed(workflow, screenName);
  if (!screen) return { ok: false, journey, reason: "unknown-screen" };
  if (!isQuestionType(screen.type)) return { ok: false, journey, reason: "not-a-question" };
  const moved = visitScreen(workflow, journey, screenName, opts);
  if (!moved.ok) return moved;
  const drafts = { ...moved.journey.drafts };
  const kept = storableAnswer(screen.schema, data);
  if (kept === undefined) delete drafts[screen.name];
  else drafts[screen.name] = kept;
  return { ok: true, journey: { ...moved.journey, drafts } };
}

/** The errors of `more` on fields `errors` says nothing about yet (one message per field). */
function newErrors(errors: readonly FieldError[], more: readonly FieldError[]): FieldError[] {
  return more.filter((error) => !errors.some((e) => e.path === error.path));
}

type Prepared =
  | { ok: false; result: AnswerResult }
  | { ok: true; journey: Journey; screen: Screen; data: unknown };

/** Checks that the screen may be answered now and that the data is valid; moves to the screen if needed. */
function prepare(
  workflow: Workflow,
  journey: Journey,
  screenName: string,
  data: unknown,
  opts: AnswerOptions,
): Prepared {
  const refuse = (reason: RefusalReason, errors = [journeyError(reason, opts.locale)]): Prepared => ({
    ok: false,
    result: { ok: false, journey, errors, reason },
  });
  if (journey.submission) return refuse("finished");
  const screen = screenNamed(workflow, screenName);
  if (!screen) return refuse("unknown-screen");
  if (!isQuestionType(screen.type)) return refuse("not-a-question");
  const moved = visitScreen(workflow, journey, screenName, { now: opts.now });
  if (!moved.ok) return refuse(moved.reason);
  const form = screenForm(screen, opts.locale);
  const errors = form.schema ? opts.validate(form.schema, data, { locale: opts.locale, now: opts.now }) : [];
  errors.push(...newErrors(errors, choiceErrors(screen, data, moved.journey, opts.locale)));
  if (errors.length > 0) {
    const drafts = { ...moved.journey.drafts, [screen.name]: storableAnswer(screen.schema, data) };
    return {
      ok: false,
      result: { ok: false, journey: { ...moved.journey, drafts }, errors, reason: "invalid" },
    };
  }
  return { ok: true, journey: moved.journey, screen, data };
}

function advance(
  workflow: Workflow,
  prepared: Extract<Prepared, { ok: true }>,
  result: unknown,
  opts: AnswerOptions,
): AnswerResult {
  const { journey, screen, data } = prepared;
  const event: MachineEvent = {
    type: "NEXT",
    answers: storableAnswer(screen.schema, data),
    now: opts.now.toISOString(),
  };
  if (result !== undefined) event.result = result;
  const next = send(workflow, journey, event);
  if (next.history.length === journey.history.length) {
    return { ok: false, journey, errors: [journeyError("dead-end", opts.locale)], reason: "dead-end" };
  }
  const drafts = { ...next.drafts };
  delete drafts[screen.name];
  // A screen whose call read an answer that just changed lost its answer (call-dependencies.ts):
  // what the resident gave there fills its form again, to be sent again with the call made anew.
  for (const [name, answer] of Object.entries(journey.answers)) {
    if (name !== screen.name && next.answers[name] === undefined) drafts[name] = drafts[name] ?? answer;
  }
  return { ok: true, journey: { ...next, drafts } };
}

/**
 * Answers a screen: validates the data with the caller's validator, then moves on. The resident may
 * answer any screen already on the path (after the browser's Back button, say). On a validation
 * error the journey keeps what was typed in `drafts` and stays on the screen.
 *
 * Makes no integration call; a screen with one should go through answerAndCall.
 */
export function answerScreen(
  workflow: Workflow,
  journey: Journey,
  screenName: string,
  data: unknown,
  opts: AnswerOptions,
): AnswerResult {
  const prepared = prepare(workflow, journey, screenName, data, opts);
  return prepared.ok ? advance(workflow, prepared, opts.result, opts) : prepared.result;
}

/**
 * answerScreen, plus the screen's integration call (a lookup, a payment) between validating and
 * moving on; the transitions can then look at what it returned ("<screen>.$result.<field>").
 * writeOnly fields (card numbers) go to the call and nowhere else.
 */
export async function answerAndCall(
  workflow: Workflow,
  journey: Journey,
  screenName: string,
  data: unknown,
  opts: Omit<AnswerOptions, "result"> & { integrations: Integrations },
): Promise<AnswerResult> {
  const prepared = prepare(workflow, journey, screenName, data, opts);
  if (!prepared.ok) return prepared.result;
  const { screen } = prepared;
  let result: unknown;
  if (screen.call) {
    const onPath = answersOnPath(workflow, prepared.journey, opts);
    const answers = { ...onPath, [screen.name]: data };
    // writeOnly fields reach the call through its params only, never in the answers it may keep.
    const stored = { ...onPath, [screen.name]: storableAnswer(screen.schema, data) as Answers[string] };
    try {
      result = await opts.integrations.call(
        screen.call.integration,
        screen.call.operation,
        resolveParams(screen.call, answers, prepared.journey.results),
        stored,
        { workflow: workflow.name, screen: screen.name, locale: opts.locale },
      );
    } catch (error) {
      if (!(error instanceof IntegrationRefusal)) throw error;
      const drafts = { ...prepared.journey.drafts, [screen.name]: storableAnswer(screen.schema, data) };
      return { ok: false, journey: { ...prepared.journey, drafts }, errors: error.errors, reason: "invalid" };
    }
  }
  return advance(workflow, prepared, result, opts);
}

// ── Reading ────────────────────────────────────────────────────────────────────────────────────

/** The path replayed from the answers (GOV.UK's Journey), stopping on a loop. */
export function pathOf(workflow: Workflow, journey: Journey, opts: { now?: Date } = {}): JourneyPath {
  return replayPath(workflow, factsOf(journey), opts.now ?? new Date());
}

/** Only the answers of screens on the path: a branch no longer taken is left out. */
export function answersOnPath(workflow: Workflow, journey: Journey, opts: { now?: Date } = {}): Answers {
  const path = pathOf(workflow, journey, opts).screens;
  return Object.fromEntries(
    path.filter((name) => journey.answers[name] !== undefined).map((name) => [name, journey.answers[name]]),
  );
}

/**
 * What to fill a screen's form with: what was typed last, else the saved answer, else what the
 * workflow's key bindings carry to it from earlier screens (bindings.ts).
 */
export function formDataFor(
  journey: Journey,
  screenName: string,
  workflow?: Workflow,
  opts: { now?: Date } = {},
): unknown {
  const typed = journey.drafts[screenName] ?? journey.answers[screenName];
  if (typed !== undefined || !workflow?.bindings) return typed;
  return prefill(workflow.bindings, screenName, answersOnPath(workflow, journey, opts), journey.results);
}

/**
 * 'Step 2 of 6': the screen's place on the path the answers so far lead to. Null where a counter
 * would not be honest (a tool, or a service whose length depends on the answers: service-kind.ts).
 */
export function progressOf(
  workflow: Workflow,
  journey: Journey,
  opts: { now?: Date } = {},
): { step: number; total: number } | null {
  if (!countsSteps(workflow)) return null;
  const counted = projectedPath(workflow, factsOf(journey), opts.now ?? new Date()).filter((name) => {
    const screen = screenNamed(workflow, name);
    return screen !== undefined && !isEndType(screen.type);
  });
  const index = counted.indexOf(journey.screen);
  return { step: index === -1 ? counted.length : index + 1, total: counted.length };
}

export function statusOf(workflow: Workflow, journey: Journey): JourneyStatus {
  if (journey.submission) return "submitted";
  return screenNamed(workflow, journey.screen)?.type === "exit" ? "exited" : "in-progress";
}

// ── Sending ────────────────────────────────────────────────────────────────────────────────────

const storedSchemas = new WeakMap<JSONSchema, JSONSchema>();

function storedSchemaOf(schema: JSONSchema): JSONSchema {
  let stored = storedSchemas.get(schema);
  if (!stored) {
    stored = storedAnswersSchema(schema);
    storedSchemas.set(schema, stored);
  }
  return stored;
}

/**
 * Validates every screen on the path again, as the server must before storing anything: the
 * browser may have skipped a check, or sent a journey of its own making.
 */
export function validateWholeJourney(
  workflow: Workflow,
  journey: Journey,
  opts: { validate: Validate; now: Date; locale: Locale },
): { ok: boolean; errors: ScreenFieldError[] } {
  const path = pathOf(workflow, journey, opts);
  const errors: ScreenFieldError[] = [];
  if (path.loop) errors.push({ screen: path.current, ...journeyError("dead-end", opts.locale) });
  for (const name of path.screens) {
    const screen = screenNamed(workflow, name);
    if (!screen || !isQuestionType(screen.type)) continue;
    const data = journey.answers[name];
    if (data === undefined) {
      errors.push({
        screen: name,
        path: "",
        message: engineText("errors.notAnswered", opts.locale),
        keyword: "journey",
      });
      continue;
    }
    const schema = screenForm(screen, opts.locale).schema;
    if (!schema) continue;
    const found = opts.validate(storedSchemaOf(schema), data, { locale: opts.locale, now: opts.now });
    found.push(...newErrors(found, choiceErrors(screen, data, journey, opts.locale)));
    for (const error of found) errors.push({ screen: name, ...error });
  }
  return { ok: errors.length === 0, errors };
}

function storedReference(result: unknown): string | undefined {
  const value = isRecord(result) ? result.reference : undefined;
  return isReference(value) ? value : undefined;
}

/**
 * Sends the answers from a check-answers screen: validates them all, makes the screen's submit call
 * with a reference number (in params.reference and the call context), and moves to the
 * confirmation. Sending twice (a double click, a retry) returns the first reference and calls
 * nothing again. The screen's `followUp` calls run after the submit call, with its reference and
 * with its result readable as "<screen>.$result.<field>"; they must be idempotent on the
 * reference, because a failed follow-up leaves the journey unsent and the resident sends again.
 *
 * A check-answers screen may ask questions of its own at sending (a declaration, the terms, the
 * card to pay with): `data` is checked against its schema and given to the calls as
 * "<screen>.<field>"; what may be stored of it is kept, writeOnly fields (card numbers) never.
 * The reference is reserved before the first call (`reserve` stores the journey holding it), and
 * every later try sends with the same one until one succeeds.
 *
 * The call may send the resident to another site to finish (IntegrationRedirect: a payment
 * provider's page): the result says where, and the journey stays on this screen marked `away`.
 * When they are back (`returned`), the same call is made again with the answers kept of this
 * screen, and says how it went there.
 */
export async function submitJourney(
  workflow: Workflow,
  journey: Journey,
  opts: {
    validate: Validate;
    now: Date;
    locale: Locale;
    integrations: Integrations;
    reference?: string;
    /** The screen's own answers, when it asks any. */
    data?: unknown;
    /** Stores the journey once it holds its reserved reference, before any call is made. */
    reserve?: (journey: Journey) => Promise<void>;
    /** Where on this site an integration that sends the resident elsewhere has them come back. */
    returnPath?: string;
    /** The resident is back from the page the call sent them to (only for a journey `away`). */
    returned?: boolean;
  },
): Promise<SubmitResult> {
  if (journey.submission) {
    return { ok: true, journey, reference: journey.submission.reference, repeated: true };
  }
  const screen = screenNamed(workflow, journey.screen);
  if (screen?.type !== "check-answers") {
    return {
      ok: false,
      journey,
      errors: [{ screen: journey.screen, ...journeyError("not-on-path", opts.locale) }],
      reason: "not-ready",
    };
  }
  const onScreen = (errors: readonly FieldError[]) => errors.map((e) => ({ screen: screen.name, ...e }));
  const typed = (j: Journey): Journey =>
    screen.schema
      ? { ...j, drafts: { ...j.drafts, [screen.name]: storableAnswer(screen.schema, opts.data) } }
      : j;
  const checked = validateWholeJourney(workflow, journey, opts);
  const own = screen.schema ? ownErrors(screen, journey, opts.data, opts) : [];
  if (!checked.ok || own.length > 0)
    return {
      ok: false,
      journey: typed(journey),
      errors: [...checked.errors, ...onScreen(own)],
      reason: "invalid",
    };
  let reference = journey.reserved ?? opts.reference ?? newReference();
  let result: unknown;
  // Params may name any answer, writeOnly ones too (the card to pay with); the answers handed over
  // to be kept (a submission) are only what may be stored.
  const stored = answersOnPath(workflow, journey, opts);
  const kept = screen.schema ? storableAnswer(screen.schema, opts.data) : undefined;
  if (kept !== undefined) stored[screen.name] = kept as Answers[string];
  const answers = screen.schema ? { ...stored, [screen.name]: opts.data as Answers[string] } : stored;
  const context = {
    workflow: workflow.name,
    screen: screen.name,
    locale: opts.locale,
    ...(opts.returnPath ? { returnPath: opts.returnPath } : {}),
    ...(opts.returned && journey.away ? { returned: true } : {}),
  };
  // A try that ends here (refused) is no longer away: whatever the other site held is over.
  const { away: _, ...settled } = journey;
  const reserved: Journey = { ...settled, reserved: reference };
  try {
    if (screen.call) {
      if (!journey.reserved) await opts.reserve?.(reserved);
      result = await opts.integrations.call(
        screen.call.integration,
        screen.call.operation,
        { ...resolveParams(screen.call, answers, journey.results), reference },
        stored,
        { ...context, reference },
      );
      // A store that already held this journey (a retry after a lost response), or a payment
      // that has its own, answers with the reference it gave the first time: keep that one.
      reference = storedReference(result) ?? reference;
    }
    const results = result === undefined ? journey.results : { ...journey.results, [screen.name]: result };
    for (const call of screen.followUp ?? []) {
      await opts.integrations.call(
        call.integration,
        call.operation,
        { ...resolveParams(call, answers, results), reference },
        stored,
        { ...context, reference },
      );
    }
  } catch (error) {
    if (error instanceof IntegrationRedirect && screen.call && !context.returned)
      return {
        ok: false,
        journey: { ...typed(reserved), away: true },
        errors: [],
        reason: "redirect",
        url: error.url,
      };
    if (!(error instanceof IntegrationRefusal)) throw error;
    return { ok: false, journey: typed(reserved), errors: onScreen(error.errors), reason: "invalid" };
  }
  const sending: Journey = {
    ...settled,
    answers:
      kept === undefined ? journey.answers : { ...journey.answers, [screen.name]: kept as Answers[string] },
  };
  const event: MachineEvent = { type: "SUBMITTED", reference, now: opts.now.toISOString() };
  if (result !== undefined) event.result = result;
  const next = send(workflow, sending, event);
  if (!next.submission) {
    return {
      ok: false,
      journey: reserved,
      errors: [{ screen: screen.name, ...journeyError("dead-end", opts.locale) }],
      reason: "dead-end",
    };
  }
  const drafts = { ...next.drafts };
  delete drafts[screen.name];
  return { ok: true, journey: { ...next, drafts }, reference, result, repeated: false };
}

/** A check-answers screen's own questions, checked as a question screen's are. */
function ownErrors(
  screen: Screen,
  journey: Journey,
  data: unknown,
  opts: { validate: Validate; now: Date; locale: Locale },
): FieldError[] {
  const schema = screenForm(screen, opts.locale).schema;
  if (!schema) return [];
  const errors = opts.validate(schema, data, { locale: opts.locale, now: opts.now });
  errors.push(...newErrors(errors, choiceErrors(screen, data, journey, opts.locale)));
  return errors;
}

// ── Restoring ──────────────────────────────────────────────────────────────────────────────────

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * A journey read back from storage or from the browser, checked against the workflow as it is now
 * (the file may have changed since it was saved): unknown screens are dropped from the history, and
 * a screen the answers no longer lead to is replaced by the first one still to answer. Undefined
 * when the value is not a journey of this workflow at all.
 */
export function restoreJourney(
  workflow: Workflow,
  value: unknown,
  opts: { now?: Date } = {},
): Journey | undefined {
  if (!isRecord(value) || value.workflow !== workflow.name || typeof value.screen !== "string")
    return undefined;
  const answers = isRecord(value.answers) ? value.answers : {};
  const results = isRecord(value.results) ? value.results : {};
  const drafts = isRecord(value.drafts) ? value.drafts : {};
  const known = (name: unknown): name is string =>
    typeof name === "string" && screenNamed(workflow, name) !== undefined;
  // Answers and drafts are cut to what their screen may store (a state written before the limits,
  // or tampered with, must not break its screen); results come from the city's systems, bounded.
  const storable = (entries: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(entries)
        .filter(([name]) => known(name))
        .map(([name, data]) => [name, storableAnswer(screenNamed(workflow, name)?.schema, data)])
        .filter(([, data]) => data !== undefined),
    );
  const journey: Journey = {
    workflow: workflow.name,
    screen: value.screen,
    answers: storable(answers),
    results: Object.fromEntries(
      Object.entries(results).filter(
        ([name, result]) => known(name) && withinDepth(result, STORAGE_LIMITS.depth + 2),
      ),
    ),
    history: Array.isArray(value.history) ? value.history.filter(known) : [],
    drafts: storable(drafts),
  };
  if (known(value.returnTo)) journey.returnTo = value.returnTo;
  if (isRecord(value.submission) && typeof value.submission.reference === "string") {
    journey.submission = { reference: value.submission.reference };
    const sentAt = value.submission.sentAt;
    if (typeof sentAt === "string" && !Number.isNaN(Date.parse(sentAt))) journey.submission.sentAt = sentAt;
  } else if (isReference(value.reserved)) {
    journey.reserved = value.reserved;
    if (value.away === true) journey.away = true;
  }
  const path = pathOf(workflow, journey, opts);
  if (!known(journey.screen) || !path.screens.includes(journey.screen)) {
    journey.screen = path.current;
    journey.history = path.screens.slice(0, -1);
    delete journey.returnTo;
  }
  return journey;
}

/**
 * `workflow record`: recordings made from the workflow itself, one per end (each confirmation or
 * exit page a journey can reach), with sample answers from each screen's schema
 * (sample-answers.ts). They are a starting point for staff: real journeys that replay, whose
 * answers they then make realistic.
 *
 * How the paths are found. The journey is walked with the engine itself (answerAndCall,
 * submitJourney: validation, choices, integration calls and the machine's transitions), breadth
 * first, from the start screen. On each screen the walker tries the sample answers, and variants of
 * them that make the file's conditions hold or fail (conditionValues); the first journey to reach
 * an end is its recording, so each is one of the shortest. Journeys whose conditions all evaluate
 * alike on the same screen are the same journey as far as the rest of the path is concerned, so
 * only the first is followed: that keeps the walk small.
 *
 * Why not @xstate/graph (it is installed, and paths.test.ts uses it to check the graph's shape):
 * it walks a machine's transitions with events the caller invents, treating guards as opaque and
 * running synchronously. Finding answers that make a guard true needs the answers themselves, and
 * an honest move needs what the server does around the machine: validating (a branch that only
 * invalid answers reach is no branch), choices from a lookup, and the screen's asynchronous call.
 * Walking the journey directly does all of that, and what it finds replays by construction;
 * the command replays every file it writes all the same.
 */

import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatIsoDate } from "../domain/dates";
import { readPath } from "../domain/text-block";
import { listedChoices, offeredChoices } from "./choice-filters";
import { type ChoiceValue, choicesOf } from "./choices";
import { evaluateGuard } from "./guards";
import type { Integrations } from "./integrations";
import { answerAndCall, type Journey, startJourney, submitJourney } from "./journey";
import { parseJsonText } from "./json-syntax";
import { jsonText } from "./json-text";
import type { OfficeDirectory } from "./office-details";
import { loadWorkflowFile } from "./registry";
import { parseRecording, type Recording, type RecordingStep, recordingNow, replayRecording } from "./replay";
import {
  conditionValues,
  dedupe,
  type SampleContext,
  sampleAnswers,
  sampleValue,
  schemaAt,
} from "./sample-answers";
import { isEndType, screenNamed } from "./screens";
import type { Comparison, Guard, JsonValue, Locale, Screen, Validate, Workflow } from "./types";

export interface RecordOptions {
  validate: Validate;
  /** The day of the journeys, yyyy-mm-dd (noon in Cedarport): ages and "today" depend on it. */
  now: string;
  locale?: Locale;
  /** How many journeys the walk may follow before it gives up on the ends not yet reached. */
  maxJourneys?: number;
}

/** The recording of one end, or why there is none. */
export interface EndRecording {
  /** The end screen's name; the recording's file is `<end>.json`. */
  end: string;
  file: string;
  recording?: Recording;
  problem?: string;
}

/** Said in every generated file, so that nobody mistakes it for a resident's real answers. */
export const GENERATED_NOTE =
  "Made by `npm run workflow -- record` from sample answers: replace them with realistic ones, and add the validation errors worth testing.";

/** Combinations of answers tried on one screen, at most. */
const MAX_VARIANTS = 64;
const DEFAULT_MAX_JOURNEYS = 20_000;

// ── The conditions of the file ─────────────────────────────────────────────────────────────────

function comparisons(guard: Guard | undefined): Comparison[] {
  if (!guard) return [];
  if (guard.all) return guard.all.flatMap(comparisons);
  if (guard.any) return guard.any.flatMap(comparisons);
  if (guard.not) return comparisons(guard.not);
  return [guard as Comparison];
}

/**
 * An answer of a choice filter's list, as the earlier field stores it: "true" is the yes of a
 * yes/no, "3" a listed number; any other text is itself.
 */
function filterAnswer(workflow: Workflow, by: string, answer: string): JsonValue {
  const [screen = "", ...path] = by.split(".");
  const schema = screenNamed(workflow, screen)?.schema;
  const field = schema ? schemaAt(schema, path) : undefined;
  const listed = field ? listedChoices(field) : undefined;
  const typed = listed?.find((value) => String(value) === answer);
  if (typed !== undefined) return typed;
  return field?.type === "boolean" && (answer === "true" || answer === "false") ? answer === "true" : answer;
}

/**
 * Every comparison on the ways between screens, and each answer a choice filter lists (a later
 * question offers other choices after it): together they decide every path.
 */
function pathComparisons(workflow: Workflow): Comparison[] {
  const filters = workflow.screens.flatMap((screen) =>
    Object.values(screen.choiceFilters ?? {}).flatMap((filter) =>
      Object.keys(filter.choices).map(
        (answer): Comparison => ({ field: filter.by, equals: filterAnswer(workflow, filter.by, answer) }),
      ),
    ),
  );
  return [
    ...workflow.screens.flatMap((screen) => screen.next.flatMap((t) => comparisons(t.when))),
    ...filters,
  ];
}

/** Where a field path points: its screen, whether it reads a call's result, and the rest. */
function splitField(field: string): { screen: string; result: boolean; path: string[] } {
  const [screen = "", ...rest] = field.split(".");
  const result = rest[0] === "$result";
  return { screen, result, path: result ? rest.slice(1) : rest };
}

// ── Setting values by path ─────────────────────────────────────────────────────────────────────

function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Sets (or, for undefined, removes) the value at `path`, making objects and lists on the way. */
function setPath(target: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head = "", ...rest] = path;
  const index = /^\d+$/.test(head) ? Number(head) : undefined;
  const container: Record<string, unknown> | unknown[] =
    target !== null && typeof target === "object"
      ? (target as Record<string, unknown> | unknown[])
      : index !== undefined
        ? []
        : {};
  const key = index ?? head;
  const current = (container as Record<string | number, unknown>)[key];
  const next = setPath(current, rest, value);
  if (next === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[head];
  else (container as Record<string | number, unknown>)[key] = next;
  return container;
}

/** Every combination of one value per slot, the first values first; at most `limit`. */
function combinations<T>(slots: readonly T[][], limit: number): T[][] {
  let out: T[][] = [[]];
  for (const values of slots) {
    const grown: T[][] = [];
    for (const prefix of out) {
      for (const value of values) {
        grown.push([...prefix, value]);
        if (grown.length >= limit) break;
      }
      if (grown.length >= limit) break;
    }
    out = grown;
  }
  return out;
}

/** The base value, then every value the comparisons on `path` suggest (deduplicated). */
function variantSlots(
  base: unknown,
  found: Comparison[],
  schemaOf: (path: string[]) => Screen["schema"],
  ctx: SampleContext,
): Array<{ path: string[]; values: unknown[] }> {
  const byPath = new Map<string, { path: string[]; values: unknown[] }>();
  for (const comparison of found) {
    const { path } = splitField(comparison.field);
    const key = path.join(".");
    const slot = byPath.get(key) ?? { path, values: [readPath(base, key)] };
    slot.values.push(...conditionValues(comparison, schemaOf(path), ctx));
    byPath.set(key, slot);
  }
  for (const slot of byPath.values()) slot.values = dedupe(slot.values);
  return [...byPath.values()];
}

function variants(
  base: unknown,
  found: Comparison[],
  schemaOf: (path: string[]) => Screen["schema"],
  ctx: SampleContext,
): unknown[] {
  const slots = variantSlots(base, found, schemaOf, ctx);
  return combinations(
    slots.map((slot) => slot.values),
    MAX_VARIANTS,
  ).map((values) => values.reduce((out, value, i) => setPath(out, slots[i]?.path ?? [], value), clone(base)));
}

// ── What a screen's call returns ───────────────────────────────────────────────────────────────

function words(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

function placeholders(label: unknown): string[] {
  const texts = typeof label === "string" ? [label] : Object.values(label as Record<string, string>);
  return texts.flatMap((text) =>
    [...text.matchAll(/\{\s*([\w.-]+)\s*(?:\|\s*(money|date)\s*)?\}/g)].map((m) => m[1] ?? ""),
  );
}

/** Adds keys to the first item of the list at `path`, making the list if needed. */
function addItem(result: Record<string, unknown>, path: string[], item: Record<string, unknown>): void {
  const list = readPath(result, path.join("."));
  const first = Array.isArray(list) && list[0] !== null && typeof list[0] === "object" ? list[0] : {};
  setPath(result, path, [{ ...item, ...(first as Record<string, unknown>) }]);
}

/** Every field path of the file that reads what `screen`'s call returned, with what reads it. */
function resultReaders(workflow: Workflow, screen: string, now: Date) {
  const lists: Array<{ path: string[]; item: Record<string, unknown> }> = [];
  const leaves: string[][] = [];
  const mine = (field: string) => {
    const split = splitField(field);
    return split.screen === screen && split.result ? split.path : undefined;
  };
  for (const reader of workflow.screens) {
    for (const [field, spec] of Object.entries(reader.choices ?? {})) {
      const path = mine(spec.from);
      if (!path) continue;
      const item: Record<string, unknown> = {};
      for (const key of placeholders(spec.label)) item[key] = `Sample ${words(key)}`;
      // The value stored as the answer must pass the choice field's own schema (each item's, for
      // boxes to tick).
      const own = schemaAt(reader.schema, [field]) ?? {};
      const valueSchema =
        own.type === "array" && own.items !== null && typeof own.items === "object"
          ? (own.items as typeof own)
          : own;
      item[spec.value] = sampleValue(valueSchema, { now }, field);
      lists.push({ path, item });
    }
    for (const block of reader.content) {
      for (const c of comparisons(block.when)) {
        const path = mine(c.field);
        if (path) leaves.push(path);
      }
      if (block.kind === "table") {
        const path = mine(block.rows);
        if (!path) continue;
        const item: Record<string, unknown> = {};
        for (const column of block.columns) {
          const value =
            column.format === "date"
              ? formatIsoDate(now)
              : column.format === "money"
                ? 2500
                : (Object.keys(column.labels ?? {})[0] ?? `Sample ${words(column.value)}`);
          setPath(item, column.value.split("."), value);
        }
        lists.push({ path, item });
      } else if (block.replace) {
        for (const entry of Object.values(block.replace)) {
          if (entry.type !== "apiResponse") continue;
          const [of = "", ...rest] = entry.value_location.split(".");
          if (of === screen && rest.length > 0) leaves.push(rest);
        }
      }
    }
    for (const call of [reader.call, ...(reader.followUp ?? [])]) {
      for (const param of Object.values(call?.params ?? {})) {
        if (
          param !== null &&
          typeof param === "object" &&
          "field" in param &&
          typeof param.field === "string"
        ) {
          const path = mine(param.field);
          if (path) leaves.push(path);
        }
      }
    }
    for (const c of reader.next.flatMap((t) => comparisons(t.when))) {
      const path = mine(c.field);
      if (path) leaves.push(path);
    }
  }
  return { lists, leaves };
}

/**
 * What the screen's call returns in the recording: just what the file reads of it (a list with one
 * item for a choice or a table, a sample text for anything else), or undefined when nothing is read.
 */
export function sampleResult(workflow: Workflow, screen: string, now: Date): unknown {
  const { lists, leaves } = resultReaders(workflow, screen, now);
  if (lists.length === 0 && leaves.length === 0) return undefined;
  const result: Record<string, unknown> = {};
  for (const { path, item } of lists) addItem(result, path, item);
  for (const path of leaves) {
    if (readPath(result, path.join(".")) === undefined) {
      setPath(result, path, `Sample ${words(path.at(-1) ?? "")}`);
    }
  }
  return result;
}

// ── The walk ───────────────────────────────────────────────────────────────────────────────────

interface Move {
  answers?: unknown;
  result?: unknown;
}

/** The moves worth trying on a screen: sample answers and result, and their variants for conditions. */
function movesOn(
  workflow: Workflow,
  screen: Screen,
  journey: Journey,
  found: Comparison[],
  ctx: SampleContext,
  locale: Locale,
): Move[] {
  const mine = found.filter((c) => splitField(c.field).screen === screen.name);
  const results = screen.call
    ? variants(
        sampleResult(workflow, screen.name, ctx.now),
        mine.filter((c) => splitField(c.field).result),
        () => undefined,
        ctx,
      )
    : [undefined];
  if (screen.type === "check-answers" && !screen.schema) return results.map((result) => ({ result }));
  const choices: Record<string, ChoiceValue[]> = Object.fromEntries(
    Object.entries(screen.choices ?? {}).map(([field, spec]) => [
      field,
      choicesOf(spec, journey, locale).map((choice) => choice.value),
    ]),
  );
  // A choice an earlier answer narrows takes the first choice still offered.
  for (const [field, filter] of Object.entries(screen.choiceFilters ?? {})) {
    const offered = offeredChoices(filter, journey);
    const listed = listedChoices(schemaAt(screen.schema, [field]));
    if (offered && listed) choices[field] = listed.filter((value) => offered.has(value));
  }
  const answers = variants(
    sampleAnswers(screen.schema, { ...ctx, choices }),
    mine.filter((c) => !splitField(c.field).result),
    (path) => schemaAt(screen.schema, path),
    ctx,
  );
  return combinations([answers, results], MAX_VARIANTS * 2).map(([a, result]) => ({ answers: a, result }));
}

function stub(result: unknown): Integrations {
  // As a replay does: the recorded result, or null when the recording gives none.
  return { call: () => Promise.resolve(result ?? null) };
}

/** One move through the engine: the journey after it and the recorded step, or undefined when refused. */
async function play(
  workflow: Workflow,
  journey: Journey,
  screen: Screen,
  move: Move,
  opts: { validate: Validate; now: Date; locale: Locale },
): Promise<{ journey: Journey; step: RecordingStep } | undefined> {
  const withResult = move.result === undefined ? {} : { result: move.result };
  if (screen.type === "check-answers") {
    const data = screen.schema ? { data: move.answers } : {};
    const sent = await submitJourney(workflow, journey, {
      ...opts,
      ...data,
      integrations: stub(move.result),
    });
    if (!sent.ok) return undefined;
    const step = {
      screen: screen.name,
      action: "submit" as const,
      ...(screen.schema ? { answers: move.answers } : {}),
      ...withResult,
      expect: { next: sent.journey.screen },
    };
    return { journey: sent.journey, step };
  }
  const answered = await answerAndCall(workflow, journey, screen.name, move.answers, {
    ...opts,
    integrations: stub(move.result),
  });
  if (!answered.ok) return undefined;
  const step = {
    screen: screen.name,
    answers: move.answers,
    ...withResult,
    expect: { next: answered.journey.screen },
  };
  return { journey: answered.journey, step };
}

/** One recording per end screen of the workflow, or the reason there is none. */
export async function recordWorkflow(workflow: Workflow, opts: RecordOptions): Promise<EndRecording[]> {
  const locale = opts.locale ?? "en";
  const now = recordingNow(opts.now);
  const ctx: SampleContext = { now };
  const found = pathComparisons(workflow);
  const ends = workflow.screens.filter((screen) => isEndType(screen.type)).map((screen) => screen.name);
  const reached = new Map<string, RecordingStep[]>();
  // The journey as far as the rest of the path can tell: where it is, and how every condition reads.
  const keyOf = (journey: Journey) =>
    `${journey.screen}:${found.map((c) => (evaluateGuard(c, journey.answers, { now, results: journey.results }) ? 1 : 0)).join("")}`;

  const start = startJourney(workflow);
  const seen = new Set([keyOf(start)]);
  let queue: Array<{ journey: Journey; steps: RecordingStep[] }> = [{ journey: start, steps: [] }];
  let followed = 0;
  const limit = opts.maxJourneys ?? DEFAULT_MAX_JOURNEYS;
  while (queue.length > 0 && reached.size < ends.length && followed < limit) {
    const next: typeof queue = [];
    for (const { journey, steps } of queue) {
      const screen = screenNamed(workflow, journey.screen);
      if (!screen) continue;
      if (isEndType(screen.type)) {
        if (!reached.has(screen.name)) reached.set(screen.name, steps);
        continue;
      }
      for (const move of movesOn(workflow, screen, journey, found, ctx, locale)) {
        if (++followed > limit) break;
        const played = await play(workflow, journey, screen, move, { validate: opts.validate, now, locale });
        if (!played) continue;
        const key = keyOf(played.journey);
        if (seen.has(key)) continue;
        seen.add(key);
        next.push({ journey: played.journey, steps: [...steps, played.step] });
      }
    }
    queue = next;
  }

  return ends.map((end): EndRecording => {
    const file = `${end}.json`;
    const steps = reached.get(end);
    if (!steps) {
      return {
        end,
        file,
        problem:
          followed >= limit
            ? `not reached within ${limit} journeys: record it by hand`
            : "no sample answers lead here (its conditions could not be met with valid answers): record it by hand",
      };
    }
    const final = screenNamed(workflow, end);
    const status = final?.type === "confirmation" ? "submitted" : "exited";
    const recording: Recording & { note: string } = {
      workflow: workflow.name,
      locale,
      now: opts.now,
      note: GENERATED_NOTE,
      steps,
      expect: { final: end, status },
    };
    return { end, file, recording };
  });
}

// ── Files ──────────────────────────────────────────────────────────────────────────────────────

export type WriteOutcome = "written" | "exists";

/** Writes one recording; an existing file is kept unless `force`. */
export async function writeRecording(
  dir: string,
  made: EndRecording & { recording: Recording },
  opts: { force?: boolean } = {},
): Promise<WriteOutcome> {
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(join(dir, made.file), jsonText(made.recording), {
      flag: opts.force ? "w" : "wx",
    });
    return "written";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return "exists";
    throw error;
  }
}

/** Replays a recording file through the engine: [] when it goes as recorded, else what did not. */
export async function replayFile(workflow: Workflow, file: string, validate: Validate): Promise<string[]> {
  const recording = parseRecording(parseJsonText(await readFile(file, "utf8")));
  const report = await replayRecording(workflow, recording, { validate });
  return report.mismatches;
}

// ── The command ────────────────────────────────────────────────────────────────────────────────

export interface RecordCommandOptions {
  usage: string;
  validate: Validate;
  /** The workflow file a name or a path on the command line stands for. */
  workflowFile: (nameOrFile: string) => string;
  offices: OfficeDirectory;
  today: string;
}

/**
 * `workflow record <workflow> [--out dir] [--force] [--now yyyy-mm-dd]`: writes one recording per
 * end (by default into recordings/<name>/ beside the workflow file), keeping existing files unless
 * --force, and replays each file it wrote. Exit code 1 when an end could not be recorded or a
 * recording does not replay; 2 for a wrong command line or a workflow that does not load.
 */
export async function recordCommand(args: string[], opts: RecordCommandOptions): Promise<number> {
  let values: { out?: string; force?: boolean; now?: string };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      options: { out: { type: "string" }, force: { type: "boolean" }, now: { type: "string" } },
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${opts.usage}`);
    return 2;
  }
  const [nameOrFile] = positionals;
  if (!nameOrFile || positionals.length > 1) {
    console.error(opts.usage);
    return 2;
  }
  const now = values.now ?? opts.today;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(now) || Number.isNaN(recordingNow(now).getTime())) {
    console.error(`--now must be a day written yyyy-mm-dd, not ${now}`);
    return 2;
  }
  const file = opts.workflowFile(nameOrFile);
  const loaded = await loadWorkflowFile(file, { offices: opts.offices });
  if (!loaded.workflow) {
    console.error(`${shown(file)}: ${loaded.problem.message}`);
    return 2;
  }
  const workflow = loaded.workflow;
  const dir = values.out ? resolve(values.out) : join(dirname(file), "recordings", workflow.name);
  const made = await recordWorkflow(workflow, { validate: opts.validate, now });
  console.log(
    `${workflow.name}: ${made.length} end${made.length === 1 ? "" : "s"}, recordings in ${shown(dir)}`,
  );
  let failed = 0;
  for (const end of made) {
    const shownFile = shown(join(dir, end.file));
    if (!end.recording) {
      console.log(`  ${shownFile}: skipped: ${end.problem}`);
      failed++;
      continue;
    }
    const outcome = await writeRecording(dir, { ...end, recording: end.recording }, { force: values.force });
    if (outcome === "exists") {
      console.log(`  ${shownFile}: already there, kept (--force replaces it)`);
      continue;
    }
    const mismatches = await replayFile(workflow, join(dir, end.file), opts.validate);
    if (mismatches.length > 0) failed++;
    console.log(
      `  ${shownFile}: written, replay ${mismatches.length === 0 ? "OK" : `failed: ${mismatches.join("; ")}`}`,
    );
  }
  return failed > 0 ? 1 : 0;
}

/** A path as short as it can be said: relative to the current folder when it is inside it. */
function shown(path: string): string {
  const near = relative(process.cwd(), path);
  return near && !near.startsWith("..") ? near : path;
}

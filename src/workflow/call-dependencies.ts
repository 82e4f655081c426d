/**
 * Which stored call results a changed answer makes stale (issue 13). A screen's call reads
 * answers through its params ({ "field": "<screen>.<path>" }, or "<screen>.$result.<path>" for
 * what another screen's call returned); what it returned was true of the answers it read. When
 * one of those answers changes (the surviving parcel, changed from check-answers), the result no
 * longer stands: the screen's answer and result are dropped, so the replayed path stops there and
 * the resident answers it again, which makes the call again.
 *
 * Check-answers screens are left out: their call is made when the answers are sent, never stored
 * ahead of it. A screen whose params read its own answers needs nothing: answering it calls again.
 */

import { deepEqual } from "./guards";
import type { Answers, Workflow } from "./types";

/** The screens a call's params read, answers or results. */
function screensRead(params: Record<string, unknown>): Set<string> {
  const read = new Set<string>();
  for (const param of Object.values(params)) {
    if (param === null || typeof param !== "object" || Array.isArray(param)) continue;
    const field = (param as { field?: unknown }).field;
    if (typeof field === "string") read.add(field.split(".")[0] ?? "");
  }
  return read;
}

const readers = new WeakMap<Workflow, Map<string, string[]>>();

/** For each screen, the screens (with a stored call) whose params read it; built once per workflow. */
function readersOf(workflow: Workflow): Map<string, string[]> {
  let map = readers.get(workflow);
  if (!map) {
    map = new Map();
    for (const screen of workflow.screens) {
      if (!screen.call || screen.type === "check-answers") continue;
      for (const read of screensRead(screen.call.params)) {
        if (read === screen.name) continue;
        map.set(read, [...(map.get(read) ?? []), screen.name]);
      }
    }
    readers.set(workflow, map);
  }
  return map;
}

/** The screens whose stored call reads another screen: those a changed answer can send the resident back to. */
export function readingScreens(workflow: Workflow): string[] {
  return [...new Set([...readersOf(workflow).values()].flat())];
}

/** Whether any screen's call reads `screen`'s answers or result: only then can an answer make one stale. */
export function hasReaders(workflow: Workflow, screen: string): boolean {
  return readersOf(workflow).has(screen);
}

export interface Stored {
  answers: Answers;
  results: Record<string, unknown>;
}

/**
 * The answers and results after `screen` was answered (`after`), with every call result that read
 * something changed dropped, together with its screen's answer; and the screens so dropped, in
 * order. A dropped screen counts as changed in turn (a call reading its result is stale too).
 */
export function dropStale(
  workflow: Workflow,
  screen: string,
  before: Stored,
  after: Stored,
): Stored & { dropped: string[] } {
  const same =
    deepEqual(before.answers[screen], after.answers[screen]) &&
    deepEqual(before.results[screen], after.results[screen]);
  const changed = same ? [] : [screen];
  const map = readersOf(workflow);
  const answers = { ...after.answers };
  const results = { ...after.results };
  const dropped: string[] = [];
  while (changed.length > 0) {
    const name = changed.shift() as string;
    for (const reader of map.get(name) ?? []) {
      if (reader === screen || dropped.includes(reader)) continue;
      if (answers[reader] === undefined && results[reader] === undefined) continue;
      delete answers[reader];
      delete results[reader];
      dropped.push(reader);
      changed.push(reader);
    }
  }
  return { answers, results, dropped };
}

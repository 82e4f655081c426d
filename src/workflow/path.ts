/**
 * The path through a workflow is not stored: it is worked out again from the answers, the way
 * GOV.UK Forms' Journey does. Start at the first screen, follow the first transition whose
 * condition holds, stop at the first screen without an answer. A changed answer therefore changes
 * the path by itself, and answers left on a branch no longer taken are simply not on it.
 */

import { choicesHold } from "./choices";
import { evaluateGuard } from "./guards";
import { isEndType } from "./screens";
import type { Answers, Screen, Workflow } from "./types";

export interface Facts {
  answers: Answers;
  results: Record<string, unknown>;
  /** Whether the answers were sent (the check-answers screen is then behind the resident). */
  submitted: boolean;
}

export interface JourneyPath {
  /** Screen names from the start to `current`, in order. */
  screens: string[];
  /** Where the resident should be: the first screen still to answer, or the end. */
  current: string;
  /** The answers lead back to a screen already on the path; the replay stopped there. */
  loop: boolean;
}

/** The target of the first transition whose condition holds, or undefined (a dead end). */
export function nextOf(screen: Screen, facts: Facts, now: Date): string | undefined {
  const ctx = { now, results: facts.results };
  return screen.next.find((t) => t.when === undefined || evaluateGuard(t.when, facts.answers, ctx))?.to;
}

function byName(workflow: Workflow): Map<string, Screen> {
  return new Map(workflow.screens.map((screen) => [screen.name, screen]));
}

function isAnswered(screen: Screen, facts: Facts): boolean {
  if (screen.type === "check-answers") return facts.submitted;
  if (isEndType(screen.type)) return false;
  const answer = facts.answers[screen.name];
  // A choice made from a lookup the resident has since run again is asked again.
  return answer !== undefined && choicesHold(screen, answer, facts);
}

/** Replays the answers from the start screen. */
export function replayPath(workflow: Workflow, facts: Facts, now: Date): JourneyPath {
  const screens = byName(workflow);
  const path: string[] = [];
  const seen = new Set<string>();
  let name: string | undefined = workflow.start;
  let loop = false;
  while (name !== undefined) {
    const screen = screens.get(name);
    if (!screen) break;
    path.push(name);
    seen.add(name);
    if (!isAnswered(screen, facts)) break;
    const next = nextOf(screen, facts, now);
    if (next !== undefined && seen.has(next)) {
      loop = true;
      break;
    }
    name = next;
  }
  return { screens: path, current: path[path.length - 1] ?? workflow.start, loop };
}

/**
 * The replayed path continued to its end with the answers so far (a question not yet answered
 * fails its conditions), for "Step 2 of 6".
 */
export function projectedPath(workflow: Workflow, facts: Facts, now: Date): string[] {
  const screens = byName(workflow);
  const { screens: path, loop } = replayPath(workflow, facts, now);
  if (loop) return path;
  const seen = new Set(path);
  let screen = screens.get(path[path.length - 1] ?? workflow.start);
  while (screen && !isEndType(screen.type)) {
    const next = nextOf(screen, facts, now);
    if (next === undefined || seen.has(next)) break;
    seen.add(next);
    path.push(next);
    screen = screens.get(next);
  }
  return path;
}

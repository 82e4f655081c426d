import { fileURLToPath } from "node:url";
import { getShortestPaths, getSimplePaths, toDirectedGraph } from "@xstate/graph";
import { describe, expect, it } from "vitest";
import { fromTransition } from "xstate";
import { editedPets, node } from "./fixtures";
import { buildMachine } from "./machine";
import { parseWorkflow } from "./parse";
import { loadWorkflows } from "./registry";
import { isEndType } from "./screens";
import type { Workflow } from "./types";

// Paths through every service, generated with @xstate/graph from the workflow's own machine: every
// screen can be reached, and every path ends on a confirmation or an exit page.

const workflowsDir = fileURLToPath(new URL("../../workflows/", import.meta.url));
const { workflows } = await loadWorkflows(workflowsDir);

/**
 * The forward moves of the machine, screen to screen: its NEXT and SUBMITTED transitions. BACK,
 * VISIT and CHANGE only return to screens already visited, and so does the jump back to
 * check-answers after a change (guard returnReady), so none of them adds a path.
 */
function forwardMoves(workflow: Workflow): Map<string, string[]> {
  const graph = toDirectedGraph(buildMachine(workflow));
  const moves = new Map<string, string[]>();
  for (const state of graph.children) {
    const targets = state.edges
      .filter((edge) => edge.label.text === "NEXT" || edge.label.text === "SUBMITTED")
      .filter((edge) => (edge.transition.guard as { type?: string } | undefined)?.type !== "returnReady")
      .map((edge) => String(edge.target.key));
    moves.set(String(state.stateNode.key), [...new Set(targets)]);
  }
  return moves;
}

type Move = { type: "GO"; to: string };
type ScreenSnapshot = { context: string };

/** The machine's screen graph as actor logic that @xstate/graph can walk, from one screen. */
function walker(moves: Map<string, string[]>, from: string) {
  const logic = fromTransition((_screen: string, move: Move) => move.to, from);
  const options = {
    events: (snapshot: ScreenSnapshot) =>
      (moves.get(snapshot.context) ?? []).map((to): Move => ({ type: "GO", to })),
    serializeState: (snapshot: ScreenSnapshot) => snapshot.context,
  };
  return { logic, options };
}

/** What is wrong with the paths through a workflow, in words; [] when nothing is. */
function pathProblems(workflow: Workflow): string[] {
  const moves = forwardMoves(workflow);
  const isEnd = (name: string) => {
    const screen = workflow.screens.find((s) => s.name === name);
    return screen !== undefined && isEndType(screen.type);
  };
  const problems: string[] = [];

  const fromStart = walker(moves, workflow.start);
  const reached = new Set(
    getShortestPaths(fromStart.logic, fromStart.options).map((path) => path.state.context),
  );
  for (const screen of workflow.screens) {
    if (!reached.has(screen.name)) problems.push(`${screen.name} cannot be reached`);
  }
  // A tool that sends nothing (a status search, no check-answers) ends on its exit pages.
  const sends = workflow.screens.some((s) => s.type === "check-answers");
  if (sends && !workflow.screens.some((s) => s.type === "confirmation" && reached.has(s.name))) {
    problems.push("no path reaches a confirmation");
  }

  for (const path of getSimplePaths(fromStart.logic, fromStart.options)) {
    const last = path.state.context;
    if ((moves.get(last) ?? []).length === 0 && !isEnd(last)) {
      const route = path.steps.map((step) => step.state.context).join(" → ");
      problems.push(`a path ends on ${last}, which is not a confirmation or exit: ${route}`);
    }
  }

  for (const screen of workflow.screens) {
    const from = walker(moves, screen.name);
    const toEnd = getShortestPaths(from.logic, {
      ...from.options,
      toState: (s: ScreenSnapshot) => isEnd(s.context),
    });
    if (toEnd.length === 0) problems.push(`no way to finish from ${screen.name}`);
  }
  return problems;
}

describe("paths through every workflow", () => {
  it("finds the workflows", () => {
    expect(workflows.size).toBeGreaterThan(0);
  });

  for (const workflow of workflows.values()) {
    it(`${workflow.name}: every screen is reachable and every path ends on a confirmation or exit`, () => {
      expect(pathProblems(workflow)).toEqual([]);
    });
  }

  it("the demo's paths include its branch, its exit and its confirmation", () => {
    const demo = workflows.get("demo-dog-licence");
    if (!demo) throw new Error("no demo");
    const moves = forwardMoves(demo);
    const from = walker(moves, demo.start);
    const ends = getSimplePaths(from.logic, from.options)
      .filter((path) => (moves.get(path.state.context) ?? []).length === 0)
      .map((path) => path.steps.map((step) => step.state.context).join(" → "));
    expect(ends.sort()).toEqual([
      "residency → applicant → dogs → donation → declaration → check-answers → confirmation",
      "residency → applicant → senior-rate → dogs → donation → declaration → check-answers → confirmation",
      "residency → not-eligible",
    ]);
  });

  it("catches a screen nobody reaches, a path that stops short and a trap with no way out", () => {
    const broken = parseWorkflow(
      editedPets((f) => {
        const details = node(f, "details").data.config;
        const senior = node(f, "senior").data.config;
        if (!details || !senior) return;
        details.next = [{ to: "senior" }];
        senior.next = [{ to: "details" }];
      }),
      "pets.json",
    );
    expect(pathProblems(broken)).toEqual([
      "check cannot be reached",
      "done cannot be reached",
      "no path reaches a confirmation",
      "no way to finish from details",
      "no way to finish from senior",
    ]);
  });
});

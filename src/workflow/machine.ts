/**
 * A workflow as an XState machine: one state per screen, transitions from the file's `next`
 * lists, conditions evaluated by the declarative guard evaluator. The server and the browser run
 * this same machine (see journey.ts), so they cannot disagree about where an answer leads.
 *
 * Events:
 * - NEXT { answers, result?, now }  the screen's answers, already validated by the caller
 * - BACK                            to the previous screen in the history; answers are kept
 * - CHANGE { screen, now }          from check-answers to a screen on the path, then back to it
 * - VISIT { screen, now }           open a screen already on the path (a link, the browser's Back)
 * - SUBMITTED { reference, result?, now }  the answers were stored: leave check-answers
 *
 * Confirmation screens are final. Exit screens end the path too, but keep BACK so a resident who
 * clicked the wrong answer can go back and correct it, as on GOV.UK exit pages.
 */

import { assign, type SnapshotFrom, setup } from "xstate";
import { dropStale, hasReaders, readingScreens } from "./call-dependencies";
import { evaluateGuard } from "./guards";
import { type Facts, replayPath } from "./path";
import { isQuestionType } from "./screens";
import type { Answers, Guard, Screen, Workflow } from "./types";

export interface Submission {
  reference: string;
  /** When the answers were sent (ISO): the confirmation's dates count from it, whenever it is seen. */
  sentAt?: string;
}

export interface MachineContext {
  answers: Answers;
  /** What each screen's integration call returned. */
  results: Record<string, unknown>;
  /** Screens the resident came through, most recent last; BACK pops it. */
  history: string[];
  /** While changing an answer from check-answers: that screen, to return to. */
  returnTo?: string;
  submission?: Submission;
}

export type MachineEvent =
  | { type: "NEXT"; answers: unknown; result?: unknown; now: string }
  | { type: "BACK" }
  | { type: "CHANGE"; screen: string; now: string }
  | { type: "VISIT"; screen: string; now: string }
  | { type: "SUBMITTED"; reference: string; result?: unknown; now: string };

function factsOf(context: MachineContext): Facts {
  return { answers: context.answers, results: context.results, submitted: context.submission !== undefined };
}

function nowOf(event: MachineEvent): Date {
  return "now" in event ? new Date(event.now) : new Date();
}

/**
 * The context after a screen's answers are saved (the guards look ahead with it). Call results
 * that read an answer which has just changed are dropped with their screen's answer, so the path
 * stops there and the call is made again (call-dependencies.ts).
 */
function withAnswers(
  workflow: Workflow,
  context: MachineContext,
  screen: string,
  event: MachineEvent,
): MachineContext {
  if (event.type !== "NEXT") return context;
  const results = { ...context.results };
  if (event.result === undefined) delete results[screen];
  else results[screen] = event.result;
  const after = { answers: { ...context.answers, [screen]: event.answers }, results };
  if (!hasReaders(workflow, screen)) return { ...context, ...after };
  const { dropped: _, ...kept } = dropStale(workflow, screen, context, after);
  return { ...context, ...kept };
}

function onPath(
  workflow: Workflow,
  context: MachineContext,
  screen: string,
  now: Date,
): string[] | undefined {
  const path = replayPath(workflow, factsOf(context), now).screens;
  const index = path.indexOf(screen);
  return index === -1 ? undefined : path.slice(0, index);
}

function createWorkflowMachine(workflow: Workflow) {
  const screenNames = workflow.screens.map((screen) => screen.name);
  const checkAnswersScreens = workflow.screens.filter((screen) => screen.type === "check-answers");
  const questionScreens = workflow.screens.filter((screen) => isQuestionType(screen.type));
  const redoScreens = readingScreens(workflow);

  const base = setup({
    types: {
      context: {} as MachineContext,
      events: {} as MachineEvent,
      input: {} as Partial<MachineContext> | undefined,
    },
    guards: {
      when: ({ context, event }, params: { screen: string; guard?: Guard }) => {
        if (!params.guard) return true;
        const next = withAnswers(workflow, context, params.screen, event);
        return evaluateGuard(params.guard, next.answers, { now: nowOf(event), results: next.results });
      },
      /** After a change, go straight back to check-answers once every screen before it is answered. */
      returnReady: ({ context, event }, params: { screen: string; returnTo: string }) => {
        if (context.returnTo !== params.returnTo) return false;
        const next = withAnswers(workflow, context, params.screen, event);
        return replayPath(workflow, factsOf(next), nowOf(event)).current === params.returnTo;
      },
      /**
       * After a change, a screen whose call read the changed answer (its result was just dropped)
       * is answered again before check-answers, even when it is not the next screen.
       */
      redoReady: ({ context, event }, params: { screen: string; target: string }) => {
        if (context.returnTo === undefined || context.answers[params.target] === undefined) return false;
        const next = withAnswers(workflow, context, params.screen, event);
        return (
          next.answers[params.target] === undefined &&
          replayPath(workflow, factsOf(next), nowOf(event)).current === params.target
        );
      },
      // Once the answers are sent, nothing can take the resident back into the form.
      previousIs: ({ context }, params: { screen: string }) =>
        context.submission === undefined && context.history.at(-1) === params.screen,
      canOpen: ({ context, event }, params: { screen: string }) =>
        context.submission === undefined &&
        (event.type === "VISIT" || event.type === "CHANGE") &&
        event.screen === params.screen &&
        onPath(workflow, context, params.screen, nowOf(event)) !== undefined,
    },
    actions: {
      record: assign(({ context, event }, params: { screen: string }) => {
        const next = withAnswers(workflow, context, params.screen, event);
        return { answers: next.answers, results: next.results, history: [...context.history, params.screen] };
      }),
      endChange: assign({ returnTo: undefined }),
      back: assign(({ context }) => {
        const history = context.history.slice(0, -1);
        const target = context.history.at(-1);
        return { history, returnTo: target === context.returnTo ? undefined : context.returnTo };
      }),
      open: assign(({ context, event }, params: { screen: string }) => ({
        history: onPath(workflow, context, params.screen, nowOf(event)) ?? context.history,
        returnTo: params.screen === context.returnTo ? undefined : context.returnTo,
      })),
      startChange: assign(({ context }, params: { from: string }) => ({
        returnTo: params.from,
        history: [...context.history, params.from],
      })),
      submitted: assign(({ context, event }, params: { screen: string }) => {
        if (event.type !== "SUBMITTED") return {};
        const results = { ...context.results };
        if (event.result !== undefined) results[params.screen] = event.result;
        return {
          submission: { reference: event.reference, sentAt: event.now },
          results,
          history: [...context.history, params.screen],
          returnTo: undefined,
        };
      }),
    },
  });

  const nextTransitions = (screen: Screen) => [
    ...checkAnswersScreens.map((target) => ({
      target: target.name,
      guard: { type: "returnReady" as const, params: { screen: screen.name, returnTo: target.name } },
      actions: [{ type: "record" as const, params: { screen: screen.name } }, { type: "endChange" as const }],
    })),
    ...redoScreens
      .filter((target) => target !== screen.name)
      .map((target) => ({
        target,
        guard: { type: "redoReady" as const, params: { screen: screen.name, target } },
        actions: [{ type: "record" as const, params: { screen: screen.name } }],
      })),
    ...screen.next.map((transition) => ({
      target: transition.to,
      guard: { type: "when" as const, params: { screen: screen.name, guard: transition.when } },
      actions: [{ type: "record" as const, params: { screen: screen.name } }],
    })),
  ];

  const stateOf = (screen: Screen) => {
    const tags = [screen.type];
    switch (screen.type) {
      case "confirmation":
        return { type: "final" as const, tags };
      case "exit":
        return { tags };
      case "check-answers":
        return {
          tags,
          on: {
            CHANGE: questionScreens.map((target) => ({
              target: target.name,
              guard: { type: "canOpen" as const, params: { screen: target.name } },
              actions: [{ type: "startChange" as const, params: { from: screen.name } }],
            })),
            SUBMITTED: screen.next.map((transition) => ({
              target: transition.to,
              guard: { type: "when" as const, params: { screen: screen.name, guard: transition.when } },
              actions: [{ type: "submitted" as const, params: { screen: screen.name } }],
            })),
          },
        };
      default:
        return { tags, on: { NEXT: nextTransitions(screen) } };
    }
  };

  return base.createMachine({
    id: workflow.name,
    initial: workflow.start,
    context: ({ input }) => ({ answers: {}, results: {}, history: [], ...(input ?? {}) }),
    on: {
      BACK: screenNames.map((name) => ({
        target: `.${name}`,
        guard: { type: "previousIs" as const, params: { screen: name } },
        actions: [{ type: "back" as const }],
      })),
      VISIT: screenNames.map((name) => ({
        target: `.${name}`,
        guard: { type: "canOpen" as const, params: { screen: name } },
        actions: [{ type: "open" as const, params: { screen: name } }],
      })),
    },
    states: Object.fromEntries(workflow.screens.map((screen) => [screen.name, stateOf(screen)])),
  });
}

export type WorkflowMachine = ReturnType<typeof createWorkflowMachine>;
export type WorkflowSnapshot = SnapshotFrom<WorkflowMachine>;

const machines = new WeakMap<Workflow, WorkflowMachine>();

/** The workflow's machine, built once per parsed workflow. */
export function buildMachine(workflow: Workflow): WorkflowMachine {
  let machine = machines.get(workflow);
  if (!machine) {
    machine = createWorkflowMachine(workflow);
    machines.set(workflow, machine);
  }
  return machine;
}

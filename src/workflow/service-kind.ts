/**
 * What kind of service a workflow is, read from its screens alone (no flag to keep in step):
 *
 * - A **tool** (the deduction status search) has no check-answers screen: nothing is applied for,
 *   so it shows no step counter and no "Save and come back later".
 * - An application has a **fixed path** when no answer changes how many screens it asks: every
 *   screen leads on to at most one screen that asks something (a branch to an exit page does not
 *   count; the resident then leaves). Only then is "Step 3 of 6" honest: on a branching service the
 *   total would change under the resident ("Step 6 of 8", then "Step 7 of 9"), so, as GOV.UK
 *   does, it shows no counter at all.
 */

import { isEndType, screenNamed } from "./screens";
import type { Workflow } from "./types";

export function isTool(workflow: Workflow): boolean {
  return !workflow.screens.some((screen) => screen.type === "check-answers");
}

export function hasFixedPath(workflow: Workflow): boolean {
  return workflow.screens.every((screen) => {
    const onward = new Set(
      screen.next
        .map((t) => t.to)
        .filter((to) => {
          const target = screenNamed(workflow, to);
          return target !== undefined && !isEndType(target.type);
        }),
    );
    return onward.size <= 1;
  });
}

/** Whether screens show "Step n of m": an application whose length no answer changes. */
export function countsSteps(workflow: Workflow): boolean {
  return !isTool(workflow) && hasFixedPath(workflow);
}

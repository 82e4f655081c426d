/**
 * `workflow check` for choices narrowed by an earlier answer ("filterChoices", choice-filters.ts).
 * The parser already refuses a malformed one and values the field does not list; here, what needs
 * the whole workflow: `by` must name an answer given on an earlier screen, and the answers listed
 * under `choices` must be answers that field can have. Either mistake would otherwise offer every
 * choice to every resident, silently.
 */
import { listedChoices } from "./choice-filters";
import { schemaAt } from "./lint-cross-field";
import { isQuestionType } from "./screens";
import type { JsonPath, Screen, Severity, Workflow } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;
type FieldCheck = (workflow: Workflow, field: string) => string | undefined;

/** The screens from which `target` can be reached by the ways between screens. */
export function screensBefore(workflow: Workflow, target: string): Set<string> {
  const before = new Set<string>();
  const queue = [target];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    for (const screen of workflow.screens) {
      if (!before.has(screen.name) && screen.next.some((t) => t.to === name)) {
        before.add(screen.name);
        queue.push(screen.name);
      }
    }
  }
  return before;
}

function byProblem(
  workflow: Workflow,
  screen: Screen,
  by: string,
  fieldReason: FieldCheck,
): string | undefined {
  const [from = ""] = by.split(".");
  const reason = fieldReason(workflow, by);
  if (reason) return `choices filtered by an unknown field "${by}": ${reason}`;
  if (from === screen.name)
    return `choices are filtered by an answer on an earlier screen, not on "${screen.name}" itself: without JavaScript the page could not change its choices as the resident answers`;
  const source = workflow.screens.find((s) => s.name === from);
  if (source && !isQuestionType(source.type))
    return `choices are filtered by an answer, and "${from}" asks no questions`;
  if (!screensBefore(workflow, screen.name).has(from))
    return `choices are filtered by "${by}", but "${from}" is never asked before "${screen.name}"`;
  return undefined;
}

export function lintChoiceFilters(workflow: Workflow, report: Report, fieldReason: FieldCheck): void {
  for (const screen of workflow.screens) {
    for (const [field, filter] of Object.entries(screen.choiceFilters ?? {})) {
      const at = [...screen.lens, "data", "config", "schema", "properties", field, "filterChoices"];
      const problem = byProblem(workflow, screen, filter.by, fieldReason);
      if (problem) {
        report([...at, "by"], problem, "choice-filter");
        continue;
      }
      // The answers under "choices" must be answers the earlier question offers (as text).
      const [from = "", ...path] = filter.by.split(".");
      const source = workflow.screens.find((s) => s.name === from);
      const answers = listedChoices(source?.schema && schemaAt(source.schema, path));
      const fieldType = source?.schema && schemaAt(source.schema, path)?.type;
      const known = answers?.map(String) ?? (fieldType === "boolean" ? ["true", "false"] : undefined);
      if (!known) continue;
      for (const answer of Object.keys(filter.choices)) {
        if (!known.includes(answer)) {
          report(
            [...at, "choices", answer],
            `"${answer}" is not an answer of "${filter.by}" (its answers: ${known.map((a) => `"${a}"`).join(", ")})`,
            "choice-filter",
          );
        }
      }
    }
  }
}

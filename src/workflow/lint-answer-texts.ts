/**
 * `workflow check` for texts picked by an earlier answer (a `byAnswer` replace entry, docs/
 * workflows.md §10 "Text picked by an answer"). The file's schema already refuses a malformed
 * entry (and lint's Spanish check finds a text without Spanish); here, what needs the whole
 * workflow:
 *
 * - `by` must name a field, asked on a screen that comes before the block's screen (an answer on
 *   the same screen is not known yet when the page is drawn without JavaScript);
 * - that field must have choices (a `oneOf` or `enum`, or yes/no), one value each: a table cannot
 *   list what a resident may type, nor pick one text for several ticked boxes;
 * - every key of `texts` must be one of those choices (a misspelt key is a text nobody reads);
 * - a choice with no text and no `otherwise` shows a gap, unless the block's `when` keeps it from
 *   residents who gave that answer (a warning: `when` may depend on other answers too).
 */
import type { ByAnswerEntry } from "../domain/text-block";
import { listedChoices } from "./choice-filters";
import { evaluateGuard } from "./guards";
import { screensBefore } from "./lint-choice-filters";
import { schemaAt } from "./lint-cross-field";
import { isQuestionType } from "./screens";
import type { Answers, ContentBlock, JsonPath, Screen, Severity, Workflow } from "./types";

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;
type FieldCheck = (workflow: Workflow, field: string) => string | undefined;

const RULE = "answer-text";

/** Why `by` cannot pick a text on `screen`, or its choices (as text) when it can. */
function choicesOf(
  workflow: Workflow,
  screen: Screen,
  by: string,
  fieldReason: FieldCheck,
): { problem: string } | { choices: Array<string | number | boolean> } {
  const reason = fieldReason(workflow, by);
  if (reason) return { problem: `a text picked by an unknown field "${by}": ${reason}` };
  const [from = "", ...path] = by.split(".");
  if (path[0] === "$result")
    return {
      problem: `a text is picked by an answer the resident gave, not by what a call returned ("${by}"): show a call's result with an "apiResponse" entry`,
    };
  if (from === screen.name)
    return {
      problem: `a text is picked by an answer on an earlier screen, not on "${screen.name}" itself: without JavaScript the page could not change it as the resident answers`,
    };
  const source = workflow.screens.find((s) => s.name === from);
  if (!source || !isQuestionType(source.type) || !source.schema)
    return { problem: `a text is picked by an answer, and "${from}" asks no questions` };
  if (!screensBefore(workflow, screen.name).has(from))
    return { problem: `a text is picked by "${by}", but "${from}" is never asked before "${screen.name}"` };
  const field = schemaAt(source.schema, path);
  if (field?.type === "boolean") return { choices: [true, false] };
  const listed = field?.type === "array" ? undefined : listedChoices(field);
  if (!listed)
    return {
      problem: `a text is picked by "${by}", which is not one choice among several (a "oneOf" or "enum", or yes/no): a table of texts cannot list what a resident types or every mix of ticked boxes`,
    };
  return { choices: listed };
}

/** Whether the block shows for a resident whose only answer is `value` at `by` (no `when`: always). */
function shownFor(block: ContentBlock, by: string, value: unknown): boolean {
  if (!block.when) return true;
  const [screen = "", ...path] = by.split(".");
  const answers: Record<string, unknown> = {};
  let node = answers;
  for (const part of [screen, ...path.slice(0, -1)]) {
    const next: Record<string, unknown> = {};
    node[part] = next;
    node = next;
  }
  node[path[path.length - 1] ?? ""] = value;
  return evaluateGuard(block.when, answers as Answers, { now: new Date(), results: {} });
}

function lintEntry(
  workflow: Workflow,
  screen: Screen,
  block: ContentBlock,
  entry: ByAnswerEntry,
  at: JsonPath,
  report: Report,
  fieldReason: FieldCheck,
): void {
  const found = choicesOf(workflow, screen, entry.by, fieldReason);
  if ("problem" in found) {
    report([...at, "by"], found.problem, RULE);
    return;
  }
  const answers = found.choices.map(String);
  const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(", ");
  for (const key of Object.keys(entry.texts)) {
    if (!answers.includes(key))
      report(
        [...at, "texts", key],
        `"${key}" is not an answer of "${entry.by}" (its answers: ${quoted(answers)}): no resident would read this text`,
        RULE,
      );
  }
  if (entry.otherwise !== undefined) return;
  // An answer the block's own `when` keeps it from needs no text.
  const missing = found.choices
    .filter((choice) => !Object.hasOwn(entry.texts, String(choice)))
    .filter((choice) => shownFor(block, entry.by, choice))
    .map(String);
  if (missing.length > 0)
    report(
      [...at, "texts"],
      `no text for the answers ${quoted(missing)} of "${entry.by}", and no "otherwise": a resident who gave one of them reads a gap; add their texts or an "otherwise", or keep the block from them with "when"`,
      RULE,
      "warning",
    );
}

/** Every text picked by an answer in the workflow, with its screen, block and place in the file. */
export function* answerTextEntries(
  workflow: Workflow,
): Generator<{ screen: Screen; block: ContentBlock; entry: ByAnswerEntry; at: JsonPath }> {
  for (const screen of workflow.screens)
    for (const [k, block] of screen.content.entries()) {
      if (block.kind === "table") continue;
      for (const [name, entry] of Object.entries(block.replace ?? {}))
        if (entry.type === "byAnswer")
          yield {
            screen,
            block,
            entry,
            at: [...screen.lens, "data", "config", "content", k, "replace", name],
          };
    }
}

export function lintAnswerTexts(workflow: Workflow, report: Report, fieldReason: FieldCheck): void {
  for (const { screen, block, entry, at } of answerTextEntries(workflow))
    lintEntry(workflow, screen, block, entry, at, report, fieldReason);
}

/**
 * `workflow check` for the staff preview: the problems of a workflow file as the command prints
 * them (src/workflow/cli.ts), for a page. A .server module: it reads files and compiles schemas.
 *
 * It checks the file on disk, which is what the site serves (files are read at start-up, and in
 * development again when saved). Office details are not checked here: a file whose `content`
 * names a missing one is refused when it loads, and shows in the list of refused files.
 */

import { readFile, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { placeOf } from "../../workflow/errors";
import { parseJsonText } from "../../workflow/json-syntax";
import { lintWorkflow } from "../../workflow/lint";
import type { Problem } from "../../workflow/types";
import { compileScreenSchema } from "../../workflow/validate-port";

export interface CheckedProblem {
  severity: Problem["severity"];
  /** Where in the file, with the screen's name: "nodes[5].data.config.next[0].to (donation)". */
  where: string;
  message: string;
}

export interface CheckResult {
  /** workflows/<name>.json */
  file: string;
  problems: CheckedProblem[];
  errors: number;
  warnings: number;
}

/** The file as staff name it: its folder and its name. */
export const shownFile = (file: string) => join(basename(dirname(file)), basename(file));

/** Checking compiles every screen's schema: done again only when the file changes. */
const checked = new Map<string, { version: string; result: CheckResult }>();

export async function checkWorkflowFile(file: string): Promise<CheckResult> {
  const shown = shownFile(file);
  let version: string;
  let text: string;
  try {
    const info = await stat(file);
    version = `${info.mtimeMs}:${info.size}`;
    const hit = checked.get(file);
    if (hit?.version === version) return hit.result;
    text = await readFile(file, "utf8");
  } catch (error) {
    const problem = { severity: "error" as const, where: "(root)", message: (error as Error).message };
    return { file: shown, problems: [problem], errors: 1, warnings: 0 };
  }
  let json: unknown;
  let problems: CheckedProblem[];
  try {
    json = parseJsonText(text);
    problems = lintWorkflow(json, shown, { checkSchema: compileScreenSchema }).map((p) => ({
      severity: p.severity,
      where: placeOf(p.path, json),
      message: p.message,
    }));
  } catch (error) {
    problems = [
      { severity: "error", where: "(root)", message: `workflow is malformed: ${(error as Error).message}` },
    ];
  }
  const result: CheckResult = {
    file: shown,
    problems,
    errors: problems.filter((p) => p.severity === "error").length,
    warnings: problems.filter((p) => p.severity === "warning").length,
  };
  checked.set(file, { version, result });
  return result;
}

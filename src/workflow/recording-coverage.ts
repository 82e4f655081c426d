/**
 * The recordings every service needs (docs/workflows.md, section 13): one that is sent and one with
 * validation errors; a tool (no check-answers screen, see service-kind.ts) sends nothing, so it
 * needs one that reaches its end page ("status": "exited") instead. The test suite fails without
 * them (recordings.test.ts); `workflow check` warns first, in the same words.
 */

import { readdir, readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { parseJsonText } from "./json-syntax";
import { parseRecording, type Recording } from "./replay";
import type { Problem } from "./types";

/** The test suite's words (recordings.test.ts), after the service's name. */
export const NO_SENT_RECORDING = "has no recording that is sent";
export const NO_ERRORS_RECORDING = "has no recording with validation errors";

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** Whether a workflow file (its JSON, parsed or not) is a tool: no screen of type check-answers. */
export function isToolFile(json: unknown): boolean {
  const nodes = isRecord(json) && Array.isArray(json.nodes) ? json.nodes : [];
  return !nodes.some((node) => isRecord(node) && isRecord(node.data) && node.data.type === "check-answers");
}

/** What is missing from a service's recordings, as plain sentences (empty when nothing is). */
export function recordingGaps(
  name: string,
  tool: boolean,
  recordings: readonly Recording[],
  folder: string,
): string[] {
  const gaps: string[] = [];
  const ends = (r: Recording) => r.expect?.status === (tool ? "exited" : "submitted");
  if (!recordings.some(ends)) {
    gaps.push(
      tool
        ? `${name} ${NO_SENT_RECORDING}: a tool (no check-answers screen) sends nothing, so it needs one in ${folder}/ that reaches its end page, with "expect": { "status": "exited" }`
        : `${name} ${NO_SENT_RECORDING}: add one to ${folder}/ that ends with "expect": { "status": "submitted" }`,
    );
  }
  if (!recordings.some((r) => r.steps.some((step) => (step.expect?.errors?.length ?? 0) > 0))) {
    gaps.push(
      `${name} ${NO_ERRORS_RECORDING}: add one to ${folder}/ with a step that expects "errors" (docs/workflows.md, section 13)`,
    );
  }
  return gaps;
}

/** workflows/recordings/<name>/ beside a workflow file. */
export function recordingsFolder(workflowFile: string, name: string): string {
  return join(dirname(workflowFile), "recordings", name);
}

/**
 * Warnings for a workflow file whose recordings fall short, and for recording files that cannot
 * be read (the test suite would fail on those too). `shown` turns a path into what to print.
 */
export async function recordingProblems(
  workflowFile: string,
  json: unknown,
  shown: (file: string) => string,
): Promise<Problem[]> {
  const name = isRecord(json) && typeof json.name === "string" ? json.name : basename(workflowFile, ".json");
  const folder = recordingsFolder(workflowFile, name);
  const files = (await readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
  const recordings: Recording[] = [];
  const problems: Problem[] = [];
  const warn = (file: string, message: string): Problem => ({
    file: shown(file),
    path: [],
    message,
    severity: "warning",
    rule: "recordings",
  });
  for (const file of files) {
    const path = join(folder, file);
    try {
      recordings.push(parseRecording(parseJsonText(await readFile(path, "utf8"))));
    } catch (error) {
      problems.push(warn(path, `not a recording: ${(error as Error).message}`));
    }
  }
  for (const gap of recordingGaps(name, isToolFile(json), recordings, shown(folder))) {
    problems.push(warn(workflowFile, gap));
  }
  return problems;
}

/**
 * The workflow tool's commands (cli.ts runs them from the command line; tests call them in-process):
 *
 * npm run workflow -- check [file...]             lint workflow files (default: every file in workflows/)
 * npm run workflow -- replay <workflow> <answers>  replay a recorded journey through the engine
 * npm run workflow -- new <name>                    scaffold a new service and its recordings (scaffold.ts)
 * npm run workflow -- record <workflow>             recordings of every path, from sample answers (record.ts)
 * npm run workflow -- map <workflow> [--out f.svg]  draw the map of a service (map --all: docs/services/)
 *
 * `check` prints one `file: path: message` line per problem and exits 1 on any error.
 * `replay` prints each screen, its validation result and the final state, and exits 1 when the
 * journey does not go as the recording expects.
 */

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { basename, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatIsoDate } from "../domain/dates";
import { placeOf } from "./errors";
import { parseJsonText } from "./json-syntax";
import { hasErrors, lintWorkflow } from "./lint";
import { MAP_USAGE, mapCommand } from "./map-files";
import { recordCommand } from "./record";
import { recordingProblems } from "./recording-coverage";
import { loadWorkflowFile, readOfficeDirectory, workflowFiles } from "./registry";
import { parseRecording, replayRecording } from "./replay";
import { newServiceCommand } from "./scaffold";
import type { Problem } from "./types";
import { compileScreenSchema, validateAnswers } from "./validate-port";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const WORKFLOWS = resolve(ROOT, "workflows");
/** Office details for `content` texts (docs/workflows.md §10). */
const CONTENT = resolve(ROOT, "content");

const USAGE = `Usage:
  npm run workflow -- check [file...]
  npm run workflow -- replay <workflow name or file> <recording.json>
  npm run workflow -- new <name> [--title-en "..."] [--title-es "..."] [--dir <workflows folder>]
  npm run workflow -- record <workflow name or file> [--out <folder>] [--force] [--now yyyy-mm-dd]
${MAP_USAGE}`;

function shown(file: string): string {
  return relative(process.cwd(), file) || file;
}

function line(problem: Problem, json: unknown): string {
  const severity = problem.severity === "warning" ? "warning: " : "";
  return `${shown(problem.file)}: ${placeOf(problem.path, json)}: ${severity}${problem.message}`;
}

async function check(files: string[]): Promise<number> {
  const targets = files.length > 0 ? files.map((file) => resolve(file)) : await workflowFiles(WORKFLOWS);
  let errors = 0;
  let warnings = 0;
  const offices = readOfficeDirectory(CONTENT);
  // The services a text may link to (/workflow/<name>): those in workflows/ and those checked.
  const workflows = [...(await workflowFiles(WORKFLOWS)), ...targets].map((file) => basename(file, ".json"));
  for (const file of targets) {
    let json: unknown;
    try {
      json = parseJsonText(await readFile(file, "utf8"));
    } catch (error) {
      console.log(`${shown(file)}: (root): workflow is malformed: ${(error as Error).message}`);
      errors++;
      continue;
    }
    const problems = [
      ...lintWorkflow(json, shown(file), { checkSchema: compileScreenSchema, offices, workflows }),
      // The recordings the test suite asks of every service, warned about before it fails.
      ...(await recordingProblems(file, json, shown)),
    ];
    for (const problem of problems) console.log(line(problem, json));
    if (hasErrors(problems)) errors += problems.filter((p) => p.severity === "error").length;
    warnings += problems.filter((p) => p.severity === "warning").length;
  }
  console.log(
    `${targets.length} file${targets.length === 1 ? "" : "s"} checked: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`,
  );
  return errors > 0 ? 1 : 0;
}

function workflowPath(nameOrFile: string): string {
  if (nameOrFile.endsWith(".json") || existsSync(nameOrFile)) return resolve(nameOrFile);
  return resolve(WORKFLOWS, `${nameOrFile}.json`);
}

async function replay(nameOrFile: string | undefined, recordingFile: string | undefined): Promise<number> {
  if (!nameOrFile || !recordingFile) {
    console.error(USAGE);
    return 2;
  }
  const loaded = await loadWorkflowFile(workflowPath(nameOrFile));
  if (!loaded.workflow) {
    console.log(line(loaded.problem, undefined));
    return 1;
  }
  let recording: ReturnType<typeof parseRecording>;
  try {
    recording = parseRecording(parseJsonText(await readFile(recordingFile, "utf8")));
  } catch (error) {
    console.log(`${shown(recordingFile)}: ${(error as Error).message}`);
    return 1;
  }
  console.log(
    `${loaded.workflow.name} ← ${shown(resolve(recordingFile))} (${recording.locale}, ${recording.now})`,
  );
  const report = await replayRecording(loaded.workflow, recording, { validate: validateAnswers });
  for (const text of report.lines) console.log(text);
  console.log(
    report.ok
      ? "replay matches the recording"
      : `replay does not match: ${report.mismatches.length} mismatch(es)`,
  );
  return report.ok ? 0 : 1;
}

/** Runs one command line (without `node cli.ts`) and gives its exit code; prints as it goes. */
export async function workflowCommand(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case "check":
      return check(rest);
    case "replay":
      return replay(rest[0], rest[1]);
    case "new":
      return newServiceCommand(rest, {
        workflowsDir: WORKFLOWS,
        usage: USAGE,
        today: formatIsoDate(new Date()),
      });
    case "record":
      return recordCommand(rest, {
        usage: USAGE,
        validate: validateAnswers,
        workflowFile: workflowPath,
        offices: readOfficeDirectory(CONTENT),
        today: formatIsoDate(new Date()),
      });
    case "map":
      return mapCommand(rest);
    default:
      console.error(USAGE);
      return 2;
  }
}

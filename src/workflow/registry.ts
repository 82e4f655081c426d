/**
 * Loading the services: every `<name>.json` directly in the workflows folder. A file that does not
 * parse is refused with its path and reason, and the others load: one broken service never takes
 * the site down.
 */

import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { compileWorkflowText } from "../app/components/RichText/workflow-markdown.server";
import { readContent } from "../content-service/load";
import { WORKFLOW_MALFORMED, WorkflowError } from "./errors";
import { parseJsonText } from "./json-syntax";
import { bindOfficeDetails, type OfficeDirectory, officeDirectory } from "./office-details";
import { type ParseOptions, parseWorkflow } from "./parse";
import { compileTexts } from "./rich-texts";
import type { Problem, Workflow } from "./types";

export interface LoadOptions extends ParseOptions {
  /** Office details for `content` texts; loadWorkflows reads them from `contentDir` when absent. */
  offices?: OfficeDirectory;
  /** Where content/ is; defaults to the `content` folder beside the workflows folder. */
  contentDir?: string;
}

/** The office details of content/ (agencies and site.yaml), for `content` texts in workflows. */
export function readOfficeDirectory(contentDir: string): OfficeDirectory {
  return officeDirectory(readContent(contentDir).docs);
}

export type LoadResult =
  | { workflow: Workflow; problem?: undefined }
  | { workflow?: undefined; problem: Problem };

function refused(file: string, spec: string, path: Problem["path"], detail?: string): LoadResult {
  return {
    problem: {
      file,
      path,
      message: detail ? `${spec}: ${detail}` : spec,
      severity: "error",
      rule: "parse",
      spec,
      ...(detail ? { detail } : {}),
    },
  };
}

/** One workflow file, or why it was refused. */
export async function loadWorkflowFile(file: string, options: LoadOptions = {}): Promise<LoadResult> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    return refused(file, WORKFLOW_MALFORMED, [], `cannot read the file (${(error as Error).message})`);
  }
  let json: unknown;
  try {
    json = parseJsonText(text);
  } catch (error) {
    return refused(file, WORKFLOW_MALFORMED, [], (error as Error).message);
  }
  try {
    const workflow = parseWorkflow(json, file, options);
    const [unbound] = options.offices ? bindOfficeDetails(workflow, options.offices) : [];
    if (unbound) return { problem: unbound };
    // Links and emphasis become HTML now, so neither the server nor the browser parses Markdown.
    compileTexts(workflow, compileWorkflowText);
    return { workflow };
  } catch (error) {
    if (!(error instanceof WorkflowError)) throw error;
    return refused(file, error.message, error.path, error.detail);
  }
}

/** The `.json` files directly in `dir` (recordings and tests live in sub-folders), sorted. */
export async function workflowFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => join(dir, entry.name))
    .sort();
}

/** Every service in `dir` by name, the files refused, and the office details they were bound with. */
export async function loadWorkflows(
  dir: string,
  options: LoadOptions = {},
): Promise<{ workflows: Map<string, Workflow>; problems: Problem[]; offices: OfficeDirectory }> {
  const workflows = new Map<string, Workflow>();
  const problems: Problem[] = [];
  const offices = options.offices ?? readOfficeDirectory(options.contentDir ?? join(dirname(dir), "content"));
  for (const file of await workflowFiles(dir)) {
    const loaded = await loadWorkflowFile(file, { ...options, offices });
    if (loaded.workflow) workflows.set(loaded.workflow.name, loaded.workflow);
    else problems.push(loaded.problem);
  }
  return { workflows, problems, offices };
}

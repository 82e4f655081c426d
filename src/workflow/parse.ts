/**
 * The parser: a workflow file in, a typed, self-contained Workflow out, or the spec's errors with
 * the offending JSON path.
 *
 * `readWorkflow` collects every problem that stops a file loading (lint shows them all at once);
 * `parseWorkflow` throws the first as a WorkflowError (start-up refuses the file with it).
 */

import { Ajv } from "ajv";
import { conditionProblems } from "../forms/theme/schema-matcher";
import { readChoices } from "./choices";
import { definitions as bundledDefinitions } from "./definitions";
import {
  CONFIG_MALFORMED,
  GRAPH_COMPOSITE_MALFORMED,
  nodesDoNotExist,
  WORKFLOW_MALFORMED,
  WorkflowError,
} from "./errors";
import { fileSchemaProblems } from "./file-schema";
import { localizeSchema } from "./localize";
import { type Documents, inlineRefs, RefError } from "./refs";
import type { JSONSchema, JsonPath, Problem, Screen, ScreenNodeFile, Workflow, WorkflowFile } from "./types";

export interface ParseOptions {
  /** Shared field definitions by "definitions/<file>.json"; defaults to schemas/definitions. */
  definitions?: Documents;
}

let schemaChecker: Ajv | undefined;

/** Whether a screen's schema is itself a valid JSON Schema (draft-07, as react-jsonschema-form uses). */
function jsonSchemaErrors(schema: JSONSchema): string | undefined {
  schemaChecker ??= new Ajv({ strict: false, validateSchema: true });
  if (schemaChecker.validateSchema(localizeSchema(schema, "en"))) return undefined;
  return schemaChecker.errorsText(schemaChecker.errors, { dataVar: "schema" });
}

function problem(file: string, path: JsonPath, spec: string, detail?: string): Problem {
  return {
    file,
    path,
    message: detail ? `${spec}: ${detail}` : spec,
    severity: "error",
    rule: "parse",
    spec,
    ...(detail ? { detail } : {}),
  };
}

function baseName(file: string): string | undefined {
  const match = /([^/\\]+)\.json$/.exec(file);
  return match?.[1];
}

/**
 * The repeated group's array, built around the item schema staff write. Each item is headed by
 * the repeat's `itemTitle` ("Property Address #1") unless the item schema has a title of its own.
 */
function repeatSchema(
  item: JSONSchema,
  repeat: { max: number; min?: number; itemTitle?: unknown },
): JSONSchema {
  const titled =
    item.title === undefined && repeat.itemTitle !== undefined ? { ...item, title: repeat.itemTitle } : item;
  return { type: "array", items: titled, minItems: repeat.min ?? 1, maxItems: repeat.max };
}

function buildScreen(
  node: ScreenNodeFile,
  index: number,
  file: string,
  documents: Documents,
  problems: Problem[],
): Screen {
  const config = node.data.config ?? {};
  const lens: JsonPath = ["nodes", index];
  const configPath: JsonPath = [...lens, "data", "config"];
  const screen: Screen = {
    name: node.name,
    id: node.data.id,
    type: node.data.type,
    index,
    lens,
    title: config.title ?? node.name,
    content: config.content ?? [],
    uiSchema: config.uiSchema ?? {},
    next: config.next ?? [],
  };
  if (config.hint !== undefined) screen.hint = config.hint;
  if (config.call !== undefined) screen.call = config.call;
  if (config.followUp !== undefined) screen.followUp = config.followUp;
  if (config.buttonLabel !== undefined) screen.buttonLabel = config.buttonLabel;
  if (config.schema !== undefined) {
    let schema: JSONSchema | undefined;
    try {
      schema = inlineRefs(config.schema, documents);
    } catch (error) {
      if (!(error instanceof RefError)) throw error;
      problems.push(problem(file, [...configPath, "schema", ...error.path], CONFIG_MALFORMED, error.message));
    }
    if (schema) {
      const read = readChoices(schema, { repeated: config.repeat !== undefined });
      schema = read.schema;
      if (Object.keys(read.choices).length > 0) screen.choices = read.choices;
      if (Object.keys(read.filters).length > 0) screen.choiceFilters = read.filters;
      for (const misplaced of read.problems) {
        problems.push(
          problem(file, [...configPath, "schema", ...misplaced.path], CONFIG_MALFORMED, misplaced.detail),
        );
      }
      const invalid = jsonSchemaErrors(schema);
      if (invalid) {
        problems.push(
          problem(file, [...configPath, "schema"], CONFIG_MALFORMED, `not a valid JSON Schema: ${invalid}`),
        );
      } else if (schema.type !== "object") {
        problems.push(
          problem(
            file,
            [...configPath, "schema"],
            CONFIG_MALFORMED,
            'a screen\'s schema must be "type": "object"',
          ),
        );
      }
      for (const found of conditionProblems(schema)) {
        problems.push(
          problem(
            file,
            [...configPath, "schema", ...found.path, found.keyword],
            CONFIG_MALFORMED,
            `the form cannot decide "${found.keyword}" in a condition (an "if", or an option of a "oneOf" or an "anyOf") and would take it as met: check it outside the condition (docs/workflows.md, "Conditions inside a schema")`,
          ),
        );
      }
      if (config.repeat) {
        screen.repeat = config.repeat;
        screen.itemSchema = schema;
        screen.schema = repeatSchema(schema, config.repeat);
        if ((config.repeat.min ?? 1) > config.repeat.max) {
          problems.push(
            problem(file, [...configPath, "repeat", "min"], CONFIG_MALFORMED, "min is more than max"),
          );
        }
      } else {
        screen.schema = schema;
      }
    }
  }
  return screen;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** `data.config` defaults to {} (SPEC §3), on the workflow and on every node; the input is not changed. */
function applyConfigDefaults(json: Record<string, unknown>): Record<string, unknown> {
  const withConfig = (value: unknown): unknown =>
    isRecord(value) && isRecord(value.data) && value.data.config === undefined
      ? { ...value, data: { ...value.data, config: {} } }
      : value;
  const out = withConfig(json) as Record<string, unknown>;
  return Array.isArray(out.nodes) ? { ...out, nodes: out.nodes.map(withConfig) } : out;
}

/**
 * Every problem that stops the file loading. The workflow comes back as well whenever the file's
 * shape passed the schema, even with problems, so lint can go on to find the rest in one run;
 * only parseWorkflow decides that any problem refuses the file.
 */
export function readWorkflow(
  json: unknown,
  file: string,
  options: ParseOptions = {},
): { workflow: Workflow | undefined; problems: Problem[] } {
  if (!isRecord(json)) {
    return {
      workflow: undefined,
      problems: [problem(file, [], WORKFLOW_MALFORMED, "a workflow file is one JSON object { }")],
    };
  }
  const withDefaults = applyConfigDefaults(json);
  const schemaProblems = fileSchemaProblems(withDefaults, file);
  if (schemaProblems.length > 0) return { workflow: undefined, problems: schemaProblems };

  const source = withDefaults as unknown as WorkflowFile;
  const problems: Problem[] = [];
  const expected = baseName(file);
  if (expected !== undefined && expected !== source.name) {
    problems.push(
      problem(
        file,
        ["name"],
        WORKFLOW_MALFORMED,
        `the name "${source.name}" must be the file's name, "${expected}"`,
      ),
    );
  }
  const config = source.data.config as NonNullable<WorkflowFile["data"]["config"]>;

  const names = new Map<string, number>();
  const ids = new Map<string, number>();
  source.nodes.forEach((node, i) => {
    if (names.has(node.name)) {
      problems.push(
        problem(
          file,
          ["nodes", i, "name"],
          GRAPH_COMPOSITE_MALFORMED,
          `two screens are called "${node.name}"`,
        ),
      );
    } else names.set(node.name, i);
    if (ids.has(node.data.id)) {
      problems.push(
        problem(
          file,
          ["nodes", i, "data", "id"],
          GRAPH_COMPOSITE_MALFORMED,
          `two screens have the id "${node.data.id}"`,
        ),
      );
    } else ids.set(node.data.id, i);
  });

  if (!names.has(config.start)) {
    problems.push(problem(file, ["data", "config", "start"], nodesDoNotExist(config.start)));
  }
  const documents = options.definitions ?? bundledDefinitions;
  const screens = source.nodes.map((node, i) => buildScreen(node, i, file, documents, problems));
  for (const screen of screens) {
    screen.next.forEach((transition, k) => {
      if (!names.has(transition.to)) {
        problems.push(
          problem(file, [...screen.lens, "data", "config", "next", k, "to"], nodesDoNotExist(transition.to)),
        );
      }
    });
    screen.content.forEach((block, k) => {
      if (block.kind === "table") return;
      for (const [key, entry] of Object.entries(block.replace ?? {})) {
        if (entry.type === "reference" && !names.has(entry.screen)) {
          problems.push(
            problem(
              file,
              [...screen.lens, "data", "config", "content", k, "replace", key, "screen"],
              nodesDoNotExist(entry.screen),
            ),
          );
        }
      }
    });
  }

  const workflow: Workflow = {
    name: source.name,
    file,
    id: source.data.id,
    title: config.title,
    start: config.start,
    screens,
  };
  if (config.description !== undefined) workflow.description = config.description;
  if (config.demo === true) workflow.demo = true;
  if (config.bindings !== undefined && config.bindings.length > 0) workflow.bindings = config.bindings;
  if (config.prefill !== undefined) workflow.prefill = config.prefill;
  if (config.receipt !== undefined) workflow.receipt = config.receipt;
  if (config.statusTool !== undefined) workflow.statusTool = config.statusTool;
  if (config.notice !== undefined) workflow.notice = config.notice;
  if (config.delivery !== undefined) {
    const { email, webhook } = config.delivery;
    workflow.delivery = {};
    if (email) workflow.delivery.email = { to: email.to, language: email.language ?? "en" };
    if (webhook) workflow.delivery.webhook = { urlEnv: webhook.urlEnv, secretEnv: webhook.secretEnv };
  }
  if (config.statuses !== undefined) {
    // The staff console and the residents' lookup find a status by its id: two alike are one too many.
    const seen = new Set<string>();
    config.statuses.forEach((status, i) => {
      if (seen.has(status.id)) {
        problems.push(
          problem(
            file,
            ["data", "config", "statuses", i, "id"],
            CONFIG_MALFORMED,
            `two statuses have the id "${status.id}"`,
          ),
        );
      }
      seen.add(status.id);
    });
    workflow.statuses = config.statuses;
  }
  return { workflow, problems };
}

/** The typed workflow, or a WorkflowError (the spec's message, the JSON path, the file). */
export function parseWorkflow(json: unknown, file: string, options: ParseOptions = {}): Workflow {
  const { workflow, problems } = readWorkflow(json, file, options);
  const first = problems[0];
  if (first !== undefined || workflow === undefined) {
    throw new WorkflowError(first?.spec ?? WORKFLOW_MALFORMED, first?.path ?? [], file, first?.detail);
  }
  return workflow;
}

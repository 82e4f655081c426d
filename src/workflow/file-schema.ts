/**
 * Checks a workflow file against schemas/workflow.schema.json, the contract for staff, and turns
 * AJV's errors into the spec's parser messages with a plain explanation and the JSON path.
 *
 * This is AJV used directly on the file, not the validation catalogue: the catalogue speaks to
 * residents about their answers; this speaks to staff about their file.
 */

import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import workflowSchema from "../../schemas/workflow.schema.json";
import {
  CONFIG_MALFORMED,
  GRAPH_COMPOSITE_MALFORMED,
  PARAMS_MISSING,
  pointerToPath,
  WORKFLOW_MALFORMED,
} from "./errors";
import type { JsonPath, Problem } from "./types";

let compiled: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({
      allErrors: true,
      verbose: true,
      strict: true,
      strictTypes: false,
      strictRequired: false,
      // Ajv's optimising pass over the generated code took a third of the compile (~70 of
      // ~200 ms of a server start) to speed up a function run once per workflow file.
      code: { optimize: false },
    });
    compiled = ajv.compile(workflowSchema);
  }
  return compiled;
}

/** Which of the spec's messages covers a problem at this place in the file. */
export function specMessageAt(path: JsonPath): string {
  if (path[0] === "data") return path[1] === "config" ? CONFIG_MALFORMED : WORKFLOW_MALFORMED;
  if (path[0] !== "nodes" || path.length < 2) return WORKFLOW_MALFORMED;
  return path[2] === "data" && path[3] === "config" ? CONFIG_MALFORMED : GRAPH_COMPOSITE_MALFORMED;
}

function read(root: unknown, path: JsonPath): unknown {
  let node = root;
  for (const part of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  return node;
}

const TYPE_WORDS: Record<string, string> = {
  string: "a text",
  object: "an object { }",
  array: "a list [ ]",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
};

const defs = workflowSchema.$defs as Record<string, unknown>;

const OPERATORS = "equals, notEquals, in, gt, gte, lt, lte, exists or ageAtLeast";

function explain(error: ErrorObject, root: unknown): string {
  const params = error.params as Record<string, unknown>;
  // Which definition failed, told by the schema object itself (AJV's schemaPath is relative to it).
  const inComparison = error.parentSchema === defs.comparison;
  switch (error.keyword) {
    case "required":
      return `"${String(params.missingProperty)}" is required`;
    case "additionalProperties":
      return inComparison
        ? `"${String(params.additionalProperty)}" is not a condition: use ${OPERATORS}`
        : `"${String(params.additionalProperty)}" is not a known setting here`;
    case "propertyNames": {
      const screenType = read(root, [...pointerToPath(error.instancePath).slice(0, -1), "type"]);
      return `"${String(params.propertyName)}" is not allowed on a ${String(screenType)} screen`;
    }
    case "type":
      return `must be ${TYPE_WORDS[String(params.type)] ?? String(params.type)}`;
    case "const":
      return `must be ${JSON.stringify(params.allowedValue)}`;
    case "enum":
      return `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "pattern": {
      const value = JSON.stringify(read(root, pointerToPath(error.instancePath)));
      if (error.parentSchema === defs.fieldPath) {
        return `${value} must be a field path: the screen's name, a dot, then the field (applicant.email)`;
      }
      if (error.parentSchema === (defs.bound as { else?: unknown }).else)
        return `${value} must be a number, a date (mm/dd/yyyy) or "today"`;
      return `${value} must use only lower-case letters, digits and single hyphens (like check-answers)`;
    }
    case "minProperties":
      return inComparison ? `a condition names a field and one operator (${OPERATORS})` : "must not be empty";
    case "maxProperties":
      return inComparison
        ? `a condition has exactly one operator (${OPERATORS})`
        : (error.message ?? "too many");
    case "minItems":
      return `needs at least ${String(params.limit)} ${Number(params.limit) === 1 ? "entry" : "entries"}`;
    case "minLength":
      return Number(params.limit) === 1
        ? "must not be empty"
        : `needs at least ${String(params.limit)} characters`;
    default:
      return error.message ?? error.keyword;
  }
}

/** Every way the file breaks the contract, one problem per place and reason. */
export function fileSchemaProblems(json: unknown, file: string): Problem[] {
  const validate = validator();
  if (validate(json)) return [];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of validate.errors ?? []) {
    // 'must match "then" schema' repeats, less precisely, the errors found inside the branch.
    if (error.keyword === "if") continue;
    // propertyNames also reports the enum it failed against; its own error says it better.
    if (error.keyword === "enum" && (error as { propertyName?: string }).propertyName !== undefined) continue;
    const path = pointerToPath(error.instancePath);
    const params = error.params as Record<string, unknown>;
    const isMissingParams =
      error.keyword === "required" &&
      params.missingProperty === "params" &&
      (path[path.length - 1] === "call" || path[path.length - 2] === "followUp");
    const message = isMissingParams ? PARAMS_MISSING : specMessageAt(path);
    const detail = explain(error, json);
    const key = `${JSON.stringify(path)}|${message}|${detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({
      file,
      path: isMissingParams ? [...path, "params"] : path,
      message: isMissingParams ? message : `${message}: ${detail}`,
      severity: "error",
      rule: "schema",
      spec: message,
      ...(isMissingParams ? {} : { detail }),
    });
  }
  return problems;
}

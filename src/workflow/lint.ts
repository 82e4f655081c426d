/**
 * `workflow check`: everything the parser refuses, and what it lets through but a resident or a
 * translator would trip on: screens nobody can reach, screens with no way out, transitions to
 * screens that do not exist, conditions on fields that do not exist, fields without a label, texts
 * without Spanish, office details written out instead of taken from content/, titles that repeat
 * the "(optional)" the form adds by itself, required fields the form never shows, documents fields
 * where no file is taken (lint-required.ts, lint-documents.ts). Malformed screens do not hide the rest of the file:
 * lint goes on with stand-ins for them (salvage.ts).
 */

import enForms from "../../locales/en/forms.json";
import esForms from "../../locales/es/forms.json";
import { workflowCatalog } from "./catalog";
import { screenForm } from "./form";
import { guardFields } from "./guards";
import { lintAnswerTexts } from "./lint-answer-texts";
import { lintBindings } from "./lint-bindings";
import { lintChoiceFilters } from "./lint-choice-filters";
import { lintCrossFieldRules } from "./lint-cross-field";
import { lintDocuments, uploadFieldsAnywhere } from "./lint-documents";
import { type LinkLintOptions, lintLinks } from "./lint-links";
import { lintRequired } from "./lint-required";
import { lintWidgets } from "./lint-widgets";
import { type Catalog, isTextObject, lookupKey, mapSchema, writtenText } from "./localize";
import { type OfficeDirectory, officeValueProblem } from "./office-details";
import { type ParseOptions, readWorkflow } from "./parse";
import { prefillProblems } from "./prefill";
import { salvageScreens } from "./salvage";
import { isEndType } from "./screens";
import { hasWriteOnly } from "./sensitive";
import type { JSONSchema, JsonPath, Problem, Screen, Severity, Workflow } from "./types";

export interface LintOptions extends ParseOptions, LinkLintOptions {
  /** Office details from content/, to check `content` texts; without it they are not checked. */
  offices?: OfficeDirectory;
  /** The workflow namespace's strings, for translation keys; defaults to locales/{en,es}/workflow.json. */
  catalog?: Catalog;
  /**
   * Compiles a screen's schema with the validation catalogue; throws when it refuses it. An error
   * with `path` (where in the schema, ending with the keyword) and `reason` is reported at that
   * place, and the schema is checked again without that keyword, to find the next one.
   */
  checkSchema?: (schema: JSONSchema) => void;
}

type Report = (path: JsonPath, message: string, rule: string, severity?: Severity) => void;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

// ── Graph ──────────────────────────────────────────────────────────────────────────────────────

function reachable(workflow: Workflow): Set<string> {
  const byName = new Map(workflow.screens.map((screen) => [screen.name, screen]));
  const seen = new Set<string>([workflow.start]);
  const queue = [workflow.start];
  while (queue.length > 0) {
    const screen = byName.get(queue.shift() as string);
    for (const transition of screen?.next ?? []) {
      if (!seen.has(transition.to)) {
        seen.add(transition.to);
        queue.push(transition.to);
      }
    }
  }
  return seen;
}

function lintGraph(workflow: Workflow, report: Report): void {
  const reached = reachable(workflow);
  for (const screen of workflow.screens) {
    if (!reached.has(screen.name)) {
      report(
        screen.lens,
        `screen "${screen.name}" cannot be reached from the start screen "${workflow.start}"`,
        "unreachable",
      );
    }
    const nextPath = [...screen.lens, "data", "config", "next"];
    if (isEndType(screen.type)) continue;
    const fallback = screen.next.findIndex((transition) => transition.when === undefined);
    if (fallback === -1) {
      report(
        nextPath,
        `dead end: every way out of "${screen.name}" has a condition, so some answers lead nowhere; leave "when" off the last one`,
        "dead-end",
      );
    } else if (fallback < screen.next.length - 1) {
      report(
        [...nextPath, fallback + 1],
        "this transition is never used: the one before it has no condition, so it always wins",
        "unused-transition",
        "warning",
      );
    }
  }
}

// ── Fields ─────────────────────────────────────────────────────────────────────────────────────

/** Why a field path names nothing, or undefined when it names a field. */
export function unknownFieldReason(workflow: Workflow, field: string): string | undefined {
  const [screenName = "", ...rest] = field.split(".");
  const screen = workflow.screens.find((s) => s.name === screenName);
  if (!screen) return `there is no screen "${screenName}"`;
  if (rest[0] === "$result")
    return screen.call ? undefined : `screen "${screenName}" makes no integration call`;
  if (!screen.schema) return `screen "${screenName}" asks no questions`;
  let schema: JSONSchema = screen.schema;
  for (const part of rest) {
    if (isObject(schema.properties) && isObject(schema.properties[part])) {
      schema = schema.properties[part] as JSONSchema;
    } else if (/^\d+$/.test(part) && isObject(schema.items)) {
      schema = schema.items as JSONSchema;
    } else {
      return `screen "${screenName}" has no field "${part}"`;
    }
  }
  return undefined;
}

function lintFields(workflow: Workflow, report: Report, uncertain: ReadonlySet<string>): void {
  const check = (field: string, path: JsonPath, what: string) => {
    // A stand-in's fields are not the author's (salvage.ts): nothing can be said about them.
    if (uncertain.has(field.split(".")[0] ?? "")) return;
    const reason = unknownFieldReason(workflow, field);
    if (reason) report(path, `${what} on an unknown field "${field}": ${reason}`, "unknown-field");
  };
  for (const screen of workflow.screens) {
    const configPath = [...screen.lens, "data", "config"];
    screen.next.forEach((transition, k) => {
      if (!transition.when) return;
      for (const { field, path } of guardFields(transition.when)) {
        check(field, [...configPath, "next", k, "when", ...path], "condition");
      }
    });
    const calls = [
      ...(screen.call ? [{ call: screen.call, path: [...configPath, "call"] }] : []),
      ...(screen.followUp ?? []).map((call, k) => ({ call, path: [...configPath, "followUp", k] })),
    ];
    for (const { call, path } of calls) {
      for (const [name, param] of Object.entries(call.params)) {
        if (isObject(param) && typeof param.field === "string") {
          check(param.field, [...path, "params", name, "field"], "parameter");
        }
      }
    }
    screen.content.forEach((block, k) => {
      const blockPath = [...configPath, "content", k];
      if (block.when) {
        for (const { field, path } of guardFields(block.when)) {
          check(field, [...blockPath, "when", ...path], "condition");
        }
      }
      if (block.kind === "table") check(block.rows, [...blockPath, "rows"], "table");
    });
    for (const [name, choices] of Object.entries(screen.choices ?? {})) {
      check(choices.from, [...configPath, "schema", "properties", name, "choicesFrom", "from"], "choices");
    }
  }
  if (workflow.receipt)
    check(workflow.receipt.emailField, ["data", "config", "receipt", "emailField"], "receipt e-mail");
}

// ── Screens' schemas: labels, choices, the catalogue ───────────────────────────────────────────

function hasChoiceLabels(schema: JSONSchema, ui: Record<string, unknown>): boolean {
  if (Array.isArray(ui["ui:enumNames"])) return true;
  const options = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(options) && options.length > 0) {
    return options.every(
      (option) => !isObject(option) || option.const === undefined || option.title !== undefined,
    );
  }
  return !Array.isArray(schema.enum) || schema.type === "boolean";
}

function uiAt(ui: unknown, path: JsonPath): Record<string, unknown> {
  let node: unknown = ui;
  for (const part of path) {
    if (part === "properties") continue;
    node = isObject(node) ? node[part === "items" ? "items" : String(part)] : undefined;
  }
  return isObject(node) ? node : {};
}

/** Whether `path` is strictly inside the node at `parent`. */
function isInside(path: JsonPath, parent: JsonPath): boolean {
  return path.length > parent.length && parent.every((part, i) => path[i] === part);
}

function lintScreenSchema(screen: Screen, options: LintOptions, report: Report): void {
  const schemaPath = [...screen.lens, "data", "config", "schema"];
  const itemPrefix: JsonPath = screen.repeat ? ["items"] : [];
  if (screen.schema) {
    // A documents field's items are file references the engine fills in, never questions.
    const documents = uploadFieldsAnywhere(screen.schema).map(({ path }) => path);
    mapSchema(screen.schema, (node, path) => {
      if (documents.some((field) => isInside(path, field))) return node;
      const local = path.slice(itemPrefix.length);
      const where = [...schemaPath, ...local];
      const ui = uiAt(screen.repeat ? { items: screen.uiSchema } : screen.uiSchema, path);
      const name = path[path.length - 1];
      const isProperty = path[path.length - 2] === "properties";
      if (
        isProperty &&
        node.title === undefined &&
        ui["ui:title"] === undefined &&
        ui["ui:widget"] !== "hidden"
      ) {
        report(
          where,
          `field "${String(name)}" has no label: give it a "title" in English and Spanish`,
          "label",
        );
      }
      if (isProperty && !hasChoiceLabels(node, ui)) {
        report(
          where,
          `the choices of "${String(name)}" have no labels: list them as "oneOf": [{ "const": ..., "title": {"en": ..., "es": ...} }]`,
          "label",
        );
      }
      return node;
    });
  }
  if (hasWriteOnly(screen.schema) && !screen.call) {
    report(
      schemaPath,
      "writeOnly fields are never stored, and this screen makes no call that could use them",
      "write-only",
      "warning",
    );
  }
  if (options.checkSchema) lintCatalogue(screen, options.checkSchema, report);
}

/** Where a catalogue refusal points, when it says: the path in the schema and the plain reason. */
function refusalAt(error: unknown): { path: JsonPath; reason: string } | undefined {
  const { path, reason } = (error ?? {}) as { path?: unknown; reason?: unknown };
  if (!Array.isArray(path) || typeof reason !== "string") return undefined;
  return { path: path as JsonPath, reason };
}

function withoutKeyword(schema: JSONSchema, path: JsonPath): JSONSchema {
  const copy = structuredClone(schema);
  let node: unknown = copy;
  for (const part of path.slice(0, -1)) node = (node as Record<string | number, unknown>)?.[part];
  if (isObject(node)) delete node[String(path[path.length - 1])];
  return copy;
}

/** Every keyword value the catalogue refuses, each at its own place (the catalogue stops at the first). */
const MAX_REFUSALS = 20;

function lintCatalogue(screen: Screen, checkSchema: (schema: JSONSchema) => void, report: Report): void {
  const schemaPath = [...screen.lens, "data", "config", "schema"];
  const itemPrefix = screen.repeat ? 1 : 0;
  let schema = screenForm(screen, "en").schema;
  for (let n = 0; schema && n < MAX_REFUSALS; n++) {
    try {
      checkSchema(schema);
      return;
    } catch (error) {
      const refusal = refusalAt(error);
      if (!refusal) {
        report(
          schemaPath,
          `config is malformed: the validation catalogue refuses this schema (${(error as Error).message})`,
          "catalogue",
        );
        return;
      }
      report([...schemaPath, ...refusal.path.slice(itemPrefix)], refusal.reason, "catalogue");
      schema = withoutKeyword(schema, refusal.path);
    }
  }
}

// ── Field titles: "(optional)" ─────────────────────────────────────────────────────────────────

/** What the form adds after the label of a field that is not required ("(optional)", "(opcional)"). */
const OPTIONAL_MARKERS = { en: enForms.optional, es: esForms.optional };

function lintOptionalTitles(screen: Screen, catalog: Catalog, report: Report): void {
  if (!screen.schema) return;
  const schemaPath = [...screen.lens, "data", "config", "schema"];
  const uiPath = [...screen.lens, "data", "config", "uiSchema"];
  const itemDepth = screen.repeat ? 1 : 0;
  const check = (text: unknown, where: JsonPath) => {
    for (const locale of ["en", "es"] as const) {
      const written = writtenText(text, locale, catalog);
      const marker = OPTIONAL_MARKERS[locale];
      if (typeof written === "string" && written.trim().toLowerCase().endsWith(marker.toLowerCase())) {
        report(
          where,
          `the label "${written}" ends with "${marker}": the form adds "${marker}" by itself after the label of every field that is not required, so it would show twice; leave it out`,
          "optional-title",
          "warning",
        );
      }
    }
  };
  mapSchema(screen.schema, (node, path) => {
    if (path[path.length - 2] !== "properties") return node;
    const local = path.slice(itemDepth);
    check(node.title, [...schemaPath, ...local, "title"]);
    const ui = uiAt(screen.repeat ? { items: screen.uiSchema } : screen.uiSchema, path);
    const uiLocal = local.filter((part) => part !== "properties");
    check(ui["ui:title"], [...uiPath, ...uiLocal, "ui:title"]);
    return node;
  });
}

// ── Texts: Spanish and translation keys ────────────────────────────────────────────────────────

const TEXT_KEYS = new Set([
  "title",
  "hint",
  "description",
  "buttonLabel",
  "itemTitle",
  "addLabel",
  "text",
  "message",
  "header",
  "caption",
  "empty",
]);
const UI_TEXT_KEYS = new Set(["ui:title", "ui:description", "ui:help", "ui:placeholder", "ui:enumNames"]);

function checkKey(key: string, path: JsonPath, catalog: Catalog, report: Report): void {
  if (lookupKey(catalog.en, key) === undefined) {
    report(
      path,
      `"${key}" is neither {"en": ..., "es": ...} nor a key of locales/en/workflow.json`,
      "translation",
    );
  } else if (lookupKey(catalog.es, key) === undefined) {
    report(path, `missing Spanish text: add "${key}" to locales/es/workflow.json`, "spanish");
  }
}

function lintTexts(source: unknown, workflow: Workflow, catalog: Catalog, report: Report): void {
  const walk = (value: unknown, path: JsonPath, key: string | number | undefined, inUi: boolean): void => {
    if (isTextObject(value)) {
      if (value.es === undefined) report(path, `missing Spanish text for "${value.en}"`, "spanish");
      return;
    }
    if (typeof value === "string") {
      const isText = inUi ? UI_TEXT_KEYS.has(String(key)) : TEXT_KEYS.has(String(key));
      if (isText) checkKey(value, path, catalog, report);
      return;
    }
    if (Array.isArray(value)) {
      for (const [i, entry] of value.entries()) {
        walk(entry, [...path, i], key === "message" || key === "ui:enumNames" ? key : i, inUi);
      }
      return;
    }
    if (!isObject(value)) return;
    for (const [k, entry] of Object.entries(value)) {
      // Schemas are checked once their $refs are inlined, below, so definitions are covered too;
      // params are values sent to a city system, not texts shown to anyone.
      if ((k === "schema" || k === "params") && !inUi) continue;
      walk(entry, [...path, k], k, inUi || k === "uiSchema");
    }
  };
  walk(source, [], undefined, false);

  for (const screen of workflow.screens) {
    for (const [name, choices] of Object.entries(screen.choices ?? {})) {
      const where = [...screen.lens, "data", "config", "schema", "properties", name, "choicesFrom", "label"];
      if (isTextObject(choices.label) && choices.label.es === undefined) {
        report(where, `missing Spanish text for "${choices.label.en}"`, "spanish");
      } else if (typeof choices.label === "string") {
        checkKey(choices.label, where, catalog, report);
      }
    }
    if (!screen.schema) continue;
    const schemaPath = [...screen.lens, "data", "config", "schema"];
    const itemDepth = screen.repeat ? 1 : 0;
    mapSchema(screen.schema, (node, path) => {
      for (const keyword of ["title", "description"]) {
        const text = node[keyword];
        const where = [...schemaPath, ...path.slice(itemDepth), keyword];
        if (isTextObject(text) && text.es === undefined) {
          report(where, `missing Spanish text for "${text.en}"`, "spanish");
        } else if (typeof text === "string" && keyword === "title") {
          checkKey(text, where, catalog, report);
        }
      }
      return node;
    });
  }
}

// ── Office details ─────────────────────────────────────────────────────────────────────────────

/**
 * An e-mail address, a phone number or a street address written out in a workflow: office details
 * come from content/ through a `content` text (docs/workflows.md §10), so they are never retyped
 * and never drift from the agency's page.
 */
const WRITTEN_OUT: { what: string; pattern: RegExp }[] = [
  { what: "an e-mail address", pattern: /[\w.+-]+@[\w-]+(\.[\w-]+)+/ },
  { what: "a phone number", pattern: /\(\d{3}\)\s?\d{3}-\d{4}|\b\d{3}[-.]\d{3}[-.]\d{4}\b/ },
  {
    what: "a street address",
    pattern:
      /\b\d{1,6}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][\w'-]*\s+){1,3}(?:St|Street|Ave|Avenue|Rd|Road|Dr|Drive|Blvd|Boulevard|Ln|Lane|Way|Ct|Court|Pl|Place|Pkwy|Parkway)\b/,
  },
];

/** Where a file writes addresses no resident reads: the department's inbox a submission goes to. */
const NOT_SHOWN = JSON.stringify(["data", "config", "delivery"]);

function lintOfficeDetails(json: unknown, options: LintOptions, report: Report): void {
  const walk = (value: unknown, path: JsonPath): void => {
    if (JSON.stringify(path) === NOT_SHOWN) return;
    if (typeof value === "string") {
      for (const { what, pattern } of WRITTEN_OUT) {
        const found = pattern.exec(value);
        if (found) {
          report(
            path,
            `${what} is written out ("${found[0]}"): take office details from content/ with a "content" text (docs/workflows.md, section 10)`,
            "office-details",
          );
        }
      }
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((entry, i) => {
        walk(entry, [...path, i]);
      });
    } else if (isObject(value)) {
      if (value.type === "content" && typeof value.field === "string" && options.offices) {
        const entry = { type: "content" as const, field: value.field };
        const problem = officeValueProblem(
          options.offices,
          typeof value.agency === "string" ? { ...entry, agency: value.agency } : entry,
        );
        if (problem) report(path, `${problem}: the text would show a gap`, "office-details");
      }
      for (const [key, entry] of Object.entries(value)) walk(entry, [...path, key]);
    }
  };
  walk(json, []);
}

// ── Other ──────────────────────────────────────────────────────────────────────────────────────

function lintSubmission(workflow: Workflow, report: Report): void {
  for (const screen of workflow.screens) {
    if (screen.type === "check-answers" && !screen.call) {
      report(
        [...screen.lens, "data", "config"],
        `check-answers screen "${screen.name}" has no "call": the answers would be sent nowhere`,
        "no-submit",
        "warning",
      );
    }
  }
}

/** A delivery happens when the answers are stored (the `submit` integration); a webhook's two settings differ. */
function lintDelivery(workflow: Workflow, report: Report): void {
  const delivery = workflow.delivery;
  if (!delivery) return;
  const path: JsonPath = ["data", "config", "delivery"];
  const calls = workflow.screens.flatMap((screen) => [
    ...(screen.call ? [screen.call] : []),
    ...(screen.followUp ?? []),
  ]);
  if (!calls.some((call) => call.integration === "submit")) {
    report(
      path,
      'no screen sends the answers with the "submit" integration, so nothing is ever delivered: deliveries go out when a submission is stored',
      "delivery",
      "warning",
    );
  }
  const webhook = delivery.webhook;
  if (webhook && webhook.urlEnv === webhook.secretEnv) {
    report(
      [...path, "webhook", "secretEnv"],
      `the webhook's address and its secret are both read from ${webhook.urlEnv}: name two different environment variables`,
      "delivery",
    );
  }
}

function comparePaths(a: JsonPath, b: JsonPath): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] as string | number;
    const y = b[i] as string | number;
    if (x === y) continue;
    if (typeof x === "number" && typeof y === "number") return x - y;
    return String(x) < String(y) ? -1 : 1;
  }
  return a.length - b.length;
}

/** Every problem lint finds in a workflow (read from `json`), besides those that stopped it parsing. */
function lintRead(
  json: unknown,
  workflow: Workflow,
  file: string,
  options: LintOptions,
  uncertain: ReadonlySet<string> = new Set(),
): Problem[] {
  const found: Problem[] = [];
  const seen = new Set<string>();
  const report: Report = (path, message, rule, severity = "error") => {
    const key = `${JSON.stringify(path)}|${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ file, path, message, severity, rule });
  };
  const catalog = options.catalog ?? workflowCatalog;
  lintGraph(workflow, report);
  lintFields(workflow, report, uncertain);
  for (const screen of workflow.screens) {
    lintScreenSchema(screen, options, report);
    lintOptionalTitles(screen, catalog, report);
    lintCrossFieldRules(screen, report);
    lintWidgets(screen, report);
    lintRequired(screen, report);
    lintDocuments(screen, report);
  }
  lintTexts(json, workflow, catalog, report);
  lintSubmission(workflow, report);
  lintDelivery(workflow, report);
  // A stand-in's fields are not the author's (salvage.ts): nothing can be said about them.
  const fieldReason = (w: Workflow, field: string) =>
    uncertain.has(field.split(".")[0] ?? "") ? undefined : unknownFieldReason(w, field);
  lintBindings(workflow, report, fieldReason);
  lintChoiceFilters(workflow, report, fieldReason);
  lintAnswerTexts(workflow, report, fieldReason);
  for (const { param, message } of prefillProblems(workflow))
    report(["data", "config", "prefill", param], message, "prefill");
  lintOfficeDetails(json, options, report);
  lintLinks(json, workflow, options, report);
  return found;
}

/**
 * Every problem of a workflow file (its parsed JSON), errors and warnings, in file order. Screens
 * that break the file's schema are reported, and the rest of the file is still checked.
 */
export function lintWorkflow(json: unknown, file: string, options: LintOptions = {}): Problem[] {
  const { workflow, problems } = readWorkflow(json, file, options);
  if (workflow) {
    return [...problems, ...lintRead(json, workflow, file, options)].sort((a, b) =>
      comparePaths(a.path, b.path),
    );
  }
  const salvaged = salvageScreens(json, problems, file, options);
  if (!salvaged) return problems;
  const found = [
    ...salvaged.problems,
    ...lintRead(json, salvaged.workflow, file, options, salvaged.uncertainScreens),
  ];
  return [...problems, ...found.filter(salvaged.trusts)].sort((a, b) => comparePaths(a.path, b.path));
}

/** Whether any problem is an error (what makes `workflow check` exit 1). */
export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((problem) => problem.severity === "error");
}

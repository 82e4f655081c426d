/**
 * Lint past malformed screens. When screens break the file's schema, the parser gives up on the
 * whole file; `salvageScreens` puts a stand-in in place of each broken screen (the broken part
 * replaced, everything else kept as written) so lint can go on and check the rest, then says
 * which of the problems found that way are about the author's file rather than about a stand-in.
 *
 * What is replaced: a bad name or id, a screen type that does not exist, a config setting that
 * is malformed or not allowed on the screen type, a transition's bad condition (by one that is
 * still a condition, so "dead end" and "never used" stay true) or bad target. Problems inside what
 * was replaced are dropped; so are "cannot be reached" once any target or screen name was lost,
 * "nodes do not exist" once any screen's name was lost, and conditions on the fields of a screen whose schema
 * or call was lost (the caller skips those, see `uncertainScreens`).
 *
 * Only screens are salvaged: a problem in the file's own frame (its name, data, the list of
 * nodes) still stops lint, with the schema's problems alone.
 */

import workflowSchema from "../../schemas/workflow.schema.json";
import { NODES_DO_NOT_EXIST } from "./errors";
import { type ParseOptions, readWorkflow } from "./parse";
import type { JsonPath, Problem, ScreenType, Workflow } from "./types";

type Json = Record<string, unknown>;

const defs = workflowSchema.$defs;
const NAME = new RegExp(defs.name.pattern);
const SCREEN_TYPES = defs.screenType.enum as ScreenType[];

/** Which config settings each screen type allows and needs, as the schema's screenData says. */
const CONFIG_RULES = new Map<ScreenType, { allowed: string[]; required: string[] }>(
  defs.screenData.allOf.flatMap((rule) => {
    const type = rule.if.properties.type as { const?: string; enum?: string[] };
    const config = rule.then.properties.config;
    const types = (type.enum ?? [type.const]) as ScreenType[];
    const allowed: string[] = config.propertyNames.enum;
    const required: string[] = config.required;
    return types.map((t) => [t, { allowed, required }] as const);
  }),
);

function rulesOf(type: ScreenType): { allowed: string[]; required: string[] } {
  return CONFIG_RULES.get(type) ?? { allowed: [], required: [] };
}

/** Placeholders for required settings that had to be dropped: valid, and saying nothing. */
const PLACEHOLDER: Record<string, unknown> = {
  title: { en: "-", es: "-" },
  schema: { type: "object", properties: {} },
  call: { integration: "submit", operation: "stand-in", params: {} },
};

function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function nodeIndex(path: JsonPath): number | undefined {
  return path[0] === "nodes" && typeof path[1] === "number" ? path[1] : undefined;
}

interface StandIn {
  name: string;
  nameKept: boolean;
  idKept: boolean;
  /** Every transition's target is the author's, and no way out was lost. */
  edgesKept: boolean;
  /** The schema and the call are the author's (conditions on this screen's fields can be checked). */
  fieldsKept: boolean;
  type: ScreenType;
  id: string;
  config: Json;
  /** Config settings kept as written. */
  kept: Set<string>;
  /** Transitions changed: only their condition ("when"), or rebuilt ("whole", target kept or not). */
  altered: Map<number, { part: "when" | "whole"; toKept: boolean }>;
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

/** A condition that is still a condition, on a field that does not exist (reported, then dropped). */
function standInGuard(standIn: StandIn): Json {
  return { field: `${standIn.name}.stand-in`, exists: true };
}

function buildStandIn(original: unknown, index: number, taken: Set<string>): StandIn {
  const node = isRecord(original) ? original : {};
  const data = isRecord(node.data) ? node.data : {};
  const nameKept = typeof node.name === "string" && NAME.test(node.name);
  const name = nameKept ? (node.name as string) : uniqueName(`malformed-screen-${index}`, taken);
  const idKept = typeof data.id === "string" && data.id.length > 0 && data.id.length <= defs.id.maxLength;
  const raw = isRecord(data.config) ? data.config : {};
  const configKnown = isRecord(node.data) && (data.config === undefined || isRecord(data.config));
  const typeKept = SCREEN_TYPES.includes(data.type as ScreenType);
  // An unknown type: a screen with ways out stays one; without, it is an end.
  const type = typeKept ? (data.type as ScreenType) : Array.isArray(raw.next) ? "question" : "exit";
  const standIn: StandIn = {
    name,
    nameKept,
    idKept,
    // A config left out is {} (SPEC §3): no ways out, no fields. One that is not an object hides both.
    edgesKept: configKnown,
    fieldsKept: configKnown,
    type,
    id: idKept ? (data.id as string) : `(stand-in for nodes[${index}])`,
    config: {},
    kept: new Set(),
    altered: new Map(),
  };
  const { allowed } = rulesOf(type);
  for (const [key, value] of Object.entries(raw)) {
    if (allowed.includes(key)) {
      standIn.config[key] = value;
      standIn.kept.add(key);
    } else {
      drop(standIn, key);
    }
  }
  fillRequired(standIn);
  return standIn;
}

function drop(standIn: StandIn, key: string): void {
  delete standIn.config[key];
  standIn.kept.delete(key);
  if (key === "next") standIn.edgesKept = false;
  if (key === "schema" || key === "call") standIn.fieldsKept = false;
}

function fillRequired(standIn: StandIn): void {
  for (const key of rulesOf(standIn.type).required) {
    if (standIn.config[key] !== undefined) continue;
    // No way out to keep: one back to itself, which lint finds nothing to say about.
    standIn.config[key] = key === "next" ? [{ to: standIn.name }] : PLACEHOLDER[key];
  }
}

function repairTransition(standIn: StandIn, k: number, rest: JsonPath): void {
  const next = [...(standIn.config.next as unknown[])];
  const transition = next[k];
  if (rest[0] === "when" && isRecord(transition)) {
    next[k] = { ...transition, when: standInGuard(standIn) };
    const previous = standIn.altered.get(k);
    standIn.altered.set(k, previous ?? { part: "when", toKept: true });
  } else {
    const to = isRecord(transition) && typeof transition.to === "string" && NAME.test(transition.to);
    if (!to) standIn.edgesKept = false;
    // Anything besides the target (a misspelt "when" too) means the author meant a condition.
    const conditional = isRecord(transition) && Object.keys(transition).some((key) => key !== "to");
    next[k] = {
      to: to ? (transition as Json).to : standIn.name,
      ...(conditional ? { when: standInGuard(standIn) } : {}),
    };
    standIn.altered.set(k, { part: "whole", toKept: to });
  }
  standIn.config.next = next;
}

/**
 * Replaces the config setting a schema problem (its path inside the screen) points into. Problems
 * with the screen's frame (name, id, type, a setting the type does not allow, a missing one) need
 * nothing more: the stand-in's frame is built anew.
 */
function repair(standIn: StandIn, path: JsonPath): void {
  const [data, config, key, k, ...rest] = path;
  if (data !== "data" || config !== "config" || typeof key !== "string") return;
  if (key === "next" && typeof k === "number" && Array.isArray(standIn.config.next)) {
    repairTransition(standIn, k, rest);
  } else {
    drop(standIn, key);
  }
  fillRequired(standIn);
}

function standInNode(standIn: StandIn): Json {
  return {
    type: "graph_composite",
    name: standIn.name,
    data: { id: standIn.id, type: standIn.type, config: standIn.config },
  };
}

export interface Salvage {
  /** The workflow with a stand-in for each malformed screen. */
  workflow: Workflow;
  /** What the parser found in it besides the schema (targets that do not exist, ...). */
  problems: Problem[];
  /** Screens whose schema or call is a stand-in's: conditions on their fields cannot be checked. */
  uncertainScreens: Set<string>;
  /** Whether a problem found in the salvaged workflow is about the author's file. */
  trusts: (problem: Problem) => boolean;
}

const MAX_ROUNDS = 8;

/**
 * The workflow with stand-ins for the screens `problems` (the schema's) point into, or undefined
 * when a problem lies outside the screens or the stand-ins do not settle.
 */
export function salvageScreens(
  json: unknown,
  problems: readonly Problem[],
  file: string,
  options: ParseOptions = {},
): Salvage | undefined {
  if (!isRecord(json) || !Array.isArray(json.nodes) || problems.length === 0) return undefined;
  if (problems.some((problem) => nodeIndex(problem.path) === undefined)) return undefined;
  const original = json.nodes as unknown[];
  const taken = new Set(
    original.flatMap((node) => (isRecord(node) && typeof node.name === "string" ? [node.name] : [])),
  );
  const standIns = new Map<number, StandIn>();
  let pending: readonly Problem[] = problems;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    for (const problem of pending) {
      const index = nodeIndex(problem.path);
      if (index === undefined || index >= original.length) return undefined;
      let standIn = standIns.get(index);
      if (!standIn) {
        standIn = buildStandIn(original[index], index, taken);
        standIns.set(index, standIn);
      }
      repair(standIn, problem.path.slice(2));
    }
    const nodes = original.map((node, i) => {
      const standIn = standIns.get(i);
      return standIn ? standInNode(standIn) : node;
    });
    const read = readWorkflow({ ...json, nodes }, file, options);
    if (read.workflow) return settled(read.workflow, read.problems, standIns);
    pending = read.problems;
  }
  return undefined;
}

function settled(workflow: Workflow, problems: Problem[], standIns: Map<number, StandIn>): Salvage {
  const all = [...standIns.values()];
  const edgesKept = all.every((s) => s.edgesKept);
  const namesKept = all.every((s) => s.nameKept);
  const trusts = (problem: Problem): boolean => {
    // A lost name loses the ways to it as well as its own.
    if (problem.rule === "unreachable") return edgesKept && namesKept;
    if (problem.message.startsWith(NODES_DO_NOT_EXIST) && !namesKept) return false;
    // Texts and office details are read from the file as written (lint walks the original).
    if (["spanish", "translation", "office-details"].includes(problem.rule)) return true;
    const index = nodeIndex(problem.path);
    const standIn = index === undefined ? undefined : standIns.get(index);
    return standIn ? trustsInside(standIn, problem.path.slice(2)) : true;
  };
  return {
    workflow,
    problems,
    uncertainScreens: new Set(all.filter((s) => !s.fieldsKept).map((s) => s.name)),
    trusts,
  };
}

function trustsInside(standIn: StandIn, path: JsonPath): boolean {
  if (path.length === 1 && path[0] === "name") return standIn.nameKept;
  if (path.length === 2 && path[0] === "data" && path[1] === "id") return standIn.idKept;
  const [data, config, key, k, part] = path;
  if (data !== "data" || config !== "config" || typeof key !== "string") return false;
  if (!standIn.kept.has(key)) return false;
  if (key !== "next" || typeof k !== "number") return true;
  const altered = standIn.altered.get(k);
  if (!altered) return true;
  if (part === "to") return altered.toKept && path.length === 5;
  return altered.part === "when" && part !== "when";
}

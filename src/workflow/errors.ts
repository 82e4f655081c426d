import type { JsonPath } from "./types";

/** The parser's messages, exactly as the spec writes them (SPEC §5). */
export const WORKFLOW_MALFORMED = "workflow is malformed";
export const GRAPH_COMPOSITE_MALFORMED = "graphComposite is malformed";
export const CONFIG_MALFORMED = "config is malformed";
export const NODES_DO_NOT_EXIST = "nodes do not exist on composite:";
export const PARAMS_MISSING = "params missing";

export function nodesDoNotExist(name: string): string {
  return `${NODES_DO_NOT_EXIST} ${name}`;
}

/** The screen lookup's messages (SPEC §2). */
export function screenNotFound(name: string): string {
  return `Could not find a screen with the name of ${name}`;
}
export const SCREEN_INDEX_TYPE = "screen_index is not of expected type";

/**
 * A workflow file the engine refuses. `message` is one of the spec's sentences, unchanged, so
 * callers can match on it; `detail` says in plain words what exactly is wrong.
 */
export class WorkflowError extends Error {
  override readonly name = "WorkflowError";
  readonly path: JsonPath;
  readonly file: string;
  readonly detail: string | undefined;

  constructor(message: string, path: JsonPath, file: string, detail?: string) {
    super(message);
    this.path = path;
    this.file = file;
    this.detail = detail;
  }

  /** 'workflows/x.json: nodes[2].data.config: config is malformed (title is required)'. */
  describe(): string {
    return `${this.file}: ${formatPath(this.path)}: ${this.message}${this.detail ? ` (${this.detail})` : ""}`;
  }
}

/** `nodes[2].data.config.next[0].to`; the root is `(root)`. */
export function formatPath(path: JsonPath): string {
  if (path.length === 0) return "(root)";
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/**
 * Where a problem is, as staff read it: the path, and the screen's name when it is inside a node
 * ("nodes[5].data.config.next[0].to (donation)"), so nobody has to count nodes.
 */
export function placeOf(path: JsonPath, json: unknown): string {
  const formatted = formatPath(path);
  if (path[0] !== "nodes" || typeof path[1] !== "number") return formatted;
  const nodes = (json as { nodes?: Array<{ name?: unknown }> } | null)?.nodes;
  const name = Array.isArray(nodes) ? nodes[path[1]]?.name : undefined;
  return typeof name === "string" ? `${formatted} (${name})` : formatted;
}

/** A JSON pointer (/nodes/2/data) as a path. */
export function pointerToPath(pointer: string): JsonPath {
  if (pointer === "" || pointer === "/") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

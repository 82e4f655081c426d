/**
 * Inlines `$ref`s into the shared field definitions (schemas/definitions/*.json), so a parsed
 * workflow is self-contained: the browser receives it as one JSON value and validators never need
 * to fetch anything.
 *
 * A ref in a workflow file is written from schemas/: "definitions/applicant.json#/properties/email".
 * A ref inside a definition is relative to that file: "common.json#/$defs/zip" or "#/$defs/zip".
 * Keywords beside a $ref refine the definition: { "$ref": "...", "title": {...} } keeps the
 * definition and replaces its title.
 */

import type { JSONSchema, JsonPath } from "./types";

export type Documents = Readonly<Record<string, JSONSchema>>;

export class RefError extends Error {
  readonly path: JsonPath;
  constructor(message: string, path: JsonPath) {
    super(message);
    this.path = path;
  }
}

const MAX_DEPTH = 32;
/** Values that are data, not schemas: a "$ref" in them is not a reference. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);
/** Keywords that only make sense in the definition's own file. */
const FILE_KEYWORDS = new Set(["$id", "$schema", "$defs", "definitions"]);

function resolveDocument(ref: string, base: string | null): string {
  const url = new URL(ref, `file:///${base ?? ""}`);
  return decodeURIComponent(url.pathname.slice(1));
}

function follow(document: unknown, fragment: string): unknown {
  if (fragment === "" || fragment === "/") return document;
  let node: unknown = document;
  for (const raw of fragment.slice(1).split("/")) {
    const part = decodeURIComponent(raw).replace(/~1/g, "/").replace(/~0/g, "~");
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The schema with every $ref replaced by what it points to. Throws RefError (with the path of the
 * offending $ref inside `schema`) for a ref to a missing file or place, or a ref cycle.
 */
export function inlineRefs(schema: JSONSchema, documents: Documents, base: string | null = null): JSONSchema {
  const walk = (value: unknown, path: JsonPath, docBase: string | null, depth: number): unknown => {
    if (Array.isArray(value)) return value.map((entry, i) => walk(entry, [...path, i], docBase, depth));
    if (value === null || typeof value !== "object") return value;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(record)) {
      if (key === "$ref" || FILE_KEYWORDS.has(key)) continue;
      out[key] = DATA_KEYWORDS.has(key) ? entry : walk(entry, [...path, key], docBase, depth);
    }
    const ref = record.$ref;
    if (ref === undefined) return out;
    if (typeof ref !== "string") throw new RefError("$ref must be a text", [...path, "$ref"]);
    if (depth >= MAX_DEPTH) throw new RefError(`$ref ${ref} refers to itself`, [...path, "$ref"]);
    const hash = ref.indexOf("#");
    const documentPart = hash === -1 ? ref : ref.slice(0, hash);
    const fragment = hash === -1 ? "" : ref.slice(hash + 1);
    if (documentPart === "" && docBase === null) {
      throw new RefError(`$ref ${ref} must name a file in schemas/definitions/`, [...path, "$ref"]);
    }
    const documentKey = documentPart === "" ? (docBase as string) : resolveDocument(documentPart, docBase);
    const document = documents[documentKey];
    if (!document) throw new RefError(`$ref ${ref}: there is no schemas/${documentKey}`, [...path, "$ref"]);
    const target = follow(document, fragment);
    if (target === undefined || target === null || typeof target !== "object") {
      throw new RefError(`$ref ${ref}: schemas/${documentKey} has nothing at #${fragment}`, [
        ...path,
        "$ref",
      ]);
    }
    const resolved = walk(target, [...path, "$ref"], documentKey, depth + 1) as Record<string, unknown>;
    return { ...resolved, ...out };
  };
  return walk(schema, [], base, 0) as JSONSchema;
}

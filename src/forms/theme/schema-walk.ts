/**
 * Small, Ajv-free readings of a JSON Schema that the theme and the form-body parser share: local
 * "$ref"s, the properties an object may have (including conditional ones), choice options, and the
 * schema found at a path.
 */

export type JsonSchema = Record<string, unknown>;

export const asSchema = (value: unknown): JsonSchema | undefined =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as JsonSchema) : undefined;

/** The schema a local "$ref" ("#/definitions/x") points at in `root`, or undefined. */
export function refTarget(ref: string, root: unknown): unknown {
  let target: unknown = root;
  for (const raw of ref.slice(1).replace(/^\//, "").split("/").filter(Boolean)) {
    target = asSchema(target)?.[raw.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return target;
}

/** Follows local "$ref"s ("#/definitions/x"); the referring schema's own keywords win. */
export function resolveSchema(schema: unknown, root: unknown, depth = 0): JsonSchema {
  const node = asSchema(schema) ?? {};
  const ref = node.$ref;
  if (typeof ref !== "string" || !ref.startsWith("#") || depth > 20) return node;
  const { $ref: _ref, ...own } = node;
  return { ...resolveSchema(refTarget(ref, root), root, depth + 1), ...own };
}

export function schemaType(schema: JsonSchema): string | undefined {
  const { type } = schema;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  if (schema.properties) return "object";
  if (schema.items) return "array";
  return undefined;
}

/** Every property schema an object can hold, including those only its conditions add. */
export function objectProperties(schema: JsonSchema, root: unknown): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  const visit = (node: unknown, depth: number) => {
    const s = resolveSchema(node, root);
    if (depth > 10) return;
    for (const [key, value] of Object.entries(asSchema(s.properties) ?? {})) {
      if (!found.has(key)) found.set(key, resolveSchema(value, root));
    }
    for (const branch of ["allOf", "anyOf", "oneOf"]) {
      const list = s[branch];
      if (Array.isArray(list)) for (const item of list) visit(item, depth + 1);
    }
    for (const branch of ["then", "else"]) if (s[branch]) visit(s[branch], depth + 1);
    for (const dependency of Object.values(asSchema(s.dependencies) ?? {})) {
      if (asSchema(dependency)) visit(dependency, depth + 1);
    }
  };
  visit(schema, 0);
  return found;
}

export interface ChoiceOption {
  value: unknown;
  label: string;
}

/** The options of a choice (enum, or oneOf/anyOf of consts), or null when it is not one. */
export function choiceOptions(schema: JsonSchema): ChoiceOption[] | null {
  if (Array.isArray(schema.enum)) {
    return schema.enum.map((value) => ({ value, label: String(value) }));
  }
  const list = schema.oneOf ?? schema.anyOf;
  if (
    Array.isArray(list) &&
    list.length > 0 &&
    list.every((option) => asSchema(option)?.const !== undefined)
  ) {
    return list.map((option) => {
      const o = asSchema(option) ?? {};
      return { value: o.const, label: typeof o.title === "string" ? o.title : String(o.const) };
    });
  }
  return null;
}

/** An array answered by ticking options (RJSF's multi-select: unique items chosen from a list). */
export function isMultiSelect(schema: JsonSchema, root: unknown): boolean {
  if (schemaType(schema) !== "array" || schema.uniqueItems !== true) return false;
  const items = asSchema(schema.items);
  return items !== undefined && choiceOptions(resolveSchema(items, root)) !== null;
}

/** The schema of the field at a path of property names and indexes, or undefined. */
export function schemaAt(root: unknown, segments: readonly (string | number)[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = resolveSchema(root, root);
  for (const segment of segments) {
    if (!node) return undefined;
    if (schemaType(node) === "array") {
      const items: unknown = node.items;
      node = Array.isArray(items) ? asSchema(items[Number(segment)]) : asSchema(items);
      node = node && resolveSchema(node, root);
    } else {
      node = objectProperties(node, root).get(String(segment));
    }
  }
  return node;
}

/** The uiSchema of the field at a path (array items read "items"). */
export function uiSchemaAt(
  uiSchema: unknown,
  segments: readonly (string | number)[],
): JsonSchema | undefined {
  let node = asSchema(uiSchema);
  for (const segment of segments) {
    if (!node) return undefined;
    node =
      typeof segment === "number" || /^\d+$/.test(segment) ? asSchema(node.items) : asSchema(node[segment]);
  }
  return node;
}

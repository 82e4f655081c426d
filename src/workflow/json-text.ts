/**
 * JSON written the way staff write workflow files and recordings by hand: an object or a list that
 * fits on its line stays on one line (`{ "next": "applicant" }`), a longer one opens up, one entry
 * per line. The tools that write files for staff (`workflow new`, `workflow record`) use it, so what
 * they make reads like the files beside it.
 */

const INDENT = "  ";

function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(", ")} }`;
  }
  // As JSON.stringify writes them: a list's missing item is null (an object's is left out above).
  return JSON.stringify(value) ?? "null";
}

function write(value: unknown, indent: string, prefix: string, width: number): string {
  const flat = inline(value);
  if (indent.length + prefix.length + flat.length <= width || value === null || typeof value !== "object") {
    return flat;
  }
  const inner = indent + INDENT;
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[\n${value.map((v) => inner + write(v, inner, "", width)).join(",\n")}\n${indent}]`;
  }
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  const lines = entries.map(([k, v]) => {
    const key = `${JSON.stringify(k)}: `;
    return inner + key + write(v, inner, key, width);
  });
  return `{\n${lines.join(",\n")}\n${indent}}`;
}

/** The value as JSON text, ending with a newline; lines up to `width` characters where they can be. */
export function jsonText(value: unknown, width = 110): string {
  return `${write(value, "", "", width)}\n`;
}

const ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * A value as JSON that is safe inside a <script> element: nothing in it can close the element,
 * open a comment or end a line of script (the characters React Router's own `escapeHtml` escapes).
 */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => ESCAPES[c] ?? c);
}

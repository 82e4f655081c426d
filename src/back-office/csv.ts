import type { Locale } from "../domain/localize";
import type { CheckAnswersRow } from "../workflow/check-answers";
import type { Workflow } from "../workflow/types";
import type { CaseRow } from "./cases";

/**
 * A service's submissions as CSV (RFC 4180), one row each: the reference, when it came, where it
 * stands, then one column per question in the order the service asks them. Residents on different
 * paths answer different questions; a column is empty where a path did not ask it.
 *
 * A field whose schema says `"x-export": "omit"` is left out (an ID number's digits, a date of
 * birth: what a spreadsheet passed around a department should not carry).
 */
const HEADINGS = {
  en: ["Reference", "Received", "Status", "Assigned to", "Language"],
  es: ["Referencia", "Recibida", "Estado", "Asignada a", "Idioma"],
};

/** Quotes every cell; a cell a spreadsheet would run as a formula is prefixed with an apostrophe (OWASP CSV injection). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function casesCsv(
  workflow: Workflow,
  cases: { row: CaseRow; status: string; answers: CheckAnswersRow[] }[],
  locale: Locale,
): string {
  const omitted = omittedFields(workflow);
  const columns = new Map<string, string>();
  for (const { answers } of cases)
    for (const a of answers) {
      const id = `${a.screen}${a.key}`;
      if (!omitted.has(`${a.screen}${a.key.replace(/\/\d+(?=\/|$)/g, "")}`) && !columns.has(id))
        columns.set(id, a.label);
    }
  const lines = [
    [...HEADINGS[locale], ...columns.values()],
    ...cases.map(({ row, status, answers }) => {
      const byId = new Map(answers.map((a) => [`${a.screen}${a.key}`, a.lines.join("; ")]));
      return [
        row.reference,
        row.receivedAt,
        status,
        row.assignee ?? "",
        row.locale,
        ...[...columns.keys()].map((id) => byId.get(id) ?? ""),
      ];
    }),
  ];
  // A byte-order mark so Excel reads the accents of Spanish answers right.
  return `\uFEFF${lines.map((line) => line.map(cell).join(",")).join("\r\n")}\r\n`;
}

/** "<screen>/<field>" of every field marked `"x-export": "omit"` (items of a list without their index). */
function omittedFields(workflow: Workflow): Set<string> {
  const out = new Set<string>();
  const walk = (schema: unknown, path: string, screen: string) => {
    if (!schema || typeof schema !== "object") return;
    const s = schema as Record<string, unknown>;
    if (s["x-export"] === "omit") out.add(`${screen}${path}`);
    for (const [key, child] of Object.entries((s.properties as Record<string, unknown>) ?? {}))
      walk(child, `${path}/${key}`, screen);
    if (s.items) walk(s.items, path, screen);
  };
  for (const screen of workflow.screens) walk(screen.schema, "", screen.name);
  return out;
}

/** `homestead-deduction-application-2026-11-26.csv` (workflow names are already safe in a file name). */
export const csvFileName = (workflow: Workflow, at: Date) =>
  `${workflow.name}-${at.toISOString().slice(0, 10)}.csv`;

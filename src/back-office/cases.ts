import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database";
import {
  openSubmission,
  type Sealer,
  type Submission,
  type SubmissionRow,
} from "../integrations/submissions/submissions";

/**
 * Submissions as the back office sees them: where each stands (`status`, NULL until staff first
 * change it), who has it (`assignee`), its history (submission_events) and the audit log of staff
 * actions (staff_audit). SQL only; src/back-office/back-office.ts decides what may be done.
 */
export interface CaseRow {
  reference: string;
  workflow: string;
  status: string | null;
  assignee: string | null;
  receivedAt: string;
  locale: string;
}

export type EventKind = "status" | "note" | "assign";

export interface CaseEvent {
  id: string;
  reference: string;
  at: string;
  actor: string;
  kind: EventKind;
  status: string | null;
  note: string | null;
}

interface Row {
  reference: string;
  workflow: string;
  status: string | null;
  assignee: string | null;
  created_at: string;
  locale: string;
}

const fromRow = (row: Row): CaseRow => ({
  reference: row.reference,
  workflow: row.workflow,
  status: row.status,
  assignee: row.assignee,
  receivedAt: row.created_at,
  locale: row.locale,
});

const COLUMNS = "reference, workflow, status, assignee, created_at, locale";

/** Which of a service's submissions: every one, or those a tab, a search or the days received select. */
export interface CaseFilter {
  workflow: string;
  /** Statuses to list, all when absent; `null` in the list stands for "not changed yet" (the first status). */
  statuses?: (string | null)[] | undefined;
  /** ISO dates (inclusive), on the day received. */
  from?: string | undefined;
  to?: string | undefined;
  /** Only these references (a search that matched them). */
  references?: string[] | undefined;
}

export interface InboxQuery extends CaseFilter {
  statuses: (string | null)[];
  limit: number;
  offset: number;
}

function where(query: CaseFilter): { sql: string; params: (string | number)[] } {
  const clauses = ["workflow = ?"];
  const params: (string | number)[] = [query.workflow];
  if (query.statuses) {
    const ids = query.statuses.filter((s): s is string => s !== null);
    const status: string[] = [];
    if (ids.length) {
      status.push(`status IN (${ids.map(() => "?").join(", ")})`);
      params.push(...ids);
    }
    if (query.statuses.includes(null)) status.push("status IS NULL");
    clauses.push(status.length ? `(${status.join(" OR ")})` : "1 = 0");
  }
  if (query.from) {
    clauses.push("created_at >= ?");
    params.push(query.from);
  }
  if (query.to) {
    clauses.push("created_at < ?");
    params.push(query.to);
  }
  if (query.references) {
    clauses.push(
      query.references.length ? `reference IN (${query.references.map(() => "?").join(", ")})` : "1 = 0",
    );
    params.push(...query.references);
  }
  return { sql: clauses.join(" AND "), params };
}

/** A page of a service's submissions, newest first, and how many there are in all. */
export async function listCases(
  db: Queryable,
  query: InboxQuery,
): Promise<{ rows: CaseRow[]; total: number }> {
  const { sql, params } = where(query);
  const [count] = await db.all<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM submissions WHERE ${sql}`,
    params,
  );
  const rows = await db.all<Row>(
    `SELECT ${COLUMNS} FROM submissions WHERE ${sql} ORDER BY created_at DESC, reference LIMIT ? OFFSET ?`,
    [...params, query.limit, query.offset],
  );
  return { rows: rows.map(fromRow), total: Number(count?.n ?? 0) };
}

export async function findCase(db: Queryable, reference: string): Promise<CaseRow | undefined> {
  const [row] = await db.all<Row>(`SELECT ${COLUMNS} FROM submissions WHERE reference = ?`, [reference]);
  return row ? fromRow(row) : undefined;
}

/**
 * The journey a submission was sent from. The documents the resident uploaded are that journey's
 * (uploads.journey_id), and stay as long as the submission does.
 */
export async function journeyOf(db: Queryable, reference: string): Promise<string | undefined> {
  const [row] = await db.all<{ journey_id: string }>(
    "SELECT journey_id FROM submissions WHERE reference = ?",
    [reference],
  );
  return row?.journey_id;
}

/** A submission where it stands and with its answers opened. */
export interface OpenedCase {
  row: CaseRow;
  submission: Submission;
}

type FullRow = Row & SubmissionRow;
const opened = (row: FullRow, sealer: Sealer): OpenedCase => ({
  row: fromRow(row),
  submission: openSubmission(row, sealer),
});

/** Where a submission stands and what it holds, in one read. */
export async function openCase(
  db: Queryable,
  reference: string,
  sealer: Sealer,
): Promise<OpenedCase | undefined> {
  const [row] = await db.all<FullRow>("SELECT * FROM submissions WHERE reference = ?", [reference]);
  return row ? opened(row, sealer) : undefined;
}

/** Rows read per query by `eachCase`: few queries, and never thousands of answers held at once. */
export const CASE_PAGE = 200;

/**
 * The submissions `filter` selects, newest first (the inbox's order), up to `limit`, each with its
 * answers opened: what a word search reads and an export writes. A page of rows per query, the
 * next page starting after the last row seen (created_at, then reference), so neither the number
 * of queries nor the memory grows with one per submission; unlike OFFSET, a submission arriving
 * meanwhile moves no row into two pages or out of all of them.
 */
export async function* eachCase(
  db: Queryable,
  filter: CaseFilter,
  sealer: Sealer,
  opts: { limit: number; pageSize?: number },
): AsyncGenerator<OpenedCase> {
  const { sql, params } = where(filter);
  const pageSize = opts.pageSize ?? CASE_PAGE;
  let left = opts.limit;
  let after: { created_at: string; reference: string } | undefined;
  while (left > 0) {
    const page = await db.all<FullRow>(
      `SELECT * FROM submissions WHERE ${sql}${after ? " AND (created_at < ? OR (created_at = ? AND reference > ?))" : ""} ORDER BY created_at DESC, reference LIMIT ?`,
      [
        ...params,
        ...(after ? [after.created_at, after.created_at, after.reference] : []),
        Math.min(pageSize, left),
      ],
    );
    for (const row of page) yield opened(row, sealer);
    const last = page.at(-1);
    if (!last || page.length < Math.min(pageSize, left)) return;
    left -= page.length;
    after = { created_at: last.created_at, reference: last.reference };
  }
}

/** How many of a service's submissions stand at each stored status (NULL: not changed yet). */
export async function countByStatus(db: Queryable, workflow: string): Promise<Map<string | null, number>> {
  const rows = await db.all<{ status: string | null; n: number | string }>(
    "SELECT status, COUNT(*) AS n FROM submissions WHERE workflow = ? GROUP BY status",
    [workflow],
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

const noteContext = (id: string) => `submission_events.note:${id}`;

export async function addEvent(
  tx: Queryable,
  event: Omit<CaseEvent, "id">,
  sealer: Sealer,
): Promise<CaseEvent> {
  const id = randomUUID();
  await tx.run(
    `INSERT INTO submission_events (id, reference, seq, at, actor, kind, status, note)
     VALUES (?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM submission_events WHERE reference = ?), ?, ?, ?, ?, ?)`,
    [
      id,
      event.reference,
      event.reference,
      event.at,
      event.actor,
      event.kind,
      event.status,
      event.note === null ? null : sealer.seal(event.note, noteContext(id)),
    ],
  );
  return { id, ...event };
}

export async function listEvents(db: Queryable, reference: string, sealer: Sealer): Promise<CaseEvent[]> {
  const rows = await db.all<CaseEvent>(
    "SELECT id, reference, at, actor, kind, status, note FROM submission_events WHERE reference = ? ORDER BY seq, id",
    [reference],
  );
  return rows.map((row) => ({
    ...row,
    note: row.note === null ? null : sealer.open(row.note, noteContext(row.id)),
  }));
}

/** Sets the status; returns false when the submission is gone (purged) or was not at `from`. */
export async function setStatus(
  tx: Queryable,
  reference: string,
  change: { from: string | null; to: string; at: string },
): Promise<boolean> {
  const { changes } = await tx.run(
    `UPDATE submissions SET status = ?, status_at = ? WHERE reference = ? AND ${change.from === null ? "status IS NULL" : "status = ?"}`,
    change.from === null ? [change.to, change.at, reference] : [change.to, change.at, reference, change.from],
  );
  return changes === 1;
}

export async function setAssignee(
  tx: Queryable,
  reference: string,
  assignee: string | null,
): Promise<boolean> {
  return (
    (await tx.run("UPDATE submissions SET assignee = ? WHERE reference = ?", [assignee, reference]))
      .changes === 1
  );
}

/** The history of submissions that are gone (past their retention) goes with them. */
export async function purgeOrphanEvents(db: Queryable): Promise<number> {
  return (
    await db.run(
      "DELETE FROM submission_events WHERE NOT EXISTS (SELECT 1 FROM submissions s WHERE s.reference = submission_events.reference)",
    )
  ).changes;
}

export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.run("INSERT INTO staff_audit (id, at, actor, action, target, detail) VALUES (?, ?, ?, ?, ?, ?)", [
    randomUUID(),
    entry.at,
    entry.actor,
    entry.action,
    entry.target,
    entry.detail,
  ]);
}

export async function listAudit(
  db: Queryable,
  opts: { limit: number; offset: number; actor?: string | undefined },
): Promise<{ rows: AuditEntry[]; total: number }> {
  const filter = opts.actor ? " WHERE actor = ?" : "";
  const params = opts.actor ? [opts.actor] : [];
  const [count] = await db.all<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM staff_audit${filter}`,
    params,
  );
  const rows = await db.all<AuditEntry>(
    `SELECT at, actor, action, target, detail FROM staff_audit${filter} ORDER BY at DESC, id LIMIT ? OFFSET ?`,
    [...params, opts.limit, opts.offset],
  );
  return { rows, total: Number(count?.n ?? 0) };
}

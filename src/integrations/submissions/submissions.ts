import type { Queryable } from "../../db/database";

/**
 * Submissions of online services, stored before the resident sees a reference number. One row per
 * journey: storing the same journey again returns the first row (a double click, a retry, the back
 * button, a second web process racing the first), so nothing is stored twice.
 *
 * `answers` and `result` hold personal data (dates of birth, ID digits, a home's parcel): they are
 * stored sealed by a `Sealer` (src/server/field-crypto.ts), bound to the submission's reference.
 * Rows stored before encryption (plain JSON) still read.
 */
export interface Sealer {
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
}
export interface Submission {
  reference: string;
  journeyId: string;
  workflow: string;
  requestId: string;
  answers: unknown;
  result: Record<string, unknown>;
  locale: string;
  createdAt: string;
}

/** A submissions row as stored (answers and result sealed). */
export interface SubmissionRow {
  reference: string;
  journey_id: string;
  workflow: string;
  request_id: string;
  answers: string;
  result: string;
  locale: string;
  created_at: string;
}

/** Where a sealed column lives: a blob copied into another row does not open there. */
export const sealContext = (column: "answers" | "result", reference: string) =>
  `submissions.${column}:${reference}`;

/** A stored row with its sealed columns opened. */
export const openSubmission = (row: SubmissionRow, sealer: Sealer): Submission => ({
  reference: row.reference,
  journeyId: row.journey_id,
  workflow: row.workflow,
  requestId: row.request_id,
  answers: JSON.parse(sealer.open(row.answers, sealContext("answers", row.reference))),
  result: JSON.parse(sealer.open(row.result, sealContext("result", row.reference))) as Record<
    string,
    unknown
  >,
  locale: row.locale,
  createdAt: row.created_at,
});

/**
 * Stores `submission` unless its journey was already submitted; returns the stored one either way.
 * Safe when two processes submit one journey at once: the unique journey_id decides, the loser
 * waits for the winner's commit (PostgreSQL) and reads its row instead of failing.
 */
export async function storeSubmission(
  tx: Queryable,
  submission: Submission,
  sealer: Sealer,
): Promise<{ stored: Submission; repeated: boolean }> {
  const { changes } = await tx.run(
    "INSERT INTO submissions (reference, journey_id, workflow, request_id, answers, result, locale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (journey_id) DO NOTHING",
    [
      submission.reference,
      submission.journeyId,
      submission.workflow,
      submission.requestId,
      sealer.seal(JSON.stringify(submission.answers), sealContext("answers", submission.reference)),
      sealer.seal(JSON.stringify(submission.result), sealContext("result", submission.reference)),
      submission.locale,
      submission.createdAt,
    ],
  );
  if (changes === 1) return { stored: submission, repeated: false };
  const [existing] = await tx.all<SubmissionRow>("SELECT * FROM submissions WHERE journey_id = ?", [
    submission.journeyId,
  ]);
  if (!existing) throw new Error("a submission conflicted with one that cannot be read back");
  return { stored: openSubmission(existing, sealer), repeated: true };
}

export async function findSubmission(
  db: Queryable,
  reference: string,
  sealer: Sealer,
): Promise<Submission | undefined> {
  const [row] = await db.all<SubmissionRow>("SELECT * FROM submissions WHERE reference = ?", [reference]);
  return row ? openSubmission(row, sealer) : undefined;
}

export async function countSubmissions(db: Queryable, workflow: string): Promise<number> {
  const [row] = await db.all<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM submissions WHERE workflow = ?",
    [workflow],
  );
  return Number(row?.n ?? 0);
}

/** Deletes submissions made before `before` (the retention period, RETENTION_DAYS); returns how many. */
export async function purgeSubmissions(db: Queryable, before: Date): Promise<number> {
  return (await db.run("DELETE FROM submissions WHERE created_at < ?", [before.toISOString()])).changes;
}

import type { Queryable } from "../../db/database";

/**
 * Submissions of online services, stored before the resident sees a reference number. One row per
 * journey: storing the same journey again returns the first row (a double click, a retry, the back
 * button), so nothing is stored twice.
 */
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

interface Row {
  reference: string;
  journey_id: string;
  workflow: string;
  request_id: string;
  answers: string;
  result: string;
  locale: string;
  created_at: string;
}

const fromRow = (row: Row): Submission => ({
  reference: row.reference,
  journeyId: row.journey_id,
  workflow: row.workflow,
  requestId: row.request_id,
  answers: JSON.parse(row.answers),
  result: JSON.parse(row.result) as Record<string, unknown>,
  locale: row.locale,
  createdAt: row.created_at,
});

/** Stores `submission` unless its journey was already submitted; returns the stored one either way. */
export async function storeSubmission(
  tx: Queryable,
  submission: Submission,
): Promise<{ stored: Submission; repeated: boolean }> {
  const [existing] = await tx.all<Row>("SELECT * FROM submissions WHERE journey_id = ?", [
    submission.journeyId,
  ]);
  if (existing) return { stored: fromRow(existing), repeated: true };
  await tx.run(
    "INSERT INTO submissions (reference, journey_id, workflow, request_id, answers, result, locale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    [
      submission.reference,
      submission.journeyId,
      submission.workflow,
      submission.requestId,
      JSON.stringify(submission.answers),
      JSON.stringify(submission.result),
      submission.locale,
      submission.createdAt,
    ],
  );
  return { stored: submission, repeated: false };
}

export async function findSubmission(db: Queryable, reference: string): Promise<Submission | undefined> {
  const [row] = await db.all<Row>("SELECT * FROM submissions WHERE reference = ?", [reference]);
  return row ? fromRow(row) : undefined;
}

export async function countSubmissions(db: Queryable, workflow: string): Promise<number> {
  const [row] = await db.all<{ n: number | string }>(
    "SELECT COUNT(*) AS n FROM submissions WHERE workflow = ?",
    [workflow],
  );
  return Number(row?.n ?? 0);
}

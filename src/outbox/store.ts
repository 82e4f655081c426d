import type { Database, Queryable } from "../db/database";
import type { OutboxStatus } from "./types";

/**
 * The outbox table (src/db/migrations/005-outbox.sql), one statement per operation, in the SQL
 * SQLite and PostgreSQL share. Claiming is one conditional UPDATE … RETURNING: it moves an item's
 * `available_at` to the end of a lease, so a second worker's identical statement no longer matches
 * it (PostgreSQL re-checks the WHERE clause on the row it waited for; SQLite has one writer).
 * On PostgreSQL `FOR UPDATE SKIP LOCKED` also lets concurrent workers pass over each other's rows
 * instead of queueing behind them.
 */
export interface StoredItem {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
  created_at: string;
}

export interface StatusRow {
  id: string;
  kind: string;
  status: OutboxStatus;
  attempts: number;
  available_at: string;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export async function insertItem(
  tx: Queryable,
  item: { id: string; kind: string; payload: string; now: string },
): Promise<void> {
  await tx.run(
    "INSERT INTO outbox (id, kind, payload, status, attempts, available_at, created_at) VALUES (?, ?, ?, 'pending', 0, ?, ?)",
    [item.id, item.kind, item.payload, item.now, item.now],
  );
}

/**
 * Claims up to `limit` due items for `token` until `leaseUntil`: pending items whose backoff is
 * over, and items whose previous claim's lease ran out (that worker died mid-send). An item that
 * has used all its attempts and whose last claim expired is dead instead: a message that kills
 * the process every time must not be tried forever.
 */
export async function claimDue(
  db: Database,
  opts: { now: string; leaseUntil: string; token: string; limit: number; maxAttempts: number },
): Promise<StoredItem[]> {
  const skipLocked = db.dialect === "postgres" ? " FOR UPDATE SKIP LOCKED" : "";
  return db.transaction(async (tx) => {
    await tx.run(
      "UPDATE outbox SET status = 'dead', claim_token = NULL, finished_at = ?, last_error = 'the worker stopped during the last attempt' WHERE status = 'sending' AND available_at <= ? AND attempts >= ?",
      [opts.now, opts.now, opts.maxAttempts],
    );
    return tx.all<StoredItem>(
      `UPDATE outbox SET status = 'sending', attempts = attempts + 1, available_at = ?, claim_token = ?
       WHERE id IN (
         SELECT id FROM outbox
         WHERE status IN ('pending', 'sending') AND available_at <= ? AND attempts < ?
         ORDER BY available_at LIMIT ?${skipLocked}
       ) AND status IN ('pending', 'sending') AND available_at <= ?
       RETURNING id, kind, payload, attempts, created_at`,
      [opts.leaseUntil, opts.token, opts.now, opts.maxAttempts, opts.limit, opts.now],
    );
  });
}

/** Sent: the payload (personal data) is dropped at once; the row stays as a record until purged. */
export async function markSent(db: Database, id: string, token: string, now: string): Promise<boolean> {
  const { changes } = await db.transaction((tx) =>
    tx.run(
      "UPDATE outbox SET status = 'sent', payload = '', claim_token = NULL, finished_at = ?, last_error = NULL WHERE id = ? AND claim_token = ?",
      [now, id, token],
    ),
  );
  return changes === 1;
}

/** Failed: back to pending until `retryAt`, or dead (kept, with its payload and the last error). */
export async function markFailed(
  db: Database,
  id: string,
  token: string,
  outcome: { dead: boolean; retryAt: string; error: string; now: string },
): Promise<boolean> {
  const { changes } = await db.transaction((tx) =>
    outcome.dead
      ? tx.run(
          "UPDATE outbox SET status = 'dead', claim_token = NULL, finished_at = ?, last_error = ? WHERE id = ? AND claim_token = ?",
          [outcome.now, outcome.error, id, token],
        )
      : tx.run(
          "UPDATE outbox SET status = 'pending', claim_token = NULL, available_at = ?, last_error = ? WHERE id = ? AND claim_token = ?",
          [outcome.retryAt, outcome.error, id, token],
        ),
  );
  return changes === 1;
}

/** Deletes the records of items sent before `before`. */
export async function purgeSent(db: Database, before: string): Promise<number> {
  const { changes } = await db.transaction((tx) =>
    tx.run("DELETE FROM outbox WHERE status = 'sent' AND finished_at < ?", [before]),
  );
  return changes;
}

export async function listItems(db: Queryable, kind?: string): Promise<StatusRow[]> {
  const columns = "id, kind, status, attempts, available_at, last_error, created_at, finished_at";
  const rows = kind
    ? await db.all<StatusRow>(`SELECT ${columns} FROM outbox WHERE kind = ? ORDER BY created_at, id`, [kind])
    : await db.all<StatusRow>(`SELECT ${columns} FROM outbox ORDER BY created_at, id`);
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

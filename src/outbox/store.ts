import type { Database, Queryable } from "../db/database";
import type { OutboxStatus, PayloadCipher } from "./types";

/**
 * The outbox table (src/db/migrations/005-outbox.sql, 011-outbox-order.sql), one statement per
 * operation, in the SQL SQLite and PostgreSQL share. Claiming is one conditional UPDATE …
 * RETURNING: it moves an item's `available_at` to the end of a lease, so a second worker's
 * identical statement no longer matches it (PostgreSQL re-checks the WHERE clause on the row it
 * waited for; SQLite has one writer). On PostgreSQL `FOR UPDATE SKIP LOCKED` also lets concurrent
 * workers pass over each other's rows instead of queueing behind them.
 *
 * Items with an order key are performed one at a time, in the order they were enqueued: only the
 * first of its key that is still pending or sending may be claimed (a dead one no longer counts).
 */
export interface StoredItem {
  id: string;
  kind: string;
  payload: string;
  attempts: number;
  created_at: string;
  order_key: string | null;
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
  /** Items with the same key are performed one at a time, in order (null: in no order). */
  order_key: string | null;
}

/** Where a sealed payload lives: a payload copied into another row does not open there. */
export const payloadContext = (id: string) => `outbox.payload:${id}`;

/**
 * The next place in `key`'s order. The counter row is locked until the enqueuing transaction ends,
 * so a second transaction with the same key waits for it: places follow the order of the commits.
 */
async function nextPlace(tx: Queryable, key: string): Promise<number> {
  const [row] = await tx.all<{ last_seq: number | string }>(
    "INSERT INTO outbox_sequences (order_key, last_seq) VALUES (?, 1) ON CONFLICT (order_key) DO UPDATE SET last_seq = outbox_sequences.last_seq + 1 RETURNING last_seq",
    [key],
  );
  if (!row) throw new Error(`no place could be taken in the order of "${key}"`);
  return Number(row.last_seq);
}

export async function insertItem(
  tx: Queryable,
  item: { id: string; kind: string; payload: string; now: string; orderKey?: string | undefined },
): Promise<void> {
  const place = item.orderKey === undefined ? null : await nextPlace(tx, item.orderKey);
  await tx.run(
    "INSERT INTO outbox (id, kind, payload, status, attempts, available_at, created_at, order_key, order_seq) VALUES (?, ?, ?, 'pending', 0, ?, ?, ?, ?)",
    [item.id, item.kind, item.payload, item.now, item.now, item.orderKey ?? null, place],
  );
}

/**
 * Claims up to `limit` due items for `token` until `leaseUntil`: pending items whose backoff is
 * over, and items whose previous claim's lease ran out (that worker died mid-send). An item that
 * has used all its attempts and whose last claim expired is dead instead: a message that kills
 * the process every time must not be tried forever. An ordered item waits while an earlier item
 * of its key is pending (its backoff included) or sending, so at most one item of a key is ever
 * claimed, here or by any other worker.
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
         SELECT id FROM outbox AS item
         WHERE item.status IN ('pending', 'sending') AND item.available_at <= ? AND item.attempts < ?
           AND (item.order_key IS NULL OR NOT EXISTS (
             SELECT 1 FROM outbox AS earlier
             WHERE earlier.order_key = item.order_key AND earlier.order_seq < item.order_seq
               AND earlier.status IN ('pending', 'sending')
           ))
         ORDER BY item.available_at LIMIT ?${skipLocked}
       ) AND status IN ('pending', 'sending') AND available_at <= ?
       RETURNING id, kind, payload, attempts, created_at, order_key`,
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

const STATUS_COLUMNS =
  "id, kind, status, attempts, available_at, last_error, created_at, finished_at, order_key";

export async function listItems(db: Queryable, kind?: string): Promise<StatusRow[]> {
  const columns = STATUS_COLUMNS;
  const rows = kind
    ? await db.all<StatusRow>(`SELECT ${columns} FROM outbox WHERE kind = ? ORDER BY created_at, id`, [kind])
    : await db.all<StatusRow>(`SELECT ${columns} FROM outbox ORDER BY created_at, id`);
  return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
}

/** A dead item as the staff console lists it; `payload` only when a cipher was given to open it. */
export interface DeadItem extends StatusRow {
  payload?: unknown;
}

/**
 * Dead items (every attempt failed; kept with their payload and last error), newest first, for
 * someone to look at and replay. With `cipher` (the outbox's), each one's payload is opened too;
 * a payload that does not open is left out rather than failing the list.
 */
export async function listDead(
  db: Queryable,
  opts: { kind?: string; limit?: number; cipher?: PayloadCipher } = {},
): Promise<DeadItem[]> {
  const limit = Math.max(1, Math.min(opts.limit ?? 100, 1_000));
  const columns = opts.cipher ? `${STATUS_COLUMNS}, payload` : STATUS_COLUMNS;
  const rows = opts.kind
    ? await db.all<StatusRow & { payload?: string }>(
        `SELECT ${columns} FROM outbox WHERE status = 'dead' AND kind = ? ORDER BY created_at DESC, id LIMIT ?`,
        [opts.kind, limit],
      )
    : await db.all<StatusRow & { payload?: string }>(
        `SELECT ${columns} FROM outbox WHERE status = 'dead' ORDER BY created_at DESC, id LIMIT ?`,
        [limit],
      );
  return rows.map(({ payload, ...row }) => {
    const item: DeadItem = { ...row, attempts: Number(row.attempts) };
    if (opts.cipher && payload !== undefined) {
      try {
        item.payload = JSON.parse(opts.cipher.open(payload, payloadContext(row.id)));
      } catch {
        // Sealed with a key no longer configured, or damaged: listed without it.
      }
    }
    return item;
  });
}

/**
 * Makes a dead item pending again, due at `now`, with its attempts back to zero (its last error
 * stays until the next attempt); true when it was dead. An ordered item keeps its place: later
 * items of its key still pending wait for it again.
 */
export async function replayDead(db: Database, id: string, now: Date): Promise<boolean> {
  const { changes } = await db.transaction((tx) =>
    tx.run(
      "UPDATE outbox SET status = 'pending', attempts = 0, available_at = ?, claim_token = NULL, finished_at = NULL WHERE id = ? AND status = 'dead'",
      [now.toISOString(), id],
    ),
  );
  return changes === 1;
}

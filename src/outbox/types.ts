/**
 * The outbox's vocabulary. A side effect (a receipt e-mail, a delivery to a department) is an
 * item of some `kind` with a JSON payload; one handler per kind performs it.
 */
export interface OutboxMessage {
  kind: string;
  /** Anything JSON can hold; it is stored (sealed, when a cipher is given) until the item is sent. */
  payload: unknown;
  /**
   * Items with the same key are performed one at a time, in the order they were enqueued
   * ("webhook:<service>"): the next waits while an earlier one is pending or being sent, and goes
   * once it is sent or dead. Without a key, items go side by side.
   */
  orderKey?: string | undefined;
}

/** What a handler is given. `id` is the idempotency key: a re-send after a crash carries the same one. */
export interface OutboxItem {
  id: string;
  kind: string;
  payload: unknown;
  /** 1 on the first try. */
  attempt: number;
  createdAt: string;
}

/** Performs one item; a thrown error (or a timeout) means "try again later". */
export type OutboxHandler = (item: OutboxItem) => Promise<void>;

/** Seals payloads at rest (src/server/field-crypto.ts fits); `context` binds a value to its row. */
export interface PayloadCipher {
  seal(plain: string, context: string): string;
  open(stored: string, context: string): string;
}

export type OutboxStatus = "pending" | "sending" | "sent" | "dead";

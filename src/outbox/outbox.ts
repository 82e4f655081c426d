import { randomUUID } from "node:crypto";
import type { Database, Queryable } from "../db/database";
import { type BackoffPolicy, DEFAULT_BACKOFF, retryDelay } from "./backoff";
import {
  claimDue,
  insertItem,
  markFailed,
  markSent,
  payloadContext,
  purgeSent,
  type StoredItem,
} from "./store";
import type { OutboxHandler, OutboxItem, OutboxMessage, PayloadCipher } from "./types";

/**
 * The outbox: side effects written in the same transaction as the data that causes them, and a
 * worker that performs them afterwards, at least once.
 *
 *   await db.transaction(async (tx) => { …store the submission…; await outbox.enqueue(tx, { kind: "email", payload }) });
 *   outbox.wake();   // after the commit: send now rather than at the next poll
 *
 * If the transaction rolls back, nothing is sent. If the process dies after the commit, the next
 * worker (in this or any other process on the same database) sends it. If it dies mid-send, the
 * claim's lease runs out and the item is sent again with the same id: handlers use the id as an
 * idempotency key (an e-mail's Message-ID, a webhook's delivery id). Failures are retried with
 * exponential backoff; after `maxAttempts` the item is dead (kept with its last error).
 * Items enqueued with the same `orderKey` are performed one at a time, in the order they were
 * enqueued (a webhook receiver that was down gets them in order once it is back).
 */
export interface OutboxOptions {
  db: Database;
  /** One handler per kind; an item of a kind no handler knows fails (and is retried, then dead). */
  handlers: Readonly<Record<string, OutboxHandler>>;
  /** Seals payloads at rest (they hold personal data). */
  cipher?: PayloadCipher | undefined;
  pollMs?: number;
  /** How long a claim lasts; longer than any send may take (sends are cut off at `sendTimeoutMs`). */
  leaseMs?: number;
  sendTimeoutMs?: number;
  maxAttempts?: number;
  backoff?: BackoffPolicy;
  /** Items claimed (and sent side by side) per round; of items with one order key, only the first. */
  batchSize?: number;
  /** Records of sent items are deleted after this long. */
  keepSentMs?: number;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface Outbox {
  /** Writes `message` in the caller's transaction; returns its id. Never sends. */
  enqueue(tx: Queryable, message: OutboxMessage): Promise<string>;
  /** Sends due items now instead of at the next poll (call it after the enqueuing commit). */
  wake(): void;
  start(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
  /** Runs rounds until no item is due (tests, and a shutdown that wants to flush). */
  drain(): Promise<void>;
}

const errorText = (error: unknown) =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, handlers, cipher } = options;
  const pollMs = options.pollMs ?? 500;
  const leaseMs = options.leaseMs ?? 15_000;
  const sendTimeoutMs = options.sendTimeoutMs ?? Math.floor(leaseMs / 2);
  const maxAttempts = options.maxAttempts ?? 12;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const batchSize = options.batchSize ?? 20;
  const keepSentMs = options.keepSentMs ?? 7 * 86_400_000;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.error(message));
  const context = payloadContext;

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let round: Promise<number> | undefined;
  let again = false;
  let draining = false;
  let lastPurge = 0;

  /** Performs a claimed item; true when it was sent. */
  async function perform(stored: StoredItem, token: string): Promise<boolean> {
    const attempt = Number(stored.attempts);
    try {
      const handler = handlers[stored.kind];
      if (!handler) throw new Error(`no handler for outbox items of kind "${stored.kind}"`);
      const text = cipher ? cipher.open(stored.payload, context(stored.id)) : stored.payload;
      const item: OutboxItem = {
        id: stored.id,
        kind: stored.kind,
        payload: JSON.parse(text),
        attempt,
        createdAt: stored.created_at,
      };
      await withTimeout(handler(item), sendTimeoutMs);
    } catch (error) {
      const dead = attempt >= maxAttempts;
      const at = now();
      // The id and kind only: an error from a relay may quote the recipient's address.
      log(`outbox: ${stored.kind} ${stored.id} attempt ${attempt} failed${dead ? ", giving up" : ""}`);
      await markFailed(db, stored.id, token, {
        dead,
        retryAt: new Date(at.getTime() + retryDelay(attempt, backoff)).toISOString(),
        error: errorText(error),
        now: at.toISOString(),
      });
      return false;
    }
    await markSent(db, stored.id, token, now().toISOString());
    return true;
  }

  /**
   * One round: claim what is due and perform it. `claimed` is how many items were claimed;
   * `unblocked` says an ordered item was sent, so the next of its key may be due at once.
   */
  async function runRound(): Promise<{ claimed: number; unblocked: boolean }> {
    const at = now();
    if (at.getTime() - lastPurge > 3_600_000) {
      lastPurge = at.getTime();
      await purgeSent(db, new Date(at.getTime() - keepSentMs).toISOString());
    }
    const token = randomUUID();
    const claimed = await claimDue(db, {
      now: at.toISOString(),
      leaseUntil: new Date(at.getTime() + leaseMs).toISOString(),
      token,
      limit: batchSize,
      maxAttempts,
    });
    const sent = await Promise.all(claimed.map((item) => perform(item, token)));
    return { claimed: claimed.length, unblocked: claimed.some((item, i) => sent[i] && item.order_key) };
  }

  /** Rounds one after another while there is work or a wake came in meanwhile. */
  /** A round failed and none has worked since (the log says so once per outage). */
  let failing = false;
  function pump(): Promise<number> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      let total = 0;
      do {
        again = false;
        const { claimed, unblocked } = await runRound().then(
          (outcome) => {
            if (failing) log("outbox: rounds work again");
            failing = false;
            return outcome;
          },
          (error: unknown) => {
            // A database that is down or locked: try again at the next poll, saying so once.
            if (!failing) log(`outbox: round failed, retrying every poll: ${errorText(error)}`);
            failing = true;
            return { claimed: 0, unblocked: false };
          },
        );
        total += claimed;
        // A full batch may have left items behind; a sent ordered item lets the next of its key go.
        if (claimed === batchSize || unblocked) again = true;
      } while (again && (running || draining));
      return total;
    })().finally(() => {
      round = undefined;
    });
    return round;
  }

  const schedule = () => {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(() => void pump().finally(schedule), pollMs);
    timer.unref();
  };

  return {
    async enqueue(tx, message) {
      const id = randomUUID();
      const plain = JSON.stringify(message.payload);
      await insertItem(tx, {
        id,
        kind: message.kind,
        payload: cipher ? cipher.seal(plain, context(id)) : plain,
        now: now().toISOString(),
        orderKey: message.orderKey,
      });
      return id;
    },
    wake() {
      if (running) void pump();
    },
    start() {
      if (running) return;
      running = true;
      void pump().finally(schedule);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await round;
    },
    async drain() {
      draining = true;
      try {
        while ((await pump()) > 0) {}
      } finally {
        draining = false;
      }
    },
  };
}

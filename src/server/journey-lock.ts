import { randomUUID } from "node:crypto";
import type { Queryable } from "../db/database";

/**
 * One request at a time per journey, across every web process on the same database: two clicks on
 * Submit that land on two processes never run side by side.
 *
 * A lease row in `journey_locks` (migration 004) rather than a lock held on a connection: taking it
 * is one short INSERT … ON CONFLICT DO NOTHING, so waiting for a busy journey holds no pool
 * connection (the work itself needs them), and it works the same on SQLite shared by several
 * processes. A waiter polls with a short backoff. The holder renews the lease while it works; if it
 * dies, the lease runs out and the next waiter takes it over. Inside one process the waiters also
 * queue on a promise chain, so only the first of them polls the database.
 */
export interface JourneyLockOptions {
  /** How long a lease lasts without renewal: the longest a dead process can block a journey. */
  leaseMs?: number;
  /** How long to wait for a busy journey before giving up with JourneyBusyError. */
  waitMs?: number;
  /** Milliseconds since 1970 (injected in tests). */
  clock?: () => number;
}

/** The journey stayed busy for longer than the wait allows. */
export class JourneyBusyError extends Error {
  constructor(waitedMs: number) {
    super(`journey busy: another request held it for more than ${waitedMs} ms`);
    this.name = "JourneyBusyError";
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class JourneyLocks {
  private readonly leaseMs: number;
  private readonly waitMs: number;
  private readonly clock: () => number;
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Queryable,
    options: JourneyLockOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 15_000;
    this.waitMs = options.waitMs ?? 10_000;
    this.clock = options.clock ?? Date.now;
  }

  /** Runs `work` while holding the journey's lease; waits for it at most `waitMs`. */
  run<T>(journeyId: string, work: () => Promise<T>): Promise<T> {
    const deadline = this.clock() + this.waitMs;
    const previous = this.queues.get(journeyId) ?? Promise.resolve();
    const next = previous.then(() => this.withLease(journeyId, deadline, work));
    const settled = next.catch(() => undefined);
    this.queues.set(journeyId, settled);
    void settled.then(() => {
      if (this.queues.get(journeyId) === settled) this.queues.delete(journeyId);
    });
    return next;
  }

  private async withLease<T>(journeyId: string, deadline: number, work: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    await this.acquire(journeyId, holder, deadline);
    const renew = setInterval(
      () =>
        void this.db
          .run("UPDATE journey_locks SET expires_at = ? WHERE journey_id = ? AND holder = ?", [
            this.clock() + this.leaseMs,
            journeyId,
            holder,
          ])
          .then(({ changes }) => {
            if (changes === 0) console.warn("journey lock: a lease ran out while its work was still running");
          })
          .catch((error: unknown) => console.error("journey lock: renewing a lease failed:", error)),
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    renew.unref();
    try {
      return await work();
    } finally {
      clearInterval(renew);
      // If this fails (database gone), the lease simply runs out.
      await this.db
        .run("DELETE FROM journey_locks WHERE journey_id = ? AND holder = ?", [journeyId, holder])
        .catch((error: unknown) => console.error("journey lock: releasing a lease failed:", error));
    }
  }

  private async acquire(journeyId: string, holder: string, deadline: number): Promise<void> {
    let pause = 5;
    for (;;) {
      const now = this.clock();
      const { changes } = await this.db.run(
        "INSERT INTO journey_locks (journey_id, holder, expires_at) VALUES (?, ?, ?) ON CONFLICT (journey_id) DO NOTHING",
        [journeyId, holder, now + this.leaseMs],
      );
      if (changes === 1) return;
      // A holder that died leaves a lease that runs out; whoever comes next clears it. The
      // condition makes this safe against a racing waiter that has already taken a fresh lease.
      const { changes: cleared } = await this.db.run(
        "DELETE FROM journey_locks WHERE journey_id = ? AND expires_at < ?",
        [journeyId, now],
      );
      if (cleared > 0) continue;
      if (this.clock() >= deadline) throw new JourneyBusyError(this.waitMs);
      await sleep(Math.min(pause, Math.max(1, deadline - this.clock())) * (0.5 + Math.random() / 2));
      pause = Math.min(pause * 2, 100);
    }
  }

  /** Drops leases that ran out long ago (their holders died and nobody came back to the journey). */
  async purgeExpired(): Promise<number> {
    return (
      await this.db.run("DELETE FROM journey_locks WHERE expires_at < ?", [this.clock() - this.leaseMs])
    ).changes;
  }
}

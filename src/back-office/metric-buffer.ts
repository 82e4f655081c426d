import type { Database } from "../db/database";
import { addCounts, type Count, countKey, countOf, type MetricContext, type MetricEvent } from "./metrics";

/**
 * The dashboard's counters as a web process adds them: in memory, written to the database in one
 * multi-row upsert every few seconds, so a resident's request never waits for a write of its own
 * to service_counts. The upsert adds (`n + excluded.n`): processes sharing one database each add
 * their own counts.
 *
 * What may be lost: on a clean shutdown nothing (`close` writes what is left, before the database
 * closes); if the process dies, what it counted since the last write (at most `everyMs`). A write
 * that fails (the database unreachable) keeps its counts for the next one.
 */
export interface MetricBuffer {
  /** Counts an event in memory; never waits, never fails. */
  count(
    event: MetricEvent,
    context: MetricContext,
    at: Date,
    where?: { screen?: string; field?: string },
  ): void;
  /** Writes what was counted so far (after any write under way); never rejects. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left (what cannot be written is said in the log). */
  close(): Promise<void>;
  /** How many events are counted and not written yet. */
  pending(): number;
}

/** How often counts are written: the most a crashed process can lose. */
export const FLUSH_EVERY_MS = 5_000;

export function createMetricBuffer(db: Database, opts: { everyMs?: number } = {}): MetricBuffer {
  let counts = new Map<string, Count>();
  const add = (into: Map<string, Count>, count: Count) => {
    const key = countKey(count);
    const seen = into.get(key);
    if (seen) seen.n += count.n;
    else into.set(key, { ...count });
  };
  const pending = () => [...counts.values()].reduce((sum, c) => sum + c.n, 0);

  // Writes run one after another: a slow database never has two flushes of this process at once.
  let writing: Promise<void> = Promise.resolve();
  const write = async () => {
    if (counts.size === 0) return;
    const taken = counts;
    counts = new Map();
    try {
      // All or nothing, so counts put back after a failure are never added twice.
      await db.transaction((tx) => addCounts(tx, [...taken.values()]));
    } catch (error) {
      for (const count of taken.values()) add(counts, count);
      console.error(`metrics: ${pending()} counts not written yet (tried again in a few seconds):`, error);
    }
  };
  const flush = () => {
    writing = writing.then(write);
    return writing;
  };

  const timer = setInterval(() => void flush(), opts.everyMs ?? FLUSH_EVERY_MS);
  // The timer alone must not keep a process (or a test) running.
  timer.unref();

  return {
    count(event, context, at, where) {
      add(counts, countOf(event, context, at, where));
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      const left = pending();
      if (left > 0)
        console.error(`metrics: ${left} counts lost at shutdown (the database did not take them)`);
    },
    pending,
  };
}

/**
 * Deleting what we must not keep (submissions past RETENTION_DAYS, leases of dead processes, …):
 * each purge runs once at start-up and then every `everyMs` (6 hours by default), on a timer that
 * does not keep the process alive. Every web process runs them; a DELETE by age is harmless twice.
 * A failed run is logged and tried again next time.
 */
export type Purge = () => Promise<number>;

export interface PurgeSchedule {
  /** The start-up run, settled (never rejects). */
  readonly firstRun: Promise<void>;
  /** Runs every purge now (also what the timer calls). */
  runNow(): Promise<void>;
  stop(): void;
}

export const SIX_HOURS = 6 * 3600_000;

/** The moment before which a record is older than `days` days. */
export const retentionCutoff = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

export function schedulePurges(purges: Record<string, Purge>, everyMs = SIX_HOURS): PurgeSchedule {
  let running: Promise<void> | undefined;
  const runNow = () => {
    // A slow database must not stack runs on top of each other.
    running ??= (async () => {
      for (const [name, purge] of Object.entries(purges)) {
        try {
          const n = await purge();
          if (n > 0) console.log(`purge: ${n} ${name} deleted`);
        } catch (error) {
          console.error(
            `purge of ${name} failed (tried again in ${Math.round(everyMs / 60_000)} min):`,
            error,
          );
        }
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => void runNow(), everyMs);
  timer.unref();
  return { firstRun: runNow(), runNow, stop: () => clearInterval(timer) };
}

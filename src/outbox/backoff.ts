/**
 * How long to wait before trying a failed item again: exponential (base × 2^(attempt-1)), capped,
 * with ±20 % jitter so items that failed together (a mail relay that was down) do not all come back
 * in the same instant.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 5_000, capMs: 3_600_000 };

export function retryDelay(
  attempt: number,
  policy: BackoffPolicy = DEFAULT_BACKOFF,
  random = Math.random,
): number {
  const exponential = policy.baseMs * 2 ** Math.max(0, Math.min(attempt - 1, 30));
  const capped = Math.min(policy.capMs, exponential);
  return Math.round(capped * (0.8 + 0.4 * random()));
}

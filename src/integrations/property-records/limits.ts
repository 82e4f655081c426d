/** How many parcels a search returns when the caller does not say, and at most. */
export const DEFAULT_LIMITS = { address: 10, owner: 50, street: 100 } as const;
export const MAX_LIMIT = 500;

/** A caller's limit, or the default when it is missing or not a positive integer; never above MAX_LIMIT. */
export function clampLimit(limit: number | undefined, fallback: number): number {
  if (limit === undefined || !Number.isInteger(limit) || limit < 1) return fallback;
  return Math.min(limit, MAX_LIMIT);
}

/**
 * A small in-memory cache of whole rendered pages, for anonymous GET requests to content pages.
 * The key includes the language and the content version, so editing content or switching
 * language never serves a stale page; entries also expire after `ttlMs`. Bounded in entries
 * (least recently used goes first) so a crawler cannot grow it without limit.
 */
export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Buffer;
  storedAt: number;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 500,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    // Refresh its place in the LRU order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, page: CachedPage): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, page);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

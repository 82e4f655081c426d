import type { Database } from "../db/database";
import type { ContentDocs, ContentType } from "./documents";

/**
 * The whole site's content, read from the database into memory and indexed by id and slug.
 * A city site holds a few thousand items at most, so every GraphQL query is answered from this
 * snapshot; it is re-read when the stored content version changes (checked at most every
 * `recheckMs`, so several web processes sharing one PostgreSQL converge within that time).
 */
export interface Snapshot {
  version: string;
  all: { [T in ContentType]: ContentDocs[T][] };
  byId: { [T in ContentType]: Map<string, ContentDocs[T]> };
  bySlug: { [T in ContentType]: Map<string, ContentDocs[T]> };
}

const TYPES: ContentType[] = [
  "activity",
  "agency",
  "topic",
  "page",
  "tag",
  "person",
  "banner",
  "label",
  "site",
];

/** Content rows, as stored, indexed by type, id and slug (also how a test makes a snapshot). */
export function indexSnapshot(rows: { type: string; data: string }[], version: string): Snapshot {
  const all = Object.fromEntries(TYPES.map((t) => [t, []])) as unknown as Snapshot["all"];
  const byId = Object.fromEntries(TYPES.map((t) => [t, new Map()])) as unknown as Snapshot["byId"];
  const bySlug = Object.fromEntries(TYPES.map((t) => [t, new Map()])) as unknown as Snapshot["bySlug"];
  for (const row of rows) {
    const type = row.type as ContentType;
    if (!TYPES.includes(type)) continue;
    const doc = JSON.parse(row.data) as ContentDocs[typeof type] & { slug?: string };
    (all[type] as unknown[]).push(doc);
    (byId[type] as Map<string, unknown>).set(doc.id, doc);
    if (doc.slug) (bySlug[type] as Map<string, unknown>).set(doc.slug, doc);
  }
  for (const t of TYPES) {
    (all[t] as { position: number; id: string }[]).sort(
      (a, b) => a.position - b.position || a.id.localeCompare(b.id),
    );
  }
  return { version, all, byId, bySlug };
}

export interface StoreOptions {
  /** How long a reader waits for a re-check before it gets the last good content (ms). */
  waitMs?: number;
  /** Where outages and recoveries are reported (once each). */
  log?: (message: string) => void;
}

/**
 * The snapshot is also the site's stale-if-error copy: when the database stops answering (locked,
 * unreachable, too slow), pages keep being served from the last good content, and the store keeps
 * asking again every `recheckMs` until the database answers; a failure is never kept as an answer.
 */
export class ContentStore {
  private current: Snapshot | null = null;
  private checkedAt = 0;
  private loading: Promise<Snapshot> | null = null;
  private loadingSince = 0;
  /** When the database stopped answering; null while it answers. */
  private failingSince: number | null = null;
  /** This process stored new content: the next reader waits for it, outage or not. */
  private invalidated = false;

  constructor(
    private readonly db: Database,
    private readonly recheckMs = 5_000,
    private readonly options: StoreOptions = {},
  ) {}

  async snapshot(): Promise<Snapshot> {
    const current = this.current;
    if (current && Date.now() - this.checkedAt < this.recheckMs) return current;
    if (!this.loading) {
      this.loadingSince = Date.now();
      this.loading = this.refresh().finally(() => {
        this.loading = null;
      });
    }
    const loading = this.loading;
    if (!current || this.invalidated) return loading;
    // During an outage nobody waits for the next attempt (it may last the database's whole
    // timeout), and a slow database delays a page by `waitMs` at most, counted from the start of
    // the re-check (a page asks several times): then the last good content answers.
    const wait = this.loadingSince + (this.options.waitMs ?? 1_000) - Date.now();
    if (this.failingSince !== null || wait <= 0) return current;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Snapshot>((resolve) => {
      timer = setTimeout(() => resolve(current), wait);
    });
    return Promise.race([loading, late]).finally(() => clearTimeout(timer));
  }

  /** Forget the cached snapshot (after this process stored new content). */
  invalidate(): void {
    this.checkedAt = 0;
    this.invalidated = true;
  }

  private async refresh(): Promise<Snapshot> {
    let version: string;
    try {
      version = await this.read();
    } catch (error) {
      // The very first load has nothing to fall back on: start-up fails with the database's error.
      if (!this.current) throw error;
      if (this.failingSince === null) {
        this.failingSince = Date.now();
        const reason = error instanceof Error ? error.message : String(error);
        this.report(
          `content: the database does not answer (${reason}); serving the last good content (version ${this.current.version}) until it does`,
        );
      }
      this.invalidated = false;
      this.checkedAt = Date.now();
      return this.current;
    }
    if (this.failingSince !== null) {
      const seconds = Math.round((Date.now() - this.failingSince) / 1000);
      this.report(`content: the database answers again after ${seconds} s (content version ${version})`);
      this.failingSince = null;
    }
    this.invalidated = false;
    this.checkedAt = Date.now();
    return this.current!;
  }

  private report(message: string): void {
    (this.options.log ?? console.error)(message);
  }

  /** Reads the stored version, and all the content when it changed; returns the version. */
  private async read(): Promise<string> {
    const [row] = await this.db.all<{ value: string }>("SELECT value FROM content_state WHERE key = ?", [
      "version",
    ]);
    const version = row?.value ?? "empty";
    if (!this.current || this.current.version !== version) {
      const rows = await this.db.all<{ type: string; data: string }>("SELECT type, data FROM content_items");
      this.current = indexSnapshot(rows, version);
    }
    return version;
  }
}

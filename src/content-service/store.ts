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

function index(rows: { type: string; data: string }[], version: string): Snapshot {
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

export class ContentStore {
  private current: Snapshot | null = null;
  private checkedAt = 0;
  private loading: Promise<Snapshot> | null = null;

  constructor(
    private readonly db: Database,
    private readonly recheckMs = 5_000,
  ) {}

  async snapshot(): Promise<Snapshot> {
    if (this.current && Date.now() - this.checkedAt < this.recheckMs) return this.current;
    this.loading ??= this.refresh().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Forget the cached snapshot (after this process stored new content). */
  invalidate(): void {
    this.checkedAt = 0;
  }

  private async refresh(): Promise<Snapshot> {
    const [row] = await this.db.all<{ value: string }>("SELECT value FROM content_state WHERE key = ?", [
      "version",
    ]);
    const version = row?.value ?? "empty";
    if (!this.current || this.current.version !== version) {
      const rows = await this.db.all<{ type: string; data: string }>("SELECT type, data FROM content_items");
      this.current = index(rows, version);
    }
    this.checkedAt = Date.now();
    return this.current;
  }
}

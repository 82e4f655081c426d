import type { Database } from "../db/database";
import type { FieldCipher } from "./field-crypto";
import { randomId } from "./secrets";

/**
 * Journeys in the database: the answers of a resident's unfinished application, keyed by a random
 * id the browser holds in a signed cookie. Kept for 30 days after the last change, which is also
 * how long a "save and come back later" link works. The answers (`state`) are stored sealed
 * (src/server/field-crypto.ts), bound to the journey's id; rows from before encryption still read.
 */
export const JOURNEY_DAYS = 30;

export interface StoredJourney<J> {
  id: string;
  workflow: string;
  journey: J;
  locale: string;
  expiresAt: string;
  resumeToken: string | null;
}

interface Row {
  id: string;
  workflow: string;
  state: string;
  locale: string;
  expires_at: string;
  resume_token: string | null;
}

/** Where a journey's sealed state lives (GCM additional data; also used by src/server/reseal.ts). */
export const stateContext = (id: string) => `journeys.state:${id}`;

const expiry = (now: Date) => new Date(now.getTime() + JOURNEY_DAYS * 86_400_000).toISOString();

export class JourneyStore<J> {
  constructor(
    private readonly db: Database,
    private readonly sealer: Pick<FieldCipher, "seal" | "open">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private seal(id: string, journey: J): string {
    return this.sealer.seal(JSON.stringify(journey), stateContext(id));
  }

  private fromRow(row: Row | undefined): StoredJourney<J> | undefined {
    if (!row || row.expires_at < this.now().toISOString()) return undefined;
    return {
      id: row.id,
      workflow: row.workflow,
      journey: JSON.parse(this.sealer.open(row.state, stateContext(row.id))) as J,
      locale: row.locale,
      expiresAt: row.expires_at,
      resumeToken: row.resume_token,
    };
  }

  async create(workflow: string, journey: J, locale: string): Promise<StoredJourney<J>> {
    const now = this.now();
    const id = randomId();
    await this.db.run(
      "INSERT INTO journeys (id, workflow, state, locale, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [id, workflow, this.seal(id, journey), locale, now.toISOString(), now.toISOString(), expiry(now)],
    );
    return { id, workflow, journey, locale, expiresAt: expiry(now), resumeToken: null };
  }

  async get(id: string, workflow: string): Promise<StoredJourney<J> | undefined> {
    const [row] = await this.db.all<Row>("SELECT * FROM journeys WHERE id = ? AND workflow = ?", [
      id,
      workflow,
    ]);
    return this.fromRow(row);
  }

  async save(id: string, journey: J, locale: string): Promise<void> {
    const now = this.now();
    await this.db.run(
      "UPDATE journeys SET state = ?, locale = ?, updated_at = ?, expires_at = ? WHERE id = ?",
      [this.seal(id, journey), locale, now.toISOString(), expiry(now), id],
    );
  }

  /** The token of a save-and-return link (made once per journey, then reused). */
  async resumeToken(id: string): Promise<string> {
    const [row] = await this.db.all<Row>("SELECT resume_token FROM journeys WHERE id = ?", [id]);
    if (row?.resume_token) return row.resume_token;
    const token = randomId(24);
    await this.db.run("UPDATE journeys SET resume_token = ? WHERE id = ?", [token, id]);
    return token;
  }

  async byResumeToken(token: string): Promise<StoredJourney<J> | undefined> {
    const [row] = await this.db.all<Row>("SELECT * FROM journeys WHERE resume_token = ?", [token]);
    return this.fromRow(row);
  }

  /** Forget journeys past their 30 days (run at start-up and daily). */
  async purgeExpired(): Promise<number> {
    return (await this.db.run("DELETE FROM journeys WHERE expires_at < ?", [this.now().toISOString()]))
      .changes;
  }
}

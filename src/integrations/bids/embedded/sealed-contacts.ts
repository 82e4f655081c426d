/**
 * Bidders' contact details at rest: each of company name, street address, phone, fax and e-mail is
 * sealed with DATA_KEY on its own, bound to its row and column (`bid_packet_requests.<column>:
 * <reference>`), so a sealed value copied into another row or column does not open there.
 *
 * Rows stored before the details were sealed are sealed once per database: the first time the bids
 * are used with a cipher, every row is read and any value not sealed with the current key is sealed
 * again (compare-and-set, so processes starting together do not fight), the plain bytes left behind
 * are scrubbed (`scrub`), then the `bids_state` row `contacts-sealed` records that it is done.
 * After a key rotation, `npm run data-key:reseal` (src/server/reseal.ts) re-seals them with the
 * rest. A row a process of the version before sealing writes during a rolling deploy, after the
 * sweep, stays plain until then (and still opens as it is).
 */
import type { Database } from "../../../db/database";
import type { BidsCipher } from "../bids";

export const SEALED_CONTACT_COLUMNS = ["company_name", "street_address", "phone", "fax", "email"] as const;
export type SealedContactColumn = (typeof SEALED_CONTACT_COLUMNS)[number];

/** The GCM additional data of one column of one request (also used by src/server/reseal.ts). */
export const contactContext = (column: SealedContactColumn, reference: string) =>
  `bid_packet_requests.${column}:${reference}`;

/** The `bids_state` key that says the rows stored before sealing have been sealed. */
const DONE = "contacts-sealed";
const BATCH = 200;

type ContactRow = { reference: string } & Record<SealedContactColumn, string | null>;

/**
 * Seals, once per database, the contact details of rows stored before they were sealed. Returns how
 * many rows it changed (0 when it was already done).
 */
export async function sealStoredContacts(db: Database, cipher: BidsCipher, now: Date): Promise<number> {
  const [done] = await db.all<{ value: string }>("SELECT value FROM bids_state WHERE key = ?", [DONE]);
  if (done) return 0;
  let changed = 0;
  let after = "";
  for (;;) {
    const rows = await db.all<ContactRow>(
      `SELECT reference, ${SEALED_CONTACT_COLUMNS.join(", ")} FROM bid_packet_requests
       WHERE reference > ? ORDER BY reference LIMIT ${BATCH}`,
      [after],
    );
    for (const row of rows) {
      const stale = SEALED_CONTACT_COLUMNS.filter((c) => row[c] !== null && cipher.needsReseal(row[c]));
      if (stale.length === 0) continue;
      const sealed = stale.map((c) => {
        const context = contactContext(c, row.reference);
        return cipher.seal(cipher.open(row[c] as string, context), context);
      });
      // Only if the row is still as read: another process may have sealed it meanwhile.
      const { changes } = await db.run(
        `UPDATE bid_packet_requests SET ${stale.map((c) => `${c} = ?`).join(", ")}
         WHERE reference = ? AND ${stale.map((c) => `${c} = ?`).join(" AND ")}`,
        [...sealed, row.reference, ...stale.map((c) => row[c])],
      );
      changed += changes;
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]?.reference ?? after;
  }
  if (changed > 0) await scrub(db);
  await db.run("INSERT INTO bids_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", [
    DONE,
    now.toISOString(),
  ]);
  return changed;
}

/**
 * A value sealed in place leaves its plain bytes behind: SQLite keeps them in the page's free space
 * (and in cells a page split copied away earlier), PostgreSQL in the row's dead version. Rewriting
 * the file (SQLite's VACUUM, then the write-ahead log emptied) or the table (PostgreSQL's VACUUM
 * FULL) drops them. Done once, and only when plain rows were found: it holds the database for as
 * long as the rewrite takes. Copies made before (backups, PostgreSQL's archived WAL) are not reached.
 */
async function scrub(db: Database): Promise<void> {
  if (db.dialect === "sqlite") {
    await db.exec("VACUUM");
    await db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  } else {
    await db.exec("VACUUM FULL bid_packet_requests");
  }
}

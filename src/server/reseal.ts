import type { Queryable } from "../db/database";
import { contactContext, SEALED_CONTACT_COLUMNS } from "../integrations/bids/embedded/sealed-contacts";
import { sealContext } from "../integrations/submissions/submissions";
import type { FieldCipher } from "./field-crypto";
import { stateContext } from "./journey-store";

/**
 * After DATA_KEY is rotated, re-seals every stored value that is sealed with an older key (or not
 * sealed at all, from before encryption) with the current one, so the old key can then be dropped
 * from DATA_KEYS_PREVIOUS. Safe while the site runs: a row changed meanwhile is left as it is (it was
 * just written with the current key anyway). `npm run data-key:reseal`.
 */
export interface SealedColumn {
  table: string;
  key: string;
  column: string;
  /** The GCM additional data the value was sealed with, from its row's key. */
  context(key: string): string;
}

export const SEALED_COLUMNS: SealedColumn[] = [
  { table: "journeys", key: "id", column: "state", context: stateContext },
  { table: "submissions", key: "reference", column: "answers", context: (r) => sealContext("answers", r) },
  { table: "submissions", key: "reference", column: "result", context: (r) => sealContext("result", r) },
  // The outbox seals its payloads with the same cipher (src/outbox/outbox.ts).
  { table: "outbox", key: "id", column: "payload", context: (id) => `outbox.payload:${id}` },
  // Bidders' contact details, each column sealed on its own (src/integrations/bids/embedded/sealed-contacts.ts).
  ...SEALED_CONTACT_COLUMNS.map((column) => ({
    table: "bid_packet_requests",
    key: "reference",
    column,
    context: (reference: string) => contactContext(column, reference),
  })),
];

const BATCH = 500;

export async function resealAll(
  db: Queryable,
  cipher: FieldCipher,
  columns: SealedColumn[] = SEALED_COLUMNS,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, key, column, context } of columns) {
    const name = `${table}.${column}`;
    counts[name] = 0;
    let after = "";
    for (;;) {
      const rows = await db.all<{ k: string; v: string | null }>(
        `SELECT ${key} AS k, ${column} AS v FROM ${table} WHERE ${key} > ? ORDER BY ${key} LIMIT ${BATCH}`,
        [after],
      );
      for (const row of rows) {
        // A column that may be empty (a bidder's fax) has nothing to seal.
        if (row.v === null || !cipher.needsReseal(row.v)) continue;
        const resealed = cipher.seal(cipher.open(row.v, context(row.k)), context(row.k));
        const { changes } = await db.run(
          `UPDATE ${table} SET ${column} = ? WHERE ${key} = ? AND ${column} = ?`,
          [resealed, row.k, row.v],
        );
        counts[name] += changes;
      }
      if (rows.length < BATCH) break;
      after = rows[rows.length - 1]!.k;
    }
  }
  return counts;
}

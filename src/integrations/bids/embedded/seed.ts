/**
 * Keeps the demo bids in the bids table with their dates as on the day: inserted on first use and
 * moved each new day, so the demo always has open bids due ahead and awarded ones in the past.
 * Safe from several processes at once (the state row is locked first). Bids that are not demo
 * bids are never touched.
 */
import type { Database } from "../../../db/database";
import { demoBidsOn } from "./demo-bids";

/** Returns whether it wrote anything. `today` is yyyy-mm-dd. */
export async function seedDemoBids(db: Database, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.run("UPDATE bids_state SET value = value WHERE key = ?", ["demo"]);
    const [state] = await tx.all<{ value: string }>("SELECT value FROM bids_state WHERE key = ?", ["demo"]);
    if (state?.value === today) return false;
    for (const b of demoBidsOn(today)) {
      await tx.run(
        `INSERT INTO bids (number, title, agency, status, service_type, due_date, issued_on, description, buyer, demo)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
         ON CONFLICT (number) DO UPDATE SET title = excluded.title, agency = excluded.agency,
           status = excluded.status, service_type = excluded.service_type, due_date = excluded.due_date,
           issued_on = excluded.issued_on, description = excluded.description, buyer = excluded.buyer
         WHERE bids.demo = 1`,
        [b.number, b.title, b.agency, b.status, b.serviceType, b.dueDate, b.issuedOn, b.description, b.buyer],
      );
    }
    await tx.run("UPDATE bids_state SET value = ? WHERE key = ?", [today, "demo"]);
    return true;
  });
}

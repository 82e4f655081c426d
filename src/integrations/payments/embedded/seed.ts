/**
 * Fills the payments tables with demo data: invoices generated from the parcels in the database
 * (seed the property records first), and the demo gallery accounts. Safe on every start and from
 * several processes at once.
 */
import type { Database, Params, Queryable } from "../../../db/database";
import { insertRows } from "../../property-records/embedded/seed";
import { DEMO_GALLERY_ACCOUNTS, nameKey } from "./demo-gallery-accounts";
import { INVOICE_GENERATOR_VERSION, type InvoiceRecord, invoicesForParcel } from "./demo-invoices";

const INVOICE_COLUMNS = [
  "id",
  "parcel_number",
  "pay_year",
  "installment",
  "tax_type",
  "due_date",
  "amount_cents",
  "balance_cents",
] as const;

const invoiceRow = (i: InvoiceRecord): Params => [
  i.id,
  i.parcelNumber,
  i.payYear,
  i.installment,
  i.taxType,
  i.dueDate,
  i.amountCents,
  i.balanceCents,
];

interface ParcelRow {
  parcel_number: string;
  owners: string;
  mobile_home: number | string;
  assessed_value_cents: number | string;
  existing_deductions: string;
}

async function generatedInvoices(tx: Queryable): Promise<InvoiceRecord[]> {
  const parcels = await tx.all<ParcelRow>(
    "SELECT parcel_number, owners, mobile_home, assessed_value_cents, existing_deductions FROM parcels ORDER BY parcel_number",
  );
  return parcels.flatMap((row) =>
    invoicesForParcel({
      parcelNumber: row.parcel_number,
      owners: JSON.parse(row.owners) as string[],
      mobileHome: Number(row.mobile_home) === 1,
      assessedValueCents: Number(row.assessed_value_cents),
      existingDeductions: JSON.parse(row.existing_deductions) as string[],
    }),
  );
}

/**
 * Generates the invoices unless the table already holds this generator's invoices for the parcels
 * as they are seeded now (their signature). Regenerating replaces every invoice, balances included:
 * it happens only when the parcels or the generator change. Returns whether it wrote anything.
 */
export async function seedInvoices(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Locks the row (see property-records/embedded/seed.ts): a second process waits, then stops.
    await tx.run("UPDATE payments_state SET value = value WHERE key = ?", ["invoices"]);
    const [parcels] = await tx.all<{ value: string }>(
      "SELECT value FROM property_records_state WHERE key = ?",
      ["seed"],
    );
    const signature = `generator=${INVOICE_GENERATOR_VERSION};parcels=${parcels?.value ?? ""}`;
    const [state] = await tx.all<{ value: string }>("SELECT value FROM payments_state WHERE key = ?", [
      "invoices",
    ]);
    if (state?.value === signature) return false;
    await tx.run("DELETE FROM invoices");
    await insertRows(tx, "invoices", INVOICE_COLUMNS, (await generatedInvoices(tx)).map(invoiceRow));
    await tx.run("UPDATE payments_state SET value = ? WHERE key = ?", [signature, "invoices"]);
    return true;
  });
}

/** Adds the demo gallery accounts not stored yet; an account a payment has changed is left alone. */
export async function seedGalleryAccounts(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (const a of DEMO_GALLERY_ACCOUNTS) {
      const { changes } = await tx.run(
        `INSERT INTO gallery_accounts (gallery_number, name, name_key, date_of_birth, account_status, payable, amount_owed_cents)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (gallery_number) DO NOTHING`,
        [
          a.galleryNumber,
          a.name,
          nameKey(a.name),
          a.dateOfBirth,
          a.accountStatus,
          a.payable ? 1 : 0,
          a.amountOwedCents,
        ],
      );
      added += changes;
    }
    return added;
  });
}

/** Both, invoices first. */
export async function seedPaymentDemoData(
  db: Database,
): Promise<{ invoices: boolean; galleryAccounts: number }> {
  return { invoices: await seedInvoices(db), galleryAccounts: await seedGalleryAccounts(db) };
}

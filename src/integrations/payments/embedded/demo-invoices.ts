/**
 * Property tax invoices, generated from the parcels so every demo database has the same bills.
 * Cedarport bills a year's tax in two installments, spring (due May 11, 2026) and fall (due
 * November 10, 2026); an unpaid fall installment of the year before is past due. The tax is a demo
 * approximation of Indiana's caps: 1% of the assessed value a year on a homestead, 2% on other
 * property; a company's parcel may also owe business personal property tax.
 *
 * The fixed demo parcels (property-records/embedded/demo-parcels.ts) get these invoices:
 *
 * | parcel  | owner                         | invoice           | tax type                   | due        | balance   |
 * |---------|-------------------------------|-------------------|----------------------------|------------|-----------|
 * | 1000001 | Maria Delgado                 | RP-2026-2-1000001 | real property              | 2026-11-10 | $1,843.00 |
 * | 1000002 | James and Grace Okafor        | RP-2026-1-1000002 | real property              | 2026-05-11 | $362.50 (of $1,062.50) |
 * |         |                               | RP-2026-2-1000002 | real property              | 2026-11-10 | $1,062.50 |
 * | 1000003 | Cedarport Rental Holdings LLC | RP-2025-2-1000003 | real property              | 2025-11-10 | $1,432.00 |
 * |         |                               | RP-2026-2-1000003 | real property              | 2026-11-10 | $1,432.00 |
 * |         |                               | BP-2026-2-1000003 | business personal property | 2026-11-10 | $418.75   |
 * | 2000001 | Marcus and Tanya Bell         | none (all paid)   |                            |            |           |
 * | 4000001 | Dorothy Whitfield             | RP-2026-2-4000001 | real property              | 2026-11-10 | $493.50   |
 * | 6000001 | Minh and Linh Tran            | RP-2026-2-6000001 | real property              | 2026-11-10 | $844.50   |
 * | 8000001 | Dale Hutchins                 | MH-2026-1-8000001 | mobile home                | 2026-05-11 | $246.00   |
 * |         |                               | MH-2026-2-8000001 | mobile home                | 2026-11-10 | $246.00   |
 *
 * About half of the generated parcels owe something: the fall installment (sometimes part of it),
 * sometimes the spring one too, now and then last year's fall one.
 *
 * Changing what this produces bumps INVOICE_GENERATOR_VERSION, so databases are seeded again.
 */

import { createRandom } from "../../property-records/embedded/random";
import { isOrganizationName } from "../../property-records/owner-name";

export const INVOICE_GENERATOR_VERSION = 1;

export const TAX_TYPES = ["real-property", "mobile-home", "business-personal-property"] as const;
export type TaxType = (typeof TAX_TYPES)[number];

export interface InvoiceRecord {
  id: string;
  parcelNumber: string;
  payYear: number;
  /** 1: spring, 2: fall. */
  installment: 1 | 2;
  taxType: TaxType;
  /** yyyy-mm-dd */
  dueDate: string;
  amountCents: number;
  balanceCents: number;
}

/** What the generator needs of a parcel. */
export interface ParcelFacts {
  parcelNumber: string;
  owners: readonly string[];
  mobileHome: boolean;
  assessedValueCents: number;
  existingDeductions: readonly string[];
}

export const PAY_YEAR = 2026;
const DUE_DATES: Record<string, string> = {
  "2025-2": "2025-11-10",
  "2026-1": "2026-05-11",
  "2026-2": "2026-11-10",
};

const TYPE_CODES: Record<TaxType, string> = {
  "real-property": "RP",
  "mobile-home": "MH",
  "business-personal-property": "BP",
};

/** RP-2026-2-1000001: tax type, pay year, installment, parcel. */
export const INVOICE_ID = /^(RP|MH|BP)-(\d{4})-([12])-(\d{7})$/;

/** Half a year's tax on the parcel, rounded half up to the cent. */
export function installmentCents(parcel: ParcelFacts): number {
  const basisPoints = parcel.existingDeductions.includes("homestead") ? 100 : 200;
  // assessed × rate / 2, in integer arithmetic: assessed × bp / 20 000.
  return Math.floor((parcel.assessedValueCents * basisPoints + 10_000) / 20_000);
}

function invoice(
  parcel: ParcelFacts,
  taxType: TaxType,
  payYear: number,
  installment: 1 | 2,
  amountCents: number,
  balanceCents = amountCents,
): InvoiceRecord {
  return {
    id: `${TYPE_CODES[taxType]}-${payYear}-${installment}-${parcel.parcelNumber}`,
    parcelNumber: parcel.parcelNumber,
    payYear,
    installment,
    taxType,
    dueDate: DUE_DATES[`${payYear}-${installment}`] ?? `${payYear}-${installment === 1 ? "05-11" : "11-10"}`,
    amountCents,
    balanceCents,
  };
}

/** The fixed demo parcels' invoices (the table above), by parcel number. */
const DEMO: Record<string, (parcel: ParcelFacts, amount: number) => InvoiceRecord[]> = {
  "1000001": (p, a) => [invoice(p, "real-property", 2026, 2, a)],
  "1000002": (p, a) => [
    invoice(p, "real-property", 2026, 1, a, 36_250),
    invoice(p, "real-property", 2026, 2, a),
  ],
  "1000003": (p, a) => [
    invoice(p, "real-property", 2025, 2, a),
    invoice(p, "real-property", 2026, 2, a),
    invoice(p, "business-personal-property", 2026, 2, 41_875),
  ],
  "2000001": () => [],
  "4000001": (p, a) => [invoice(p, "real-property", 2026, 2, a)],
  "6000001": (p, a) => [invoice(p, "real-property", 2026, 2, a)],
  "8000001": (p, a) => [invoice(p, "mobile-home", 2026, 1, a), invoice(p, "mobile-home", 2026, 2, a)],
};

/** A parcel's own random source: its invoices do not depend on which other parcels exist. */
const randomFor = (parcelNumber: string) =>
  createRandom(Math.imul(Number(parcelNumber), 0x9e3779b1) ^ INVOICE_GENERATOR_VERSION);

/** The open invoices of one parcel; the same parcel always gets the same ones. */
export function invoicesForParcel(parcel: ParcelFacts): InvoiceRecord[] {
  const amount = installmentCents(parcel);
  const demo = DEMO[parcel.parcelNumber];
  if (demo) return demo(parcel, amount);
  if (amount <= 0) return [];
  const random = randomFor(parcel.parcelNumber);
  const type: TaxType = parcel.mobileHome ? "mobile-home" : "real-property";
  const draw = random.next();
  const out: InvoiceRecord[] = [];
  if (draw < 0.05) out.push(invoice(parcel, type, 2025, 2, amount));
  if (draw < 0.15) out.push(invoice(parcel, type, 2026, 1, amount));
  if (draw < 0.42) out.push(invoice(parcel, type, 2026, 2, amount));
  else if (draw < 0.52) {
    // Part of the fall installment is paid already: a whole number of dollars, at least $25 left.
    const payableDollars = Math.floor((amount - 2_500) / 100);
    const paid = payableDollars >= 1 ? random.int(1, payableDollars) * 100 : 0;
    out.push(invoice(parcel, type, 2026, 2, amount, amount - paid));
  }
  if (out.length > 0 && parcel.owners.some(isOrganizationName) && random.chance(0.5))
    out.push(
      invoice(
        parcel,
        "business-personal-property",
        2026,
        2,
        random.int(150, 2_400) * 100 + random.int(0, 3) * 25,
      ),
    );
  return out;
}

/**
 * One invoice as its page shows it (/payments/invoices/:id, the `viewUrl` the `invoices` operation
 * gives). The invoice table holds what is owed; the parcel's state number and address come from the
 * property records, which already tell anyone with the parcel number (the `property-records.find`
 * operation). Owners' names are not part of it: the page is open to whoever has the address.
 */
import type { Queryable } from "../../db/database";
import { isLocalParcelNumber, type ParcelAddress, type PropertyRecords } from "../property-records";
import type { TaxType } from "./embedded/demo-invoices";
import { invoicesById, openInvoices } from "./store";

export interface InvoiceView {
  id: string;
  parcelNumber: string;
  /** Null when the property records do not know the parcel. */
  stateParcelNumber: string | null;
  address: ParcelAddress | null;
  payYear: number;
  /** 1: spring, 2: fall. */
  installment: 1 | 2;
  taxType: TaxType;
  /** yyyy-mm-dd */
  dueDate: string;
  amountCents: number;
  /** What payments have taken off the bill so far (a bank debit still settling included). */
  paidCents: number;
  balanceCents: number;
}

/**
 * What an invoice id may look like before the database is asked: the demo's are
 * "RP-2026-2-1000001", a city's own system may use other letters, digits and separators.
 */
const PLAUSIBLE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface InvoiceViews {
  /** The invoice, or undefined for an id that is unknown or cannot be one. */
  invoice(id: string): Promise<InvoiceView | undefined>;
  /**
   * The parcel's invoices that still have a balance, due first first (the property page's taxes
   * due). The parcel number is the canonical one the property records give; [] for any other.
   */
  openForParcel(parcelNumber: string): Promise<OpenInvoice[]>;
}

/** An invoice with something still to pay, as a parcel's page lists it. */
export type OpenInvoice = Pick<
  InvoiceView,
  "id" | "payYear" | "installment" | "taxType" | "dueDate" | "amountCents" | "balanceCents"
>;

export function invoiceViews(
  db: Queryable,
  records: Pick<PropertyRecords, "findByParcelNumber">,
): InvoiceViews {
  return {
    async invoice(id) {
      if (!PLAUSIBLE_ID.test(id)) return undefined;
      const invoice = (await invoicesById(db, [id])).get(id);
      if (!invoice) return undefined;
      const parcel = await records.findByParcelNumber(invoice.parcelNumber);
      return {
        ...invoice,
        stateParcelNumber: parcel?.stateParcelNumber ?? null,
        address: parcel?.address ?? null,
        paidCents: invoice.amountCents - invoice.balanceCents,
      };
    },
    async openForParcel(parcelNumber) {
      if (!isLocalParcelNumber(parcelNumber)) return [];
      return (await openInvoices(db, [parcelNumber])).map(
        ({ id, payYear, installment, taxType, dueDate, amountCents, balanceCents }) => ({
          id,
          payYear,
          installment,
          taxType,
          dueDate,
          amountCents,
          balanceCents,
        }),
      );
    },
  };
}

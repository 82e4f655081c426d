/**
 * The payments tables (src/db/migrations/006-payments.sql), in the SQL SQLite and PostgreSQL share.
 * PostgreSQL returns BIGINT as text, hence the Number() on every amount read.
 */
import type { Params, Queryable } from "../../db/database";
import type { CardBrand } from "../../domain/payment-card";
import type { AccountStatus } from "./embedded/demo-gallery-accounts";
import type { TaxType } from "./embedded/demo-invoices";
import type { PaymentMethod } from "./provider";

export interface Invoice {
  id: string;
  parcelNumber: string;
  payYear: number;
  installment: 1 | 2;
  taxType: TaxType;
  dueDate: string;
  amountCents: number;
  balanceCents: number;
}

export interface GalleryAccount {
  galleryNumber: string;
  name: string;
  nameKey: string;
  dateOfBirth: string;
  accountStatus: AccountStatus;
  payable: boolean;
  amountOwedCents: number;
}

export type ItemKind = "invoice" | "gallery-account";

/** One thing paid for, as stored with the payment: what it was, never whose name is on it. */
export interface PaidItem {
  kind: ItemKind;
  id: string;
  amount: number;
  /** Invoices: what the receipt says about them. */
  parcelNumber?: string;
  payYear?: number;
  installment?: 1 | 2;
  taxType?: TaxType;
}

export type PaymentStatus =
  | "pending"
  | "redirect"
  | "processing"
  | "approved"
  | "declined"
  | "failed"
  | "cancelled";

/** Statuses a try can still leave: the provider has not given its last word. */
export const OPEN_STATUSES: readonly PaymentStatus[] = ["pending", "redirect", "processing"];
/** Statuses after which the same attempt key may try again (nothing was taken). */
export const RETRIABLE_STATUSES: readonly PaymentStatus[] = ["declined", "failed", "cancelled"];

export interface Payment {
  id: string;
  attemptKey: string;
  reference: string;
  status: PaymentStatus;
  method: PaymentMethod;
  brand: CardBrand | null;
  maskedNumber: string;
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
  refundedCents: number;
  items: PaidItem[];
  locale: "en" | "es";
  /** Sealed (see payments.ts); null when no receipt was asked for. */
  receiptTo: string | null;
  provider: string;
  providerPaymentId: string | null;
  redirectUrl: string | null;
  declineCode: string | null;
  tries: number;
  claimedAt: string;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

// ── Invoices and gallery accounts ──────────────────────────────────────────────────────────────

interface InvoiceRow {
  id: string;
  parcel_number: string;
  pay_year: number | string;
  installment: number | string;
  tax_type: string;
  due_date: string;
  amount_cents: number | string;
  balance_cents: number | string;
}

const invoiceOf = (row: InvoiceRow): Invoice => ({
  id: row.id,
  parcelNumber: row.parcel_number,
  payYear: Number(row.pay_year),
  installment: Number(row.installment) === 1 ? 1 : 2,
  taxType: row.tax_type as TaxType,
  dueDate: row.due_date,
  amountCents: Number(row.amount_cents),
  balanceCents: Number(row.balance_cents),
});

const INVOICE_COLUMNS =
  "id, parcel_number, pay_year, installment, tax_type, due_date, amount_cents, balance_cents";

/** Invoices of these parcels with something still due, by parcel then due date. */
export async function openInvoices(q: Queryable, parcelNumbers: readonly string[]): Promise<Invoice[]> {
  if (parcelNumbers.length === 0) return [];
  const rows = await q.all<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE parcel_number IN (${parcelNumbers.map(() => "?").join(", ")})
     AND balance_cents > 0 ORDER BY parcel_number, due_date, id`,
    parcelNumbers,
  );
  return rows.map(invoiceOf);
}

export async function invoicesById(q: Queryable, ids: readonly string[]): Promise<Map<string, Invoice>> {
  if (ids.length === 0) return new Map();
  const rows = await q.all<InvoiceRow>(
    `SELECT ${INVOICE_COLUMNS} FROM invoices WHERE id IN (${ids.map(() => "?").join(", ")})`,
    ids,
  );
  return new Map(rows.map((row) => [row.id, invoiceOf(row)]));
}

interface AccountRow {
  gallery_number: string;
  name: string;
  name_key: string;
  date_of_birth: string;
  account_status: string;
  payable: number | string;
  amount_owed_cents: number | string;
}

const accountOf = (row: AccountRow): GalleryAccount => ({
  galleryNumber: row.gallery_number,
  name: row.name,
  nameKey: row.name_key,
  dateOfBirth: row.date_of_birth,
  accountStatus: row.account_status as AccountStatus,
  payable: Number(row.payable) === 1,
  amountOwedCents: Number(row.amount_owed_cents),
});

export async function galleryAccountsByNumber(
  q: Queryable,
  numbers: readonly string[],
): Promise<Map<string, GalleryAccount>> {
  if (numbers.length === 0) return new Map();
  const rows = await q.all<AccountRow>(
    `SELECT gallery_number, name, name_key, date_of_birth, account_status, payable, amount_owed_cents
     FROM gallery_accounts WHERE gallery_number IN (${numbers.map(() => "?").join(", ")})`,
    numbers,
  );
  return new Map(rows.map((row) => [row.gallery_number, accountOf(row)]));
}

/**
 * Takes `amount` off what an item owes, only if it still owes at least that much (and, for a
 * gallery account, still takes payments). The condition is in the UPDATE itself, so two payments
 * racing for one invoice cannot both take its last dollar: the second finds nothing to update.
 */
export async function takeFromBalance(
  tx: Queryable,
  kind: ItemKind,
  id: string,
  amount: number,
): Promise<boolean> {
  const { changes } =
    kind === "invoice"
      ? await tx.run(
          "UPDATE invoices SET balance_cents = balance_cents - ? WHERE id = ? AND balance_cents >= ?",
          [amount, id, amount],
        )
      : await tx.run(
          "UPDATE gallery_accounts SET amount_owed_cents = amount_owed_cents - ? WHERE gallery_number = ? AND amount_owed_cents >= ? AND payable = 1",
          [amount, id, amount],
        );
  return changes === 1;
}

/** Gives back what takeFromBalance took (a declined payment, a refund). */
export async function returnToBalance(
  tx: Queryable,
  kind: ItemKind,
  id: string,
  amount: number,
): Promise<void> {
  if (kind === "invoice")
    await tx.run("UPDATE invoices SET balance_cents = balance_cents + ? WHERE id = ?", [amount, id]);
  else
    await tx.run(
      "UPDATE gallery_accounts SET amount_owed_cents = amount_owed_cents + ? WHERE gallery_number = ?",
      [amount, id],
    );
}

// ── Payments ───────────────────────────────────────────────────────────────────────────────────

interface PaymentRow {
  id: string;
  attempt_key: string;
  reference: string;
  status: string;
  method: string;
  brand: string | null;
  masked_number: string;
  subtotal_cents: number | string;
  fee_cents: number | string;
  total_cents: number | string;
  refunded_cents: number | string;
  items: string;
  locale: string;
  receipt_to: string | null;
  provider: string;
  provider_payment_id: string | null;
  redirect_url: string | null;
  decline_code: string | null;
  tries: number | string;
  claimed_at: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

const paymentOf = (row: PaymentRow): Payment => ({
  id: row.id,
  attemptKey: row.attempt_key,
  reference: row.reference,
  status: row.status as PaymentStatus,
  method: row.method as PaymentMethod,
  brand: (row.brand as CardBrand | null) ?? null,
  maskedNumber: row.masked_number,
  subtotalCents: Number(row.subtotal_cents),
  feeCents: Number(row.fee_cents),
  totalCents: Number(row.total_cents),
  refundedCents: Number(row.refunded_cents),
  items: JSON.parse(row.items) as PaidItem[],
  locale: row.locale === "es" ? "es" : "en",
  receiptTo: row.receipt_to,
  provider: row.provider,
  providerPaymentId: row.provider_payment_id,
  redirectUrl: row.redirect_url,
  declineCode: row.decline_code,
  tries: Number(row.tries),
  claimedAt: row.claimed_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  completedAt: row.completed_at,
});

export async function paymentWhere(q: Queryable, column: "id" | "attempt_key" | "reference", value: string) {
  const [row] = await q.all<PaymentRow>(`SELECT * FROM payments WHERE ${column} = ?`, [value]);
  return row ? paymentOf(row) : undefined;
}

/** Payments in `statuses` whose current try started before `before`, oldest first. */
export async function paymentsClaimedBefore(
  q: Queryable,
  statuses: readonly PaymentStatus[],
  before: string,
  limit: number,
): Promise<Payment[]> {
  const rows = await q.all<PaymentRow>(
    `SELECT * FROM payments WHERE status IN (${statuses.map(() => "?").join(", ")}) AND claimed_at < ?
     ORDER BY claimed_at LIMIT ?`,
    [...statuses, before, limit],
  );
  return rows.map(paymentOf);
}

/** The parts of a try the request decides (a retry with the same key may change them). */
export interface TryFields {
  status: PaymentStatus;
  method: PaymentMethod;
  brand: CardBrand | null;
  maskedNumber: string;
  subtotalCents: number;
  feeCents: number;
  totalCents: number;
  items: PaidItem[];
  locale: "en" | "es";
  receiptTo: string | null;
  provider: string;
  claimedAt: string;
}

const tryParams = (f: TryFields): Params => [
  f.status,
  f.method,
  f.brand,
  f.maskedNumber,
  f.subtotalCents,
  f.feeCents,
  f.totalCents,
  JSON.stringify(f.items),
  f.locale,
  f.receiptTo,
  f.provider,
  f.claimedAt,
];

/**
 * Claims `attemptKey` with a new payment. Returns false, storing nothing, when a payment already
 * holds the key: the UNIQUE constraint decides, whichever process asks first.
 */
export async function insertPayment(
  tx: Queryable,
  p: { id: string; attemptKey: string; reference: string } & TryFields,
): Promise<boolean> {
  const { changes } = await tx.run(
    `INSERT INTO payments (status, method, brand, masked_number, subtotal_cents, fee_cents, total_cents, items,
       locale, receipt_to, provider, claimed_at, id, attempt_key, reference, refunded_cents, tries, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?) ON CONFLICT (attempt_key) DO NOTHING`,
    [...tryParams(p), p.id, p.attemptKey, p.reference, p.claimedAt, p.claimedAt],
  );
  return changes === 1;
}

/**
 * Starts the next try of a payment whose last try took nothing (declined, failed, cancelled).
 * Only the request that still sees try `tries` in that status wins; returns whether it did.
 */
export async function startNextTry(tx: Queryable, previous: Payment, fields: TryFields): Promise<boolean> {
  const { changes } = await tx.run(
    `UPDATE payments SET status = ?, method = ?, brand = ?, masked_number = ?, subtotal_cents = ?, fee_cents = ?,
       total_cents = ?, items = ?, locale = ?, receipt_to = ?, provider = ?, claimed_at = ?,
       tries = tries + 1, updated_at = ?, provider_payment_id = NULL, redirect_url = NULL, decline_code = NULL,
       completed_at = NULL
     WHERE id = ? AND status = ? AND tries = ?`,
    [...tryParams(fields), fields.claimedAt, previous.id, previous.status, previous.tries],
  );
  return changes === 1;
}

/** Takes over a try left pending by a process that stopped answering; true for the one that wins. */
export async function takeOver(q: Queryable, payment: Payment, now: string): Promise<boolean> {
  const { changes } = await q.run(
    "UPDATE payments SET claimed_at = ?, updated_at = ? WHERE id = ? AND tries = ? AND status = ? AND claimed_at = ?",
    [now, now, payment.id, payment.tries, payment.status, payment.claimedAt],
  );
  return changes === 1;
}

/**
 * Moves try `tries` on from an open status. False when it is no longer open (another process
 * settled it first): then the caller changes nothing else either.
 */
export async function moveOn(
  tx: Queryable,
  payment: Payment,
  to: {
    status: PaymentStatus;
    providerPaymentId?: string | null;
    redirectUrl?: string | null;
    declineCode?: string | null;
    maskedNumber?: string;
    brand?: CardBrand | null;
    now: string;
    completed: boolean;
  },
): Promise<boolean> {
  const { changes } = await tx.run(
    `UPDATE payments SET status = ?, provider_payment_id = COALESCE(?, provider_payment_id),
       redirect_url = ?, decline_code = ?, masked_number = COALESCE(?, masked_number), brand = COALESCE(?, brand),
       updated_at = ?, completed_at = ?
     WHERE id = ? AND tries = ? AND status IN (${OPEN_STATUSES.map(() => "?").join(", ")})`,
    [
      to.status,
      to.providerPaymentId ?? null,
      to.redirectUrl ?? null,
      to.declineCode ?? null,
      to.maskedNumber ?? null,
      to.brand ?? null,
      to.now,
      to.completed ? to.now : null,
      payment.id,
      payment.tries,
      ...OPEN_STATUSES,
    ],
  );
  return changes === 1;
}

/** Records which provider payment a pending try created (so a lost answer can be looked up). */
export async function noteProviderPayment(
  q: Queryable,
  payment: Payment,
  providerPaymentId: string,
  now: string,
) {
  await q.run(
    "UPDATE payments SET provider_payment_id = ?, updated_at = ? WHERE id = ? AND tries = ? AND status = 'pending'",
    [providerPaymentId, now, payment.id, payment.tries],
  );
}

// ── Refunds ────────────────────────────────────────────────────────────────────────────────────

export interface StoredRefund {
  id: string;
  paymentId: string;
  refundKey: string;
  amountCents: number;
  providerRefundId: string;
  status: string;
  createdAt: string;
  /** The principal earlier refunds had reserved when this one was (absent on refunds made before it was kept). */
  reservedAfter?: number;
}

interface RefundRow {
  id: string;
  payment_id: string;
  refund_key: string;
  amount_cents: number | string;
  provider_refund_id: string;
  status: string;
  created_at: string;
  reserved_after: number | string | null;
}

export async function refundByKey(q: Queryable, refundKey: string): Promise<StoredRefund | undefined> {
  const [row] = await q.all<RefundRow>("SELECT * FROM payment_refunds WHERE refund_key = ?", [refundKey]);
  return row
    ? {
        id: row.id,
        paymentId: row.payment_id,
        refundKey: row.refund_key,
        amountCents: Number(row.amount_cents),
        providerRefundId: row.provider_refund_id,
        status: row.status,
        createdAt: row.created_at,
        ...(row.reserved_after === null ? {} : { reservedAfter: Number(row.reserved_after) }),
      }
    : undefined;
}

/**
 * Reserves `amount` of a payment's principal for a refund: only while the payment is approved and
 * the principal not yet refunded covers it (never the fee). What earlier refunds had reserved
 * (the refund's place among them), or null when the principal left does not cover it. The update
 * holds the payment's row, so the read after it is this reservation's own.
 */
export async function reserveRefund(
  tx: Queryable,
  paymentId: string,
  amount: number,
  now: string,
): Promise<number | null> {
  const { changes } = await tx.run(
    `UPDATE payments SET refunded_cents = refunded_cents + ?, updated_at = ?
     WHERE id = ? AND status = 'approved' AND refunded_cents + ? <= subtotal_cents`,
    [amount, now, paymentId, amount],
  );
  if (changes !== 1) return null;
  const [row] = await tx.all<{ refunded: number | string }>(
    "SELECT refunded_cents AS refunded FROM payments WHERE id = ?",
    [paymentId],
  );
  return Number(row?.refunded) - amount;
}

export async function releaseRefund(
  tx: Queryable,
  paymentId: string,
  amount: number,
  now: string,
): Promise<void> {
  await tx.run("UPDATE payments SET refunded_cents = refunded_cents - ?, updated_at = ? WHERE id = ?", [
    amount,
    now,
    paymentId,
  ]);
}

export async function insertRefund(tx: Queryable, refund: StoredRefund): Promise<boolean> {
  const { changes } = await tx.run(
    `INSERT INTO payment_refunds (id, payment_id, refund_key, amount_cents, provider_refund_id, status, created_at, reserved_after)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (refund_key) DO NOTHING`,
    [
      refund.id,
      refund.paymentId,
      refund.refundKey,
      refund.amountCents,
      refund.providerRefundId,
      refund.status,
      refund.createdAt,
      refund.reservedAfter ?? null,
    ],
  );
  return changes === 1;
}

/** Records the provider's answer to a pending refund; false if another request recorded it first. */
export async function finishRefund(q: Queryable, id: string, providerRefundId: string, status: string) {
  const { changes } = await q.run(
    "UPDATE payment_refunds SET provider_refund_id = ?, status = ? WHERE id = ? AND status = 'pending'",
    [providerRefundId, status, id],
  );
  return changes === 1;
}

/** How much of the payment's principal the refunds made before this one gave back. */
export async function refundedBefore(q: Queryable, refund: StoredRefund): Promise<number> {
  // Earlier refunds are those reserved before this one (a refund kept before the order was gives
  // way to every later one); a released refund is gone from the table and counts for nothing.
  const [row] =
    refund.reservedAfter === undefined
      ? await q.all<{ total: number | string | null }>(
          `SELECT SUM(amount_cents) AS total FROM payment_refunds
           WHERE payment_id = ? AND (created_at < ? OR (created_at = ? AND id < ?))`,
          [refund.paymentId, refund.createdAt, refund.createdAt, refund.id],
        )
      : await q.all<{ total: number | string | null }>(
          `SELECT SUM(amount_cents) AS total FROM payment_refunds
           WHERE payment_id = ? AND id <> ? AND (reserved_after IS NULL OR reserved_after < ?)`,
          [refund.paymentId, refund.id, refund.reservedAfter],
        );
  return Number(row?.total ?? 0);
}

export async function deleteRefund(q: Queryable, id: string) {
  await q.run("DELETE FROM payment_refunds WHERE id = ?", [id]);
}

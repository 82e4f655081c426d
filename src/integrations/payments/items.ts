/**
 * What a resident chose to pay: invoices and gallery accounts, each with an amount in cents. The
 * form's checks are repeated here against the balances in the database: an item must exist, be
 * payable, and the amounts for it add up to no more than it owes (SPEC §5: 'Each item must have an
 * amount greater than zero.', 'That amount seems high.').
 */
import type { Queryable } from "../../db/database";
import { type PaymentTotal, paymentTotal } from "../../domain/money";
import { normalizeGalleryNumber } from "./embedded/demo-gallery-accounts";
import { INVOICE_ID } from "./embedded/demo-invoices";
import { PaymentRefusal, type Problem } from "./refusal";
import { galleryAccountsByNumber, type ItemKind, invoicesById, type PaidItem } from "./store";

export const MAX_ITEMS = 50;

/** An item as the caller sent it; `amount` is whatever came (checked by checkItems). */
export interface RequestedItem {
  kind: ItemKind;
  id: string;
  amount: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The items param: a list of {kind, id, amount}. A list that is not one, or an item of an unknown
 * kind, is a mistake in the workflow file, not in the resident's answers: a TypeError.
 */
export function parseItems(value: unknown): RequestedItem[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new TypeError("payments: items must be a list of {kind, id, amount}");
  return value.map((item, index) => {
    if (!isRecord(item)) throw new TypeError(`payments: items[${index}] is not an object`);
    const { kind, id, amount } = item;
    if (kind !== "invoice" && kind !== "gallery-account")
      throw new TypeError(`payments: items[${index}].kind must be "invoice" or "gallery-account"`);
    return { kind, id: typeof id === "string" ? id.trim() : String(id ?? ""), amount };
  });
}

/** Whole cents: a number, or a string of digits (a form field). Anything else is null. */
export function amountCents(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  if (typeof value === "string" && /^-?\d{1,15}$/.test(value.trim())) return Number(value.trim());
  return null;
}

export interface CheckedItems {
  items: PaidItem[];
  totals: PaymentTotal;
}

const keyOf = (kind: ItemKind, id: string) => `${kind}\u0000${id}`;

/**
 * Checks the items against what is owed now, reading in `q` (inside the payment's transaction
 * when paying). Throws PaymentRefusal with every problem found.
 */
export async function checkItems(q: Queryable, requested: readonly RequestedItem[]): Promise<CheckedItems> {
  if (requested.length === 0)
    throw new PaymentRefusal([{ path: "/items", message: "itemsSelected", keyword: "minItems" }]);
  if (requested.length > MAX_ITEMS)
    throw new PaymentRefusal([
      { path: "/items", message: "maxItems", keyword: "maxItems", values: { limit: MAX_ITEMS } },
    ]);
  const ids = (kind: ItemKind) => [...new Set(requested.filter((i) => i.kind === kind).map((i) => i.id))];
  const invoices = await invoicesById(
    q,
    ids("invoice").filter((id) => INVOICE_ID.test(id)),
  );
  const accounts = await galleryAccountsByNumber(
    q,
    ids("gallery-account").flatMap((id) => normalizeGalleryNumber(id) ?? []),
  );

  const problems: Problem[] = [];
  const used = new Map<string, number>();
  const items: PaidItem[] = [];
  for (const [index, item] of requested.entries()) {
    const at = `/items/${index}`;
    const problem = (path: string, message: string, keyword: string) =>
      problems.push({ path, message, keyword });
    const amount = amountCents(item.amount);
    if (amount === null) {
      problem(`${at}/amount`, "amountInvalid", "type");
      continue;
    }
    if (amount <= 0) {
      problem(`${at}/amount`, "amountsGreaterThanZero", "exclusiveMinimum");
      continue;
    }
    let owed: number;
    let paid: PaidItem;
    if (item.kind === "invoice") {
      const invoice = invoices.get(item.id);
      if (!invoice) {
        problem(at, "unknownItem", "lookup");
        continue;
      }
      owed = invoice.balanceCents;
      paid = {
        kind: "invoice",
        id: invoice.id,
        amount,
        parcelNumber: invoice.parcelNumber,
        payYear: invoice.payYear,
        installment: invoice.installment,
        taxType: invoice.taxType,
      };
    } else {
      const account = accounts.get(normalizeGalleryNumber(item.id) ?? "");
      if (!account?.payable) {
        problem(at, account ? "notPayable" : "unknownItem", account ? "payable" : "lookup");
        continue;
      }
      owed = account.amountOwedCents;
      paid = { kind: "gallery-account", id: account.galleryNumber, amount };
    }
    // Two lines for one invoice are added up: together they may not pay more than it owes.
    const key = keyOf(paid.kind, paid.id);
    const sum = (used.get(key) ?? 0) + amount;
    used.set(key, sum);
    if (sum > owed) problem(`${at}/amount`, "amountSeemsHigh", "maximum");
    else items.push(paid);
  }
  if (problems.length > 0) throw new PaymentRefusal(problems);
  return { items, totals: paymentTotal(items.map((i) => i.amount)) };
}

/**
 * Chosen invoices with the amount the resident will pay, spread as the Treasurer applies a
 * partial payment: the invoice due first is paid in full before the next gets anything. Without an
 * amount, each invoice in full. Problems are refused on `/invoices` (nothing chosen, an invoice
 * that no longer exists) and `/amount` (not a sum of money, nothing, more than is owed, or too
 * little to reach every chosen invoice: the lowest amount that does is named).
 */
export async function allocateToInvoices(
  q: Queryable,
  chosen: unknown,
  amount: unknown,
): Promise<RequestedItem[]> {
  const ids = [...new Set(Array.isArray(chosen) ? chosen.filter((id) => typeof id === "string") : [])];
  if (ids.length === 0)
    throw new PaymentRefusal([
      { path: "/invoices", message: "selectPropertyOrInvoice", keyword: "minItems" },
    ]);
  if (ids.length > MAX_ITEMS)
    throw new PaymentRefusal([
      { path: "/invoices", message: "maxItems", keyword: "maxItems", values: { limit: MAX_ITEMS } },
    ]);
  const found = await invoicesById(
    q,
    ids.filter((id) => INVOICE_ID.test(id)),
  );
  const invoices = ids.map((id) => found.get(id));
  if (invoices.some((invoice) => !invoice || invoice.balanceCents <= 0))
    throw new PaymentRefusal([{ path: "/invoices", message: "unknownItem", keyword: "lookup" }]);
  const ordered = (invoices as NonNullable<(typeof invoices)[number]>[]).sort(
    (a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id),
  );
  const full = ordered.map((i) => ({ kind: "invoice" as const, id: i.id, amount: i.balanceCents }));
  if (amount === undefined || amount === null || amount === "") return full;
  const refuse = (message: string, keyword: string, values?: Record<string, string | number>): never => {
    throw new PaymentRefusal([{ path: "/amount", message, keyword, ...(values ? { values } : {}) }]);
  };
  const cents = amountCents(amount);
  if (cents === null) return refuse("amountInvalid", "type");
  if (cents <= 0) return refuse("amountsGreaterThanZero", "exclusiveMinimum");
  const owed = full.reduce((sum, item) => sum + item.amount, 0);
  if (cents > owed) return refuse("amountSeemsHigh", "maximum");
  const beforeLast = owed - (full.at(-1)?.amount ?? 0);
  if (cents <= beforeLast) return refuse("amountNotEnough", "minimum", { minimumCents: beforeLast + 1 });
  let left = cents;
  return full.map((item) => {
    const amount = Math.min(item.amount, left);
    left -= amount;
    return { ...item, amount };
  });
}

/** The items with one line per invoice or account: what the balances are changed by. */
export function perBalance(
  items: readonly PaidItem[],
): Array<{ kind: ItemKind; id: string; amount: number }> {
  const sums = new Map<string, { kind: ItemKind; id: string; amount: number }>();
  for (const item of items) {
    const key = keyOf(item.kind, item.id);
    const line = sums.get(key) ?? { kind: item.kind, id: item.id, amount: 0 };
    line.amount += item.amount;
    sums.set(key, line);
  }
  return [...sums.values()];
}

/**
 * Payments: what residents owe (property tax invoices, jail gallery accounts) and paying it through
 * a PaymentProvider, once.
 *
 * Once, whatever happens: a double click, a retry after a lost answer, a refresh, two web
 * processes. Each attempt carries a key (`attemptKey`); the payments table's UNIQUE constraint on it
 * lets exactly one request claim the attempt, in the same transaction that takes the amounts off
 * the balances (so two attempts cannot both pay an invoice's last dollar). Only the request that
 * claimed it asks the provider; the others wait for its outcome and answer with it. The provider is
 * asked with an idempotency key of its own (<payment id>:<try>), so a try asked again after a crash
 * cannot charge twice either.
 *
 *   claim (tx: payment row "pending" + balances lowered) → provider → settle (tx: status, and
 *   balances given back if nothing was taken, or the receipt e-mail enqueued if it was)
 *
 * A try that took nothing (declined, failed, cancelled) leaves the key free for another try: a
 * resident who corrects a card number and presses Pay again with the same key is charged at most
 * once. An approved attempt is final: the same key answers with it forever.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Database, Queryable } from "../../db/database";
import type { CalendarDate } from "../../domain/dates";
import type { Locale } from "../../domain/localize";
import type { OutboxMessage, PayloadCipher } from "../../outbox";
import { newReference } from "../../workflow/reference";
import { EMAIL } from "../email";
import { nameKey, normalizeGalleryNumber } from "./embedded/demo-gallery-accounts";
import { type Instrument, type InstrumentSummary, summarize } from "./instrument";
import { allocateToInvoices, type CheckedItems, checkItems, perBalance, type RequestedItem } from "./items";
import { SERVER_ERROR } from "./messages";
import type { PaymentMethod, PaymentProvider, ProviderPayment } from "./provider";
import { ProviderError } from "./provider";
import { paymentReceipt } from "./receipt";
import { PaymentRefusal } from "./refusal";
import {
  deleteRefund,
  finishRefund,
  type GalleryAccount,
  galleryAccountsByNumber,
  type Invoice,
  insertPayment,
  insertRefund,
  moveOn,
  noteProviderPayment,
  OPEN_STATUSES,
  openInvoices,
  type PaidItem,
  type Payment,
  type PaymentStatus,
  paymentsClaimedBefore,
  paymentWhere,
  RETRIABLE_STATUSES,
  refundByKey,
  refundedBefore,
  releaseRefund,
  reserveRefund,
  returnToBalance,
  type StoredRefund,
  startNextTry,
  type TryFields,
  takeFromBalance,
  takeOver,
} from "./store";

export interface PayRequest {
  /** One per attempt (a form render); a repeated request with the same key is the same attempt. */
  attemptKey: string;
  items: readonly RequestedItem[];
  method: PaymentMethod;
  /** Direct-entry providers only, already checked (instrument.ts). Never stored. */
  instrument?: Instrument;
  /** Where the receipt goes; none without it. */
  email?: string;
  locale: Locale;
  /** Hosted providers only: absolute addresses on the site the provider's page returns to. */
  returnUrl?: string;
  cancelUrl?: string;
}

export interface PaymentResult {
  paymentId: string;
  reference: string;
  /** approved: paid. processing: accepted, settles in a few days (a bank debit). redirect: send the resident to `redirectUrl`. */
  status: "approved" | "processing" | "redirect";
  subtotal: number;
  fee: number;
  total: number;
  method: PaymentMethod;
  /** Last four digits, the rest '*'; empty until a hosted page has told us which card. */
  maskedNumber: string;
  brand: string | null;
  items: PaidItem[];
  redirectUrl?: string;
  /** When the payment was approved (ISO-8601). */
  paidAt?: string;
}

export interface Quote {
  items: PaidItem[];
  subtotal: number;
  fee: number;
  total: number;
}

export interface GalleryLookup {
  galleryNumber: string;
  name: string;
  dateOfBirth: CalendarDate;
}

export interface Payments {
  /** Invoices of these parcels with a balance, by parcel and due date. */
  openInvoices(parcelNumbers: readonly string[]): Promise<Invoice[]>;
  /** The account, if the number exists and the name and date of birth match it; else a refusal. */
  findGalleryAccount(lookup: GalleryLookup): Promise<GalleryAccount>;
  /** Checks the items against the balances and prices them; a refusal for anything wrong. */
  quote(items: readonly RequestedItem[]): Promise<Quote>;
  /** Chosen invoices with an amount spread over them, due first paid first (items.ts allocateToInvoices). */
  allocate(invoiceIds: unknown, amount: unknown): Promise<RequestedItem[]>;
  pay(request: PayRequest): Promise<PaymentResult>;
  /** Where an attempt stands now, asking the provider. */
  confirm(attemptKey: string): Promise<PaymentResult>;
  /**
   * The resident is back from the hosted page: where the attempt stands, and if it is still waiting
   * there (they came back without paying), the page is closed and the try ends cancelled (a refusal).
   */
  returned(attemptKey: string): Promise<PaymentResult>;
  /** Returns principal (never the fee); `amount` defaults to all that is left. Idempotent on `refundKey`. */
  refund(paymentId: string, options: { refundKey: string; amount?: number }): Promise<StoredRefund>;
  /** Settles tries left open (a process died, a resident never came back from a hosted page). */
  settleStale(): Promise<number>;
  byReference(reference: string): Promise<Payment | undefined>;
}

export interface PaymentsOptions {
  db: Database;
  provider: PaymentProvider;
  /** Receipts are enqueued here in the payment's own transaction (src/outbox/). */
  outbox: { enqueue(tx: Queryable, message: OutboxMessage): Promise<string>; wake(): void };
  /** Seals the receipt address at rest (src/server/field-crypto.ts fits). */
  cipher?: PayloadCipher;
  now?: () => Date;
  /** How long a duplicate request waits for the request that claimed the attempt (default 15 s). */
  waitMs?: number;
  pollMs?: number;
  /** A pending try older than this was left by a process that stopped: it may be taken over (default 2 min). */
  staleMs?: number;
  /** A pending try the provider never heard of is given up after this long (default 1 h). */
  abandonMs?: number;
  log?: (message: string) => void;
}

const EPOCH = new Date(0).toISOString();
/** How often a payment accepted but not settled (a bank debit) is asked about. */
const PROCESSING_CHECK_MS = 3_600_000;

export function createPayments(options: PaymentsOptions): Payments {
  const { db, provider, outbox, cipher } = options;
  const now = options.now ?? (() => new Date());
  const iso = () => now().toISOString();
  const waitMs = options.waitMs ?? 15_000;
  const pollMs = options.pollMs ?? 50;
  const staleMs = options.staleMs ?? 120_000;
  const abandonMs = options.abandonMs ?? 3_600_000;
  const log = options.log ?? ((message: string) => console.error(message));
  const receiptContext = (id: string) => `payments.receipt_to:${id}`;

  const refusal = (message: string, path = "") => new PaymentRefusal([{ path, message, keyword: "payment" }]);
  const refusalFor = (status: PaymentStatus) =>
    refusal(status === "declined" ? "declined" : status === "cancelled" ? "cancelled" : SERVER_ERROR);

  function resultOf(p: Payment): PaymentResult {
    if (p.status !== "approved" && p.status !== "processing" && p.status !== "redirect")
      throw refusalFor(p.status);
    const result: PaymentResult = {
      paymentId: p.id,
      reference: p.reference,
      status: p.status,
      subtotal: p.subtotalCents,
      fee: p.feeCents,
      total: p.totalCents,
      method: p.method,
      maskedNumber: p.maskedNumber,
      brand: p.brand,
      items: p.items,
    };
    if (p.status === "redirect" && p.redirectUrl) result.redirectUrl = p.redirectUrl;
    if (p.status === "approved" && p.completedAt) result.paidAt = p.completedAt;
    return result;
  }

  /** Lowers the balances by the items, or throws: inside the claiming transaction. */
  async function reserve(tx: Queryable, items: readonly PaidItem[]): Promise<void> {
    for (const line of perBalance(items)) {
      if (!(await takeFromBalance(tx, line.kind, line.id, line.amount))) {
        // Someone paid it meanwhile (checkItems read before another transaction committed).
        const index = items.findIndex((i) => i.kind === line.kind && i.id === line.id);
        throw new PaymentRefusal([
          { path: `/items/${index}/amount`, message: "amountSeemsHigh", keyword: "maximum" },
        ]);
      }
    }
  }

  function tryFields(
    request: PayRequest,
    checked: CheckedItems,
    summary: InstrumentSummary,
    at: string,
    id: string,
  ) {
    const fields: TryFields = {
      status: "pending",
      method: request.method,
      brand: summary.brand,
      maskedNumber: summary.maskedNumber,
      subtotalCents: checked.totals.subtotal,
      feeCents: checked.totals.fee,
      totalCents: checked.totals.total,
      items: checked.items,
      locale: request.locale,
      receiptTo: request.email
        ? cipher
          ? cipher.seal(request.email, receiptContext(id))
          : request.email
        : null,
      provider: provider.name,
      claimedAt: at,
    };
    return fields;
  }

  /** Claims the key with a new payment; undefined when another request holds it already. */
  async function claimNew(request: PayRequest, summary: InstrumentSummary): Promise<Payment | undefined> {
    const id = randomUUID();
    const claimed = await db.transaction(async (tx) => {
      const checked = await checkItems(tx, request.items);
      const at = iso();
      const fields = tryFields(request, checked, summary, at, id);
      if (
        !(await insertPayment(tx, {
          id,
          attemptKey: request.attemptKey,
          reference: newReference(),
          ...fields,
        }))
      )
        return false;
      await reserve(tx, checked.items);
      return true;
    });
    return claimed ? paymentWhere(db, "id", id) : undefined;
  }

  /** Starts the next try of an attempt whose last try took nothing; undefined if another request did. */
  async function claimRetry(previous: Payment, request: PayRequest, summary: InstrumentSummary) {
    const claimed = await db.transaction(async (tx) => {
      const checked = await checkItems(tx, request.items);
      if (!(await startNextTry(tx, previous, tryFields(request, checked, summary, iso(), previous.id))))
        return false;
      await reserve(tx, checked.items);
      return true;
    });
    return claimed ? paymentWhere(db, "id", previous.id) : undefined;
  }

  /**
   * Records where the provider says a try stands, in one transaction with what follows from it:
   * balances given back when nothing was taken, the receipt enqueued when it was paid. Returns the
   * payment as stored afterwards (another request may have settled it first: then that stands).
   */
  async function settle(p: Payment, outcome: ProviderPayment): Promise<Payment> {
    const at = iso();
    const next: Record<ProviderPayment["status"], PaymentStatus> = {
      succeeded: "approved",
      processing: "processing",
      requires_action: "redirect",
      requires_confirmation: "pending",
      declined: "declined",
      canceled: "cancelled",
    };
    const status = next[outcome.status];
    if (status === "pending") return p;
    // Paid, settling or still on the provider's page: the amounts stay off the balances.
    const holds = status === "approved" || status === "processing" || status === "redirect";
    let enqueued = false;
    await db.transaction(async (tx) => {
      const moved = await moveOn(tx, p, {
        status,
        providerPaymentId: outcome.id,
        redirectUrl: status === "redirect" ? (outcome.redirectUrl ?? null) : null,
        declineCode: outcome.declineCode ?? null,
        ...(outcome.lastFour ? { maskedNumber: maskedLastFour(p.method, outcome.lastFour) } : {}),
        ...(outcome.brand ? { brand: outcome.brand } : {}),
        now: at,
        completed: status !== "redirect" && status !== "processing",
      });
      if (!moved) return;
      if (!holds)
        for (const line of perBalance(p.items)) await returnToBalance(tx, line.kind, line.id, line.amount);
      if (status === "approved" && p.receiptTo) {
        const to = cipher ? cipher.open(p.receiptTo, receiptContext(p.id)) : p.receiptTo;
        const paid = await paymentWhere(tx, "id", p.id);
        if (paid) {
          await outbox.enqueue(tx, { kind: EMAIL, payload: paymentReceipt(paid, to, now()) });
          enqueued = true;
        }
      }
    });
    if (enqueued) outbox.wake();
    return (await paymentWhere(db, "id", p.id)) ?? p;
  }

  /**
   * The provider failed. "failed": nothing was taken, the try ends and the balances come back.
   * Anything else: nobody knows, so the try stays pending and is marked for takeover at once (a
   * retry or settleStale asks the provider again with the same idempotency key).
   */
  async function providerTrouble(p: Payment, error: unknown): Promise<never> {
    const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    log(`payments: ${p.reference} try ${p.tries} with ${provider.name}: ${what.slice(0, 300)}`);
    if (error instanceof ProviderError && error.outcome === "failed") {
      await db.transaction(async (tx) => {
        if (await moveOn(tx, p, { status: "failed", now: iso(), completed: true }))
          for (const line of perBalance(p.items)) await returnToBalance(tx, line.kind, line.id, line.amount);
      });
    } else {
      await db.run("UPDATE payments SET claimed_at = ? WHERE id = ? AND tries = ? AND status = 'pending'", [
        EPOCH,
        p.id,
        p.tries,
      ]);
    }
    throw refusal(SERVER_ERROR);
  }

  /**
   * Asks the provider for the try this request claimed, and settles it. A try taken over from a
   * request that stopped resumes where that one was: with the provider's payment if it had been
   * created (asked where it stands, confirmed if it never was), else by creating it again under
   * the same idempotency key, which the provider answers with the first one if it got that far.
   */
  async function runTry(p: Payment, request: PayRequest): Promise<PaymentResult> {
    const idempotencyKey = `${p.id}:${p.tries}`;
    const confirmKey = { idempotencyKey: `${idempotencyKey}:confirm` };
    let outcome: ProviderPayment;
    try {
      let created: ProviderPayment;
      if (p.providerPaymentId) created = await provider.status(p.providerPaymentId);
      else {
        created = await provider.create({
          idempotencyKey,
          paymentId: p.id,
          reference: p.reference,
          amounts: { subtotal: p.subtotalCents, fee: p.feeCents, total: p.totalCents },
          method: p.method,
          description: `Cedarport payment ${p.reference}`,
          locale: p.locale,
          ...(request.instrument ? { instrument: request.instrument } : {}),
          ...(request.returnUrl ? { returnUrl: request.returnUrl } : {}),
          ...(request.cancelUrl ? { cancelUrl: request.cancelUrl } : {}),
          ...(request.email ? { email: request.email } : {}),
        });
        await noteProviderPayment(db, p, created.id, iso());
      }
      outcome =
        created.status === "requires_confirmation" ? await provider.confirm(created.id, confirmKey) : created;
    } catch (error) {
      return providerTrouble(p, error);
    }
    return resultOf(await settle(p, outcome));
  }

  const isStale = (p: Payment) => Date.parse(p.claimedAt) < now().getTime() - staleMs;

  async function pay(request: PayRequest): Promise<PaymentResult> {
    if (provider.entry === "direct" && !request.instrument)
      throw new TypeError(`payments: ${provider.name} takes the card or bank details with the payment`);
    if (provider.entry === "hosted" && request.instrument)
      throw new TypeError(`payments: ${provider.name} collects card and bank details on its own page`);
    if (request.instrument && request.instrument.method !== request.method)
      throw new TypeError("payments: the details do not match the method");
    const summary: InstrumentSummary = request.instrument
      ? summarize(request.instrument)
      : { method: request.method, brand: null, maskedNumber: "" };
    const deadline = Date.now() + waitMs;
    /** The try another request was running when this one arrived: its outcome is this one's too. */
    let waitedOn: number | undefined;
    for (;;) {
      const p = await paymentWhere(db, "attempt_key", request.attemptKey);
      if (!p) {
        const claimed = await claimNew(request, summary);
        if (claimed) return runTry(claimed, request);
        waitedOn = 1;
        continue;
      }
      if (p.status === "redirect" && !sameItems(p.items, request.items)) {
        // Other amounts than the page waiting at the provider (the resident went back from it and
        // changed them): that page is closed first, and the next try asks for these.
        const closed = await closeHosted(p);
        if (closed.status !== "cancelled") return resultOf(closed);
        continue;
      }
      if (p.status === "approved" || p.status === "processing" || p.status === "redirect") return resultOf(p);
      if (RETRIABLE_STATUSES.includes(p.status)) {
        if (waitedOn === p.tries) throw refusalFor(p.status);
        const claimed = await claimRetry(p, request, summary);
        if (claimed) return runTry(claimed, request);
        waitedOn = p.tries + 1;
        continue;
      }
      // Pending: another request is asking the provider, or was and stopped.
      waitedOn = p.tries;
      if (isStale(p) && (await takeOver(db, p, iso()))) return runTry({ ...p, claimedAt: iso() }, request);
      if (Date.now() > deadline) throw refusal(SERVER_ERROR);
      await sleep(pollMs);
    }
  }

  async function confirm(attemptKey: string): Promise<PaymentResult> {
    const p = await paymentWhere(db, "attempt_key", attemptKey);
    if (!p) throw new TypeError("payments: no payment was started with this attempt key");
    if (!OPEN_STATUSES.includes(p.status) || !p.providerPaymentId) return resultOf(p);
    let outcome: ProviderPayment;
    try {
      outcome = await provider.status(p.providerPaymentId);
    } catch (error) {
      log(`payments: ${p.reference}: status from ${provider.name} failed: ${String(error).slice(0, 300)}`);
      throw refusal(SERVER_ERROR);
    }
    return resultOf(await settle(p, outcome));
  }

  /**
   * Closes a try waiting on the provider's page, so it can no longer be paid behind the resident's
   * back, and settles it: cancelled with the amounts back on the balances, or paid if the resident
   * paid meanwhile (in another tab).
   */
  async function closeHosted(p: Payment): Promise<Payment> {
    if (!p.providerPaymentId) return p;
    let outcome: ProviderPayment;
    try {
      outcome = provider.cancel
        ? await provider.cancel(p.providerPaymentId)
        : await provider.status(p.providerPaymentId);
    } catch (error) {
      log(`payments: ${p.reference}: closing at ${provider.name} failed: ${String(error).slice(0, 300)}`);
      throw refusal(SERVER_ERROR);
    }
    return settle(p, outcome);
  }

  async function returned(attemptKey: string): Promise<PaymentResult> {
    const result = await confirm(attemptKey);
    if (result.status !== "redirect") return result;
    const p = await paymentWhere(db, "attempt_key", attemptKey);
    if (!p) throw refusal(SERVER_ERROR);
    return resultOf(await closeHosted(p));
  }

  async function settleStale(): Promise<number> {
    const before = (ms: number) => new Date(now().getTime() - ms).toISOString();
    // A bank debit takes days to settle: asked about hourly, not at every sweep.
    const open = [
      ...(await paymentsClaimedBefore(db, ["pending", "redirect"], before(staleMs), 50)),
      ...(await paymentsClaimedBefore(db, ["processing"], before(PROCESSING_CHECK_MS), 50)),
    ];
    let settled = 0;
    for (const p of open) {
      const at = iso();
      if (!(await takeOver(db, p, at))) continue;
      const mine = { ...p, claimedAt: at };
      try {
        if (p.providerPaymentId) {
          let outcome = await provider.status(p.providerPaymentId);
          if (outcome.status === "requires_confirmation")
            outcome = await provider.confirm(p.providerPaymentId, {
              idempotencyKey: `${p.id}:${p.tries}:confirm`,
            });
          const after = await settle(mine, outcome);
          if (after.status !== p.status) settled++;
        } else if (Date.parse(p.createdAt) < now().getTime() - abandonMs) {
          // The provider never answered the create: nothing can have been charged under an id we
          // never received, and the resident gave up long ago.
          await providerTrouble(
            mine,
            new ProviderError("no answer to the create request, given up", "failed"),
          ).catch(() => undefined);
          settled++;
        }
      } catch (error) {
        log(`payments: settling ${p.reference}: ${String(error).slice(0, 300)}`);
      }
    }
    return settled;
  }

  /** How much of [from, from + amount) of the principal falls on each item, in order. */
  function refundedLines(items: readonly PaidItem[], from: number, amount: number) {
    let start = 0;
    const lines: Array<{ item: PaidItem; amount: number }> = [];
    for (const item of items) {
      const overlap = Math.min(start + item.amount, from + amount) - Math.max(start, from);
      if (overlap > 0) lines.push({ item, amount: overlap });
      start += item.amount;
    }
    return lines;
  }

  async function refund(
    paymentId: string,
    opts: { refundKey: string; amount?: number },
  ): Promise<StoredRefund> {
    let stored = await refundByKey(db, opts.refundKey);
    if (stored && stored.status !== "pending") return stored;
    const p = await paymentWhere(db, "id", paymentId);
    if (p?.status !== "approved" || !p.providerPaymentId)
      throw new Error(`payments: ${paymentId} is not an approved payment`);
    if (stored && stored.paymentId !== paymentId)
      throw new Error("payments: this refund key was used for another payment");
    if (!stored) {
      const amount = opts.amount ?? p.subtotalCents - p.refundedCents;
      if (!Number.isSafeInteger(amount) || amount <= 0)
        throw new RangeError(`payments: cannot refund ${amount}`);
      const candidate: StoredRefund = {
        id: randomUUID(),
        paymentId,
        refundKey: opts.refundKey,
        amountCents: amount,
        providerRefundId: "",
        status: "pending",
        createdAt: iso(),
      };
      const reserved = await db.transaction(async (tx) => {
        // The principal only: the fee was never the city's to give back (SPEC §9).
        const reservedAfter = await reserveRefund(tx, paymentId, amount, candidate.createdAt);
        if (reservedAfter === null)
          throw new RangeError(
            `payments: ${p.reference} has less than ${amount} cents of principal left to refund`,
          );
        const refund = { ...candidate, reservedAfter };
        if (!(await insertRefund(tx, refund)))
          throw new Error("payments: a refund with this key is under way");
        return refund;
      });
      stored = reserved;
    }
    const pending = stored;
    let answer: Awaited<ReturnType<PaymentProvider["refund"]>>;
    try {
      answer = await provider.refund({
        id: p.providerPaymentId,
        amount: pending.amountCents,
        idempotencyKey: `refund:${pending.refundKey}`,
      });
    } catch (error) {
      if (error instanceof ProviderError && error.outcome === "failed")
        await db.transaction(async (tx) => {
          await releaseRefund(tx, paymentId, pending.amountCents, iso());
          await deleteRefund(tx, pending.id);
        });
      throw error;
    }
    await db.transaction(async (tx) => {
      if (!(await finishRefund(tx, pending.id, answer.id, answer.status))) return;
      // A refunded tax is owed again: the refunded principal goes back on the items it paid, the
      // items in order, after what earlier refunds gave back.
      const from = await refundedBefore(tx, pending);
      for (const line of refundedLines(p.items, from, pending.amountCents))
        await returnToBalance(tx, line.item.kind, line.item.id, line.amount);
    });
    return { ...pending, providerRefundId: answer.id, status: answer.status };
  }

  return {
    async openInvoices(parcelNumbers) {
      return openInvoices(db, [...new Set(parcelNumbers)]);
    },
    async findGalleryAccount(lookup) {
      const number = normalizeGalleryNumber(lookup.galleryNumber);
      if (!number)
        throw new PaymentRefusal([
          { path: "/galleryNumber", message: "galleryNumberFormat", keyword: "format" },
        ]);
      const account = (await galleryAccountsByNumber(db, [number])).get(number);
      const { year, month, day } = lookup.dateOfBirth;
      const birth = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      // One answer for a wrong number, a wrong name and a wrong date: it says nothing about which.
      if (!account || account.nameKey !== nameKey(lookup.name) || account.dateOfBirth !== birth)
        throw new PaymentRefusal([{ path: "/galleryNumber", message: "galleryNotFound", keyword: "lookup" }]);
      return account;
    },
    async quote(items) {
      const checked = await checkItems(db, items);
      return { items: checked.items, ...checked.totals };
    },
    allocate: (invoiceIds, amount) => allocateToInvoices(db, invoiceIds, amount),
    pay,
    confirm,
    returned,
    refund,
    settleStale,
    byReference: (reference) => paymentWhere(db, "reference", reference),
  };
}

/** The same things paid for, in any order: what a try waiting on a hosted page asks for. */
function sameItems(paid: readonly PaidItem[], requested: readonly RequestedItem[]): boolean {
  const keys = (items: readonly { kind: string; id: string; amount: unknown }[]) =>
    items
      .map((item) => `${item.kind}\u0000${item.id}\u0000${String(item.amount)}`)
      .sort()
      .join("\u0001");
  return keys(paid) === keys(requested);
}

/** A hosted page tells only the last four digits: shown as the form would have masked them. */
function maskedLastFour(method: PaymentMethod, lastFour: string): string {
  return `${"*".repeat(method === "card" ? 12 : 8)}${lastFour}`;
}

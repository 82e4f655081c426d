/**
 * What the payments integration tests share: the integration over a test database with a real
 * outbox (sealed payloads, sent to a list), a provider that counts what it is asked, and the
 * params a pay screen would send.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/database";
import type { Locale } from "../../src/domain/localize";
import {
  createPayments,
  type PaymentProvider,
  type Payments,
  type PaymentsOptions,
  paymentsCall,
  sandboxProvider,
  seedPaymentDemoData,
} from "../../src/integrations/payments";
import { seedPropertyRecords } from "../../src/integrations/property-records";
import { createOutbox, type Outbox, type OutboxItem } from "../../src/outbox";
import { createFieldCipher, type FieldCipher } from "../../src/server/field-crypto";

/** Enough parcels for invoices of every kind, few enough to seed PostgreSQL quickly. */
export const PARCEL_COUNT = 200;

export const DATA_KEY = Buffer.alloc(32, 9).toString("base64");

export interface ProviderCalls {
  create: string[];
  confirm: string[];
  status: string[];
  refund: Array<{ id: string; amount: number; idempotencyKey: string }>;
}

/** `inner`, recording every call it is asked to make. */
export function counted(inner: PaymentProvider): { provider: PaymentProvider; calls: ProviderCalls } {
  const calls: ProviderCalls = { create: [], confirm: [], status: [], refund: [] };
  const provider: PaymentProvider = {
    name: inner.name,
    entry: inner.entry,
    create(request) {
      calls.create.push(request.idempotencyKey);
      return inner.create(request);
    },
    confirm(id, options) {
      calls.confirm.push(id);
      return inner.confirm(id, options);
    },
    status(id) {
      calls.status.push(id);
      return inner.status(id);
    },
    refund(request) {
      calls.refund.push(request);
      return inner.refund(request);
    },
  };
  return { provider, calls };
}

export const ctx = (locale: Locale = "en") => ({ workflow: "pay-property-taxes", screen: "pay", locale });

/** A new attempt key, as a pay form would render one. */
export const newKey = () => `attempt-${randomUUID()}`;

export function cardParams(cardNumber: string, extra: Record<string, unknown> = {}) {
  return {
    method: "card",
    nameOnCard: "Grace Okafor",
    cardNumber,
    // December, three years on: a card that stays unexpired (as tests/e2e/payments.spec.ts).
    expiry: `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, "0")}`,
    cvv: cardNumber.replace(/\D/g, "").length === 15 ? "7391" : "846",
    zip: "46202",
    ...extra,
  };
}

export function bankParams(accountNumber: string, extra: Record<string, unknown> = {}) {
  return {
    method: "ach",
    routingNumber: "110000000",
    accountNumber,
    accountNumberConfirm: accountNumber,
    nameOnAccount: "Grace Okafor",
    ...extra,
  };
}

export interface PaymentsFixture {
  db: Database;
  payments: Payments;
  calls: ProviderCalls;
  outbox: Outbox;
  cipher: FieldCipher;
  /** What the outbox sent, after `deliver()`. */
  sent: OutboxItem[];
  logs: string[];
  deliver(): Promise<void>;
  /** Runs an operation as a workflow screen's call would (`sending`: as a check-answers screen's, sent). */
  call(
    operation: string,
    params: Record<string, unknown>,
    locale?: Locale,
    sending?: { journey: string; reference: string },
  ): Promise<Record<string, unknown>>;
  balance(kind: "invoice" | "gallery-account", id: string): Promise<number>;
}

/** Seeds the parcels (unless already) and the payments demo data, then builds the integration. */
export async function paymentsFixture(
  db: Database,
  options: { provider?: PaymentProvider; origin?: string } & Partial<
    Pick<PaymentsOptions, "now" | "staleMs" | "waitMs" | "pollMs" | "abandonMs">
  > = {},
): Promise<PaymentsFixture> {
  await seedPropertyRecords(db, { count: PARCEL_COUNT });
  await seedPaymentDemoData(db);
  const cipher = createFieldCipher(DATA_KEY);
  const sent: OutboxItem[] = [];
  const logs: string[] = [];
  const outbox = createOutbox({
    db,
    handlers: { email: async (item) => void sent.push(item) },
    cipher,
    log: (message) => logs.push(message),
  });
  const { provider, calls } = counted(options.provider ?? sandboxProvider());
  const payments = createPayments({
    db,
    provider,
    outbox,
    cipher,
    log: (message) => logs.push(message),
    pollMs: 10,
    ...(options.now ? { now: options.now } : {}),
    ...(options.staleMs !== undefined ? { staleMs: options.staleMs } : {}),
    ...(options.waitMs !== undefined ? { waitMs: options.waitMs } : {}),
    ...(options.abandonMs !== undefined ? { abandonMs: options.abandonMs } : {}),
  });
  const call = paymentsCall(payments, provider, { origin: options.origin ?? "https://www.cedarport.gov" });
  return {
    db,
    payments,
    calls,
    outbox,
    cipher,
    sent,
    logs,
    deliver: () => outbox.drain(),
    call: async (operation, params, locale = "en", sending) =>
      (await call("payments", operation, params, {}, { ...ctx(locale), ...sending })) as Record<
        string,
        unknown
      >,
    async balance(kind, id) {
      const [row] =
        kind === "invoice"
          ? await db.all<{ n: number | string }>("SELECT balance_cents AS n FROM invoices WHERE id = ?", [id])
          : await db.all<{ n: number | string }>(
              "SELECT amount_owed_cents AS n FROM gallery_accounts WHERE gallery_number = ?",
              [id],
            );
      if (!row) throw new Error(`no ${kind} ${id}`);
      return Number(row.n);
    },
  };
}

/** The refusal's field errors, or the error itself if it was something else. */
export async function refusalOf(work: Promise<unknown>): Promise<Array<{ path: string; message: string }>> {
  try {
    await work;
  } catch (error) {
    const errors = (error as { errors?: Array<{ path: string; message: string }> }).errors;
    if (errors) return errors.map(({ path, message }) => ({ path, message }));
    throw error;
  }
  throw new Error("expected a refusal, got an answer");
}

/** Generated invoices (not the documented demo ones) with a balance, for tests to spend. */
export async function spareInvoices(db: Database): Promise<Array<{ id: string; balance: number }>> {
  const rows = await db.all<{ id: string; balance_cents: number | string }>(
    `SELECT id, balance_cents FROM invoices WHERE balance_cents > 1000 AND parcel_number NOT IN
     ('1000001', '1000002', '1000003', '2000001', '4000001', '6000001', '8000001') ORDER BY id`,
  );
  return rows.map((row) => ({ id: row.id, balance: Number(row.balance_cents) }));
}

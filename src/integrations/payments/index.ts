/**
 * The payments integration: what callers import. `paymentsIntegration` is what the server wires in
 * (docs/payments.md): the demo invoices and gallery accounts seeded, the provider configuration
 * picks, and a timer that settles payments left open.
 */
import type { Database } from "../../db/database";
import type { PayloadCipher } from "../../outbox";
import type { Integrations } from "../../workflow/integrations";
import { seedPropertyRecords } from "../property-records";
import { seedPaymentDemoData } from "./embedded/seed";
import { paymentsCall } from "./integration";
import { createPayments, type Payments, type PaymentsOptions } from "./payments";
import type { PaymentProvider } from "./provider";
import { sandboxProvider } from "./sandbox-provider";
import { stripeProvider } from "./stripe-provider";

export {
  ACCOUNT_STATUSES,
  type AccountStatus,
  DEMO_GALLERY_ACCOUNTS,
  type GalleryAccountRecord,
} from "./embedded/demo-gallery-accounts";
export {
  INVOICE_GENERATOR_VERSION,
  type InvoiceRecord,
  invoicesForParcel,
  TAX_TYPES,
} from "./embedded/demo-invoices";
export { seedGalleryAccounts, seedInvoices, seedPaymentDemoData } from "./embedded/seed";
export { checkInstrument, type Instrument, type InstrumentSummary, summarize } from "./instrument";
export { type PaymentsCallOptions, paymentsCall } from "./integration";
export { type InvoiceView, type InvoiceViews, invoiceViews, type OpenInvoice } from "./invoice-view";
export {
  createPayments,
  type PaymentResult,
  type Payments,
  type PaymentsOptions,
  type PayRequest,
} from "./payments";
export { type PaymentProvider, ProviderError, type ProviderPayment } from "./provider";
export { PaymentRefusal, type Problem } from "./refusal";
export {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_CARDS,
  SANDBOX_ROUTING_NUMBER,
  sandboxProvider,
} from "./sandbox-provider";
export { stripeProvider } from "./stripe-provider";

export type PaymentProviderConfig =
  | { kind: "sandbox" }
  | { kind: "stripe"; secretKey: string; apiBase?: string; timeoutMs?: number };

/** The provider configuration names (src/server/config.ts, PAYMENT_PROVIDER). */
export function createPaymentProvider(config: PaymentProviderConfig): PaymentProvider {
  switch (config.kind) {
    case "sandbox":
      return sandboxProvider();
    case "stripe":
      return stripeProvider(config);
    default:
      throw new Error(`unknown payment provider: ${(config as { kind: unknown }).kind}`);
  }
}

/** How often a web process looks for payments left open (every process does; taking one over is atomic). */
const SETTLE_EVERY_MS = 5 * 60_000;

export interface PaymentsIntegration {
  /** What a workflow's `"integration": "payments"` reaches. */
  call: Integrations["call"];
  payments: Payments;
  provider: PaymentProvider;
  /** Stops the settling timer. */
  stop(): void;
}

export async function paymentsIntegration(
  config: Omit<PaymentsOptions, "provider"> & {
    provider: PaymentProviderConfig | PaymentProvider;
    origin: string;
    cipher?: PayloadCipher;
    /** 0 turns the settling timer off (tests). */
    settleEveryMs?: number;
  },
): Promise<PaymentsIntegration> {
  const db: Database = config.db;
  // Invoices are generated from the parcels: those first (both seeds are idempotent).
  await seedPropertyRecords(db);
  await seedPaymentDemoData(db);
  const provider = "kind" in config.provider ? createPaymentProvider(config.provider) : config.provider;
  const payments = createPayments({ ...config, provider });
  const every = config.settleEveryMs ?? SETTLE_EVERY_MS;
  const log = config.log ?? ((message: string) => console.error(message));
  const timer =
    every > 0
      ? setInterval(() => {
          payments
            .settleStale()
            .catch((error: unknown) => log(`payments: settling failed: ${String(error)}`));
        }, every)
      : undefined;
  timer?.unref();
  return {
    call: paymentsCall(payments, provider, {
      origin: config.origin,
      ...(config.now ? { now: config.now } : {}),
    }),
    payments,
    provider,
    stop: () => clearInterval(timer),
  };
}

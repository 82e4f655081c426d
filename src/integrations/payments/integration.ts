/**
 * The payments integration as the workflow engine calls it: a screen's
 * `"call": { "integration": "payments", "operation": …, "params": … }`. Amounts are integer cents.
 *
 *   provider        {}  → { name, entry: "direct" | "hosted" }
 *   invoices        { parcelNumbers: string[] }
 *                   → { invoices: [{ id, parcelNumber, dueDate (yyyy-mm-dd), totalDue, taxType, taxTypeCode,
 *                                    installment (1 spring, 2 fall), installmentLabel, viewUrl }] }
 *   gallery-account { galleryNumber, name, dateOfBirth (mm/dd/yyyy) }
 *                   → { account: { galleryNumber, name, accountStatus, accountStatusCode, payable, amountOwed } }
 *   quote           { items: [{ kind: "invoice" | "gallery-account", id, amount }] }
 *                   → { items: [{ kind, id, amount, description }], subtotal, fee, total }
 *   pay             { items, method: "card" | "ach", attemptKey, email?,
 *                     card: nameOnCard, cardNumber, expiry, cvv, zip
 *                     ach:  routingNumber, accountNumber, accountNumberConfirm?, nameOnAccount
 *                     hosted providers: returnPath (where the provider's page sends the resident back;
 *                     at sending, the engine's CallContext.returnPath) }
 *                   → { paymentId, reference, status: "approved" | "processing", subtotal, fee, total,
 *                       method, maskedNumber, brand, items, paidAt? }
 *                   or, with a hosted provider, IntegrationRedirect to its page; made again with
 *                   CallContext.returned when the resident is back, it answers how it went there.
 *   confirm         { attemptKey } → what pay answers, as it stands now (back from a hosted page)
 *
 * What the resident can fix is refused (IntegrationRefusal) in their language, on the path of the
 * param it is about: /cardNumber, /expiry, /items/0/amount, /galleryNumber; a declined payment and
 * a provider failure on "" (the whole form). `attemptKey` must be unguessable and new for each
 * attempt (a random value rendered with the pay form): the same key always gets the same payment.
 */

import { createHash } from "node:crypto";
import { parseUsDate } from "../../domain/dates";
import type { Locale } from "../../domain/localize";
import { formatCurrency } from "../../domain/money";
import { normalizeParcelNumber } from "../../domain/parcel-number";
import { isEmail } from "../../forms/validation/formats";
import {
  type CallContext,
  IntegrationRedirect,
  IntegrationRefusal,
  type Integrations,
} from "../../workflow/integrations";
import { checkInstrument } from "./instrument";
import { parseItems, type RequestedItem } from "./items";
import { paymentText } from "./messages";
import type { PaymentResult, Payments } from "./payments";
import type { PaymentMethod, PaymentProvider } from "./provider";
import { installmentLabel, itemLabel, itemTitle } from "./receipt";
import { PaymentRefusal, type Problem } from "./refusal";
import type { PaidItem } from "./store";

type Call = Integrations["call"];

export interface PaymentsCallOptions {
  /** The address residents use (PUBLIC_ORIGIN): hosted pages return to it. */
  origin: string;
  /** Where a resident views an invoice (default /payments/invoices/<id>). */
  invoiceUrl?: (id: string) => string;
  now?: () => Date;
}

const MAX_PARCELS = 50;
const ATTEMPT_KEY = /^[A-Za-z0-9._:-]{16,128}$/;
const CARD_FIELDS = ["cardNumber", "cvv", "expiry", "accountNumber", "routingNumber"] as const;

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** A problem's values as the message shows them: `<name>Cents` becomes `<name>`, written as money. */
function shownValues(values: Problem["values"], locale: Locale): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([key, value]) =>
      key.endsWith("Cents") && typeof value === "number"
        ? [key.slice(0, -"Cents".length), formatCurrency(value, locale)]
        : [key, value],
    ),
  );
}

function refuse(problems: readonly Problem[], locale: Locale): never {
  throw new IntegrationRefusal(
    problems.map((p) => ({
      path: p.path,
      message: paymentText(p.message, locale, shownValues(p.values, locale)),
      keyword: p.keyword,
    })),
  );
}

/**
 * PaymentRefusal → IntegrationRefusal in the resident's language, each problem on the field the
 * workflow asked it with (`paths`); anything else goes on.
 */
async function refusing<T>(
  work: () => Promise<T>,
  locale: Locale,
  paths: (path: string) => string = (path) => path,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PaymentRefusal)
      refuse(
        error.problems.map((p) => ({ ...p, path: paths(p.path) })),
        locale,
      );
    throw error;
  }
}

/** A gallery account paid with `galleryNumber` and `amount`: its item's problems are theirs. */
function pathsOf(params: Record<string, unknown>): (path: string) => string {
  if (params.items !== undefined || params.galleryNumber === undefined) return (path) => path;
  return (path) =>
    path === "/items/0/amount" ? "/amount" : path.startsWith("/items") ? "/galleryNumber" : path;
}

/**
 * The attempt key of a payment made when a journey's answers are sent: the journey and the
 * reference it reserved (journey.ts submitJourney) name one attempt, whatever retries follow.
 * Hashed, so the journey's id is not written into the payments table.
 */
function sendingKey(context: CallContext): string | undefined {
  if (!context.journey || !context.reference) return undefined;
  return `send:${createHash("sha256").update(`${context.journey}\u0000${context.reference}`).digest("base64url")}`;
}

/** A text in both languages, for results the journey keeps while the resident may switch. */
function bothLanguages(write: (locale: Locale) => string): { en: string; es: string } {
  return { en: write("en"), es: write("es") };
}

/** An item as a workflow shows it: its description (with the amount) and its label (without). */
function described(item: PaidItem, locale: Locale) {
  return {
    ...item,
    description: itemLabel(item, locale),
    label: bothLanguages((l) => itemTitle(item, l)),
  };
}

function method(value: unknown): PaymentMethod {
  if (value === "card" || value === "ach") return value;
  throw new TypeError(`payments.pay: method must be "card" or "ach", got ${JSON.stringify(value)}`);
}

function attemptKey(value: unknown, operation: string): string {
  if (typeof value === "string" && ATTEMPT_KEY.test(value)) return value;
  throw new TypeError(`payments.${operation}: attemptKey must be 16 to 128 letters, digits or . _ : -`);
}

function shown(result: PaymentResult, locale: Locale) {
  return { ...result, items: result.items.map((item) => described(item, locale)) };
}

export function paymentsCall(
  payments: Payments,
  provider: PaymentProvider,
  options: PaymentsCallOptions,
): Call {
  const now = options.now ?? (() => new Date());
  const invoiceUrl = options.invoiceUrl ?? ((id: string) => `/payments/invoices/${encodeURIComponent(id)}`);

  /**
   * What is paid for: `items` as they are, or what the workflow asked — chosen `invoices` and an
   * optional `amount` spread over them (allocateToInvoices), or one `galleryNumber` and `amount`.
   */
  async function requested(params: Record<string, unknown>): Promise<RequestedItem[]> {
    if (params.items !== undefined) return parseItems(params.items);
    if (params.invoices !== undefined) return payments.allocate(params.invoices, params.amount);
    if (params.galleryNumber !== undefined)
      return [{ kind: "gallery-account", id: text(params.galleryNumber), amount: params.amount }];
    return [];
  }

  const operations: Record<
    string,
    (params: Record<string, unknown>, locale: Locale, context: CallContext) => Promise<unknown>
  > = {
    async provider() {
      return { name: provider.name, entry: provider.entry };
    },

    async invoices(params) {
      const typed = Array.isArray(params.parcelNumbers) ? params.parcelNumbers : [params.parcelNumbers];
      if (typed.length > MAX_PARCELS)
        throw new TypeError(`payments.invoices: at most ${MAX_PARCELS} parcels`);
      // A number that is not a parcel number has no invoices: nothing to refuse.
      const numbers = typed.flatMap((n) => (typeof n === "string" ? (normalizeParcelNumber(n) ?? []) : []));
      const invoices = await payments.openInvoices(numbers);
      return {
        invoices: invoices.map((invoice) => ({
          id: invoice.id,
          parcelNumber: invoice.parcelNumber,
          dueDate: invoice.dueDate,
          totalDue: invoice.balanceCents,
          // In both languages: the journey keeps the result, and the resident may switch.
          taxType: bothLanguages((l) => paymentText(`taxTypes.${invoice.taxType}`, l)),
          taxTypeCode: invoice.taxType,
          installment: invoice.installment,
          installmentLabel: bothLanguages((l) => installmentLabel(invoice.installment, invoice.payYear, l)),
          viewUrl: invoiceUrl(invoice.id),
        })),
      };
    },

    async "gallery-account"(params, locale) {
      const problems: Problem[] = [];
      const name = text(params.name);
      if (!name) problems.push({ path: "/name", message: "required", keyword: "required" });
      const dateOfBirth = parseUsDate(text(params.dateOfBirth));
      if (!dateOfBirth) problems.push({ path: "/dateOfBirth", message: "dateInvalid", keyword: "format" });
      if (problems.length > 0 || !dateOfBirth) refuse(problems, locale);
      const account = await refusing(
        () => payments.findGalleryAccount({ galleryNumber: text(params.galleryNumber), name, dateOfBirth }),
        locale,
      );
      return {
        account: {
          galleryNumber: account.galleryNumber,
          name: account.name,
          accountStatus: bothLanguages((l) => paymentText(`accountStatuses.${account.accountStatus}`, l)),
          accountStatusCode: account.accountStatus,
          payable: account.payable,
          amountOwed: account.amountOwedCents,
        },
      };
    },

    async quote(params, locale) {
      const quote = await refusing(
        async () => payments.quote(await requested(params)),
        locale,
        pathsOf(params),
      );
      return {
        items: quote.items.map((item) => described(item, locale)),
        subtotal: quote.subtotal,
        fee: quote.fee,
        total: quote.total,
      };
    },

    async pay(params, locale, context) {
      const key = attemptKey(params.attemptKey ?? sendingKey(context), "pay");
      if (context.returned) {
        // Back from the provider's page: how it went there, whatever the params say now.
        const back = shown(await refusing(() => payments.returned(key), locale), locale);
        if (back.status === "redirect")
          refuse([{ path: "", message: "cancelled", keyword: "payment" }], locale);
        return back;
      }
      const how = method(params.method);
      const items = await refusing(() => requested(params), locale, pathsOf(params));
      const email = text(params.email);
      const problems: Problem[] = [];
      if (email && !isEmail(email)) problems.push({ path: "/email", message: "email", keyword: "format" });
      let instrument: Parameters<Payments["pay"]>[0]["instrument"];
      if (provider.entry === "direct") {
        const checked = checkInstrument(how, params, now());
        if (checked.ok) instrument = checked.instrument;
        else problems.push(...checked.problems);
      } else if (CARD_FIELDS.some((field) => text(params[field]) !== "")) {
        // The site must not even receive card or bank details when a hosted page takes them.
        throw new TypeError(`payments.pay: ${provider.name} takes card and bank details on its own page`);
      }
      if (problems.length > 0) refuse(problems, locale);
      const returnPath = text(params.returnPath) || (context.returnPath ?? "");
      const returnUrl =
        provider.entry === "hosted" && returnPath.startsWith("/") && !returnPath.startsWith("//")
          ? new URL(returnPath, options.origin).toString()
          : undefined;
      if (provider.entry === "hosted" && !returnUrl)
        throw new TypeError("payments.pay: a hosted provider needs returnPath, a path on this site");
      const result = await refusing(
        () =>
          payments.pay({
            attemptKey: key,
            items,
            method: how,
            locale,
            ...(instrument ? { instrument } : {}),
            ...(email ? { email } : {}),
            ...(returnUrl ? { returnUrl, cancelUrl: returnUrl } : {}),
          }),
        locale,
        pathsOf(params),
      );
      // The resident pays on the provider's page, and comes back to `returnPath`.
      if (result.status === "redirect" && result.redirectUrl)
        throw new IntegrationRedirect(result.redirectUrl);
      return shown(result, locale);
    },

    async confirm(params, locale, context) {
      const key = attemptKey(params.attemptKey ?? sendingKey(context), "confirm");
      return shown(await refusing(() => payments.confirm(key), locale), locale);
    },
  };

  return async (name, operation, params, _answers, context) => {
    const run = Object.hasOwn(operations, operation) ? operations[operation] : undefined;
    if (!run) throw new Error(`${name} has no operation ${operation}`);
    return run(params, context.locale, context);
  };
}

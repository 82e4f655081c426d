/**
 * The e-mailed payment receipt, and the descriptions of what was paid for. Plain text, in the
 * language the resident paid in. It shows the card or account only masked (last four digits).
 */
import { formatLongDate } from "../../domain/dates";
import type { Locale } from "../../domain/localize";
import { formatCurrency } from "../../domain/money";
import { cardBrandInfo } from "../../domain/payment-card";
import { textFor } from "../../i18n";
import type { EmailMessage } from "../email";
import { paymentText } from "./messages";
import type { PaidItem, Payment } from "./store";

/** "Fall installment 2026" */
export function installmentLabel(installment: 1 | 2, payYear: number, locale: Locale): string {
  return paymentText(`installments.${installment}`, locale, { year: payYear });
}

/** "Visa card ************1111", "Bank account ********6789" */
export function methodLabel(
  payment: Pick<Payment, "method" | "brand" | "maskedNumber">,
  locale: Locale,
): string {
  if (payment.method === "ach") return paymentText("methods.ach", locale, { number: payment.maskedNumber });
  const brand = payment.brand ? cardBrandInfo(payment.brand).niceName : "";
  return paymentText("methods.card", locale, { brand, number: payment.maskedNumber })
    .replace(/\s+/g, " ")
    .trim();
}

/** "Property tax, parcel 1000001, Fall installment 2026 (Real property)": an item without its amount. */
export function itemTitle(item: PaidItem, locale: Locale): string {
  if (item.kind === "gallery-account")
    return paymentText("items.galleryAccount", locale, { gallery: item.id });
  return paymentText("items.invoice", locale, {
    parcel: item.parcelNumber ?? "",
    installment: installmentLabel(item.installment ?? 2, item.payYear ?? 0, locale),
    taxType: paymentText(`taxTypes.${item.taxType}`, locale),
  });
}

export function itemLabel(item: PaidItem, locale: Locale): string {
  const amount = formatCurrency(item.amount, locale);
  if (item.kind === "gallery-account")
    return paymentText("receipt.galleryAccount", locale, { gallery: item.id, amount });
  return paymentText("receipt.invoice", locale, {
    parcel: item.parcelNumber ?? "",
    installment: installmentLabel(item.installment ?? 2, item.payYear ?? 0, locale),
    taxType: paymentText(`taxTypes.${item.taxType}`, locale),
    amount,
  });
}

export function paymentReceipt(payment: Payment, to: string, now: Date): EmailMessage {
  const locale = payment.locale;
  const t = (key: string, values: Record<string, string | number> = {}) =>
    paymentText(`receipt.${key}`, locale, values);
  return {
    to,
    subject: t("subject", { reference: payment.reference }),
    text: [
      t("thanks"),
      [
        t("reference", { reference: payment.reference }),
        t("date", { date: formatLongDate(now, locale) }),
        t("paidWith", { method: methodLabel(payment, locale) }),
      ].join("\n"),
      [t("items"), ...payment.items.map((item) => `- ${itemLabel(item, locale)}`)].join("\n"),
      [
        t("subtotal", { amount: formatCurrency(payment.subtotalCents, locale) }),
        t("fee", { amount: formatCurrency(payment.feeCents, locale) }),
        t("total", { amount: formatCurrency(payment.totalCents, locale) }),
      ].join("\n"),
      t("keep"),
      t("questions"),
      textFor(locale, "email")("signature"),
    ].join("\n\n"),
  };
}

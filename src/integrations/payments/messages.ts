/**
 * The payments integration's texts in the resident's language: its own (locales/{en,es}/payments.json),
 * then the form validation messages it shares with the forms (validation.json), so a card number
 * refused by the server reads exactly like one refused by the form. Read through the site's
 * i18next (src/i18n).
 */
import type { Locale } from "../../domain/localize";
import { i18nFor } from "../../i18n";

/**
 * The key of "Server error. Please wait a few minutes and try again.": the site's own sentence
 * (the 500 error page's), so a payment that fails on our side or the provider's reads like any
 * other server error. A key with its namespace, which i18next reads from that namespace.
 */
export const SERVER_ERROR = "ui:errorPage.500.detail";

/** The text of `key`, in `locale` or else in English; the key itself if neither has it. */
export function paymentText(
  key: string,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  return i18nFor(locale).t(key, { ...values, ns: ["payments", "validation"] });
}

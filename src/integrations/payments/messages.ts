/**
 * The payments integration's texts in the resident's language: its own (locales/{en,es}/payments.json),
 * then the form validation messages it shares with the forms (validation.json), so a card number
 * refused by the server reads exactly like one refused by the form.
 */
import enPayments from "../../../locales/en/payments.json";
import enValidation from "../../../locales/en/validation.json";
import esPayments from "../../../locales/es/payments.json";
import esValidation from "../../../locales/es/validation.json";
import type { Locale } from "../../domain/localize";
import { interpolate, lookupKey } from "../../workflow/localize";

const CATALOGS: Record<Locale, Array<Record<string, unknown>>> = {
  en: [enPayments, enValidation],
  es: [esPayments, esValidation],
};

const find = (locale: Locale, key: string) =>
  CATALOGS[locale].map((catalog) => lookupKey(catalog, key)).find((text) => text !== undefined);

/** The text of `key`, in `locale` or else in English; the key itself if neither has it. */
export function paymentText(
  key: string,
  locale: Locale,
  values: Record<string, string | number> = {},
): string {
  return interpolate(find(locale, key) ?? find("en", key) ?? key, values);
}

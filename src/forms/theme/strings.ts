/**
 * The theme's own words (locales/<lang>/forms.json), read directly so a form renders the same on
 * the server and in the browser with no i18next instance; the files are ordinary i18next
 * namespaces too ("forms"), with {{name}} placeholders.
 */
import type { TranslatableString } from "@rjsf/utils";
import en from "../../../locales/en/forms.json";
import es from "../../../locales/es/forms.json";
import { interpolate, type Locale } from "../validation/messages";

export type FormsKey = keyof typeof en;

const strings: Record<Locale, Record<FormsKey, string>> = { en, es };

export function formsText(locale: Locale, key: FormsKey, params: Record<string, string> = {}): string {
  return interpolate(strings[locale][key], params);
}

/** RJSF's built-in strings that can reach the page, in the form's language. */
export function rjsfTranslator(locale: Locale): (text: TranslatableString, params?: string[]) => string {
  const own: Partial<Record<string, FormsKey>> = {
    Yes: "yes",
    No: "no",
    Remove: "remove",
    "Add Item": "addAnother",
    Add: "addAnother",
    Item: "item",
  };
  return (text, params = []) => {
    const key = own[text];
    const template = key ? formsText(locale, key) : (text as string);
    return template.replace(/%(\d)/g, (whole, n: string) => params[Number(n) - 1] ?? whole);
  };
}

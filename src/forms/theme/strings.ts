/**
 * The theme's own words: the "forms" namespace (locales/<lang>/forms.json, {{name}} placeholders),
 * read through the site's i18next (src/i18n) on the server and in the browser alike.
 */
import type { TranslatableString } from "@rjsf/utils";
import type en from "../../../locales/en/forms.json";
import { textFor } from "../../i18n";
import type { Locale } from "../validation/messages";

/**
 * Words the forms share with the workflow engine's phrases (locales/<lang>/workflow.json, "common",
 * which city staff may name in a workflow too): one string each, not a copy in forms.json.
 */
const SHARED = {
  yes: "common.yes",
  no: "common.no",
  continue: "common.continue",
  addAnother: "common.addItem",
  remove: "common.removeItem",
} as const;

export type FormsKey = keyof typeof en | keyof typeof SHARED;

export function formsText(locale: Locale, key: FormsKey, params?: Record<string, string>): string {
  const shared = Object.hasOwn(SHARED, key) ? SHARED[key as keyof typeof SHARED] : undefined;
  return shared ? textFor(locale, "workflow")(shared, params) : textFor(locale, "forms")(key, params);
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

import type { Registry } from "@rjsf/utils";
import { createContext } from "react";
import type { Locale } from "../validation/messages";
import { errorId, hintId } from "./field-names";

/** What ScreenForm hands every template and widget through RJSF's formContext. */
export interface ScreenFormContext {
  locale: Locale;
}

export function localeOf(registry: Pick<Registry, "formContext">): Locale {
  const locale = (registry.formContext as Partial<ScreenFormContext> | undefined)?.locale;
  return locale === "es" ? "es" : "en";
}

/** aria-describedby naming only elements that exist: the hint when there is one, the error when shown. */
export function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? hintId(id) : "", hasError ? errorId(id) : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function visibleErrors(rawErrors: readonly string[] | undefined, hideError?: boolean): string[] {
  if (hideError || !rawErrors) return [];
  return [...new Set(rawErrors.filter((error) => typeof error === "string" && error))];
}

/**
 * Hints written with links or emphasis, as sanitised HTML by the hint as written: a workflow's
 * texts are compiled when it is loaded (src/workflow/rich-texts.ts), and the page provides its
 * screen's around the form. A hint not in it is shown as plain text.
 */
export const HintHtml = createContext<Readonly<Record<string, string>>>({});

/**
 * RJSF hands an object's own errors to its field template, not to its object template; the field
 * template passes them down through this context so they show inside the object's fieldset.
 */
export const ContainerErrors = createContext<readonly string[]>([]);

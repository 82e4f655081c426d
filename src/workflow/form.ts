/**
 * A screen as react-jsonschema-form and the validation catalogue want it: plain strings in the
 * chosen language. Built once per screen and language, so a validator compiled for a schema can be
 * cached on the schema object.
 */

import { type ChoiceFacts, schemaWithChoices } from "./choices";
import { localizeSchema, localizeText, localizeUiSchema } from "./localize";
import type { JSONSchema, Locale, Screen, UiSchema } from "./types";

export interface ScreenForm {
  name: string;
  title: string;
  hint?: string;
  /** Undefined for screens without fields (check-answers, confirmation, exit). */
  schema?: JSONSchema;
  uiSchema: UiSchema;
  buttonLabel?: string;
  repeat?: { max: number; min: number; itemTitle: string; addLabel?: string };
}

const forms = new WeakMap<Screen, Map<Locale, ScreenForm>>();

function buildForm(screen: Screen, locale: Locale): ScreenForm {
  const uiSchema = localizeUiSchema(screen.uiSchema, locale);
  const form: ScreenForm = {
    name: screen.name,
    title: localizeText(screen.title, locale),
    uiSchema: screen.repeat
      ? {
          items: uiSchema,
          "ui:options": {
            orderable: false,
            ...(screen.repeat.addLabel !== undefined
              ? { addLabel: localizeText(screen.repeat.addLabel, locale) }
              : {}),
          },
        }
      : uiSchema,
  };
  if (screen.hint !== undefined) form.hint = localizeText(screen.hint, locale);
  if (screen.schema) form.schema = localizeSchema(screen.schema, locale);
  if (screen.buttonLabel !== undefined) form.buttonLabel = localizeText(screen.buttonLabel, locale);
  if (screen.repeat) {
    const itemTitle = screen.repeat.itemTitle ?? screen.title;
    form.repeat = {
      max: screen.repeat.max,
      min: screen.repeat.min ?? 1,
      itemTitle: localizeText(itemTitle, locale),
    };
    if (screen.repeat.addLabel !== undefined)
      form.repeat.addLabel = localizeText(screen.repeat.addLabel, locale);
  }
  return form;
}

/** The screen's title, hint, schema and uiSchema in `locale` (the same object on every call). */
export function screenForm(screen: Screen, locale: Locale): ScreenForm {
  let byLocale = forms.get(screen);
  if (!byLocale) {
    byLocale = new Map();
    forms.set(screen, byLocale);
  }
  let form = byLocale.get(locale);
  if (!form) {
    form = buildForm(screen, locale);
    byLocale.set(locale, form);
  }
  return form;
}

/**
 * The screen's form for one journey: screenForm, with the options of fields whose choices come
 * from a lookup (see choices.ts) written in, and those an earlier answer narrows (choice-filters.ts)
 * narrowed. The same object as screenForm for other screens.
 */
export function journeyForm(screen: Screen, locale: Locale, facts: ChoiceFacts): ScreenForm {
  const form = screenForm(screen, locale);
  if ((!screen.choices && !screen.choiceFilters) || !form.schema) return form;
  return { ...form, schema: schemaWithChoices(screen, form.schema, facts, locale) };
}

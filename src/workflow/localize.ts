/**
 * Texts in a workflow are `{ "en": ..., "es": ... }` objects or translation keys of the `workflow`
 * namespace (locales/{en,es}/workflow.json), read through the site's i18next (src/i18n). Screens'
 * JSON Schemas and uiSchemas carry such texts too; react-jsonschema-form and AJV want plain strings,
 * so a screen is localized before use.
 *
 * A workflow's own `{name}` placeholders (one brace, written by city staff, docs/workflows.md) are
 * not i18next's: they are filled by the text blocks' `replace` maps (src/domain/text-block.ts).
 */

import { textFor } from "../i18n";
import type { JSONSchema, Locale, Text, UiSchema } from "./types";

/** A namespace's strings in each language, as a check reads them (catalog.ts: the workflow one). */
export type Catalog = Record<Locale, Record<string, unknown>>;

/** A `{en, es}` text object (and nothing else: a schema property called "en" is not one). */
export function isTextObject(value: unknown): value is { en: string; es?: string } {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const record = value as Record<string, unknown>;
  return (
    keys.includes("en") &&
    keys.every((key) => key === "en" || key === "es") &&
    keys.every((key) => typeof record[key] === "string")
  );
}

/** A dotted key ('common.yes') in a nested catalogue, or undefined. */
export function lookupKey(catalog: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * A text as written in one language: its `{en, es}` entry or its catalogue key's, with no fallback
 * to English (undefined when that language has none), for checks that read each language.
 */
export function writtenText(text: unknown, locale: Locale, catalog: Catalog): string | undefined {
  if (isTextObject(text)) return text[locale];
  return typeof text === "string" ? lookupKey(catalog[locale], text) : undefined;
}

/**
 * The text in `locale`, `{{name}}` placeholders of a catalogue text filled from `values`. A missing
 * Spanish text falls back to English (lint reports it); an unknown key is shown as written, which
 * is also how lint spots it.
 */
export function localizeText(
  text: Text | undefined,
  locale: Locale,
  values?: Record<string, string | number>,
): string {
  if (text === undefined) return "";
  if (typeof text !== "string") return text[locale] ?? text.en;
  return textFor(locale, "workflow")(text, values);
}

/** An engine string of the workflow namespace ('common.yes'). */
export function engineText(key: string, locale: Locale, values?: Record<string, string | number>): string {
  return localizeText(key, locale, values);
}

const SCHEMA_TEXT_KEYWORDS = new Set(["title", "description"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_SINGLES = new Set([
  "items",
  "additionalProperties",
  "additionalItems",
  "contains",
  "not",
  "if",
  "then",
  "else",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
]);

/**
 * Visits every subschema with the JSON path of its keyword, so the same walk serves localizing,
 * linting labels and finding fields.
 */
export function mapSchema(
  schema: unknown,
  visit: (node: JSONSchema, path: Array<string | number>) => JSONSchema,
  path: Array<string | number> = [],
): unknown {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const out: JSONSchema = {};
  for (const [key, value] of Object.entries(schema as JSONSchema)) {
    if (SCHEMA_MAPS.has(key) && value && typeof value === "object" && !Array.isArray(value)) {
      const map: JSONSchema = {};
      for (const [name, sub] of Object.entries(value))
        map[name] = mapSchema(sub, visit, [...path, key, name]);
      out[key] = map;
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((sub, i) => mapSchema(sub, visit, [...path, key, i]));
    } else if (SCHEMA_SINGLES.has(key)) {
      out[key] = Array.isArray(value)
        ? value.map((sub, i) => mapSchema(sub, visit, [...path, key, i]))
        : mapSchema(value, visit, [...path, key]);
    } else {
      out[key] = value;
    }
  }
  return visit(out, path);
}

/** The schema with every title and description as a plain string in `locale`. */
export function localizeSchema(schema: JSONSchema, locale: Locale): JSONSchema {
  return mapSchema(schema, (node) => {
    for (const key of SCHEMA_TEXT_KEYWORDS) {
      const value = node[key];
      if (typeof value === "string" || isTextObject(value)) node[key] = localizeText(value, locale);
    }
    return node;
  }) as JSONSchema;
}

/** uiSchema keys whose string values are texts (translation keys), not settings like a widget name. */
const UI_TEXT_KEYS = new Set([
  "ui:title",
  "ui:description",
  "ui:help",
  "ui:placeholder",
  "ui:submitButtonOptions",
]);

/** The uiSchema with every `{en, es}` object and every text key resolved in `locale`. */
export function localizeUiSchema(uiSchema: UiSchema, locale: Locale): UiSchema {
  const walk = (value: unknown, key?: string): unknown => {
    if (isTextObject(value)) return localizeText(value, locale);
    if (typeof value === "string" && key && UI_TEXT_KEYS.has(key)) return localizeText(value, locale);
    if (Array.isArray(value)) {
      return key === "ui:enumNames"
        ? value.map((entry) =>
            typeof entry === "string" || isTextObject(entry) ? localizeText(entry, locale) : entry,
          )
        : value.map((entry) => walk(entry));
    }
    if (value && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(v, k);
      return out;
    }
    return value;
  };
  return walk(uiSchema) as UiSchema;
}

/**
 * The one place an Ajv instance is configured, for run-time compilation (server) and for
 * ahead-of-time compilation (compile.ts) alike, so both produce the same validators.
 */
import { _, Ajv, type Options } from "ajv";
import { catalogueFormats } from "./formats";
import { ANNOTATION_KEYWORDS, catalogueKeywords, RUNTIME_MODULE } from "./keywords";

export interface CatalogueAjvOptions {
  /** Clock for validators called without `{ now }` as their `this` (run-time compilation only). */
  now?: () => Date;
  /** More schema annotations to tolerate besides x-required-na, x-messages, x-autocomplete. */
  annotations?: readonly string[];
  /** Keep generated source for standalone code (compile.ts). */
  standalone?: boolean;
}

export function buildCatalogueAjv(options: CatalogueAjvOptions = {}): Ajv {
  const ajvOptions: Options = {
    allErrors: true,
    // Each error carries the schema that failed, so messages can read its annotations.
    verbose: true,
    // The validation context ({ now }) reaches the keywords as `this`.
    passContext: true,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    // The catalogue writes every message; Ajv's English ones would only add weight.
    messages: false,
    formats: catalogueFormats,
    code: {
      esm: true,
      source: options.standalone === true,
      formats: _`require(${RUNTIME_MODULE}).formats`,
    },
  };
  const ajv = new Ajv(ajvOptions);
  for (const keyword of [...ANNOTATION_KEYWORDS, ...(options.annotations ?? [])]) {
    ajv.addKeyword({ keyword });
  }
  for (const definition of catalogueKeywords({ now: options.now })) {
    ajv.addKeyword(definition);
  }
  return ajv;
}

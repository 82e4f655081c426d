/**
 * Where the engine's tools (the CLI, replays, tests) get the validation catalogue from. The engine
 * itself never imports it: every function that validates takes a `validate` argument, so the
 * server, the browser (with validators compiled ahead of time) and tests each pass their own.
 */

import { validateAnswers as catalogueValidate, compileCatalogueSchema } from "../forms/validation/index";
import type { JSONSchema, Validate } from "./types";

/** The catalogue's validator: the spec's messages in English or Spanish. */
export const validateAnswers: Validate = (schema, data, opts) => catalogueValidate(schema, data, opts);

/** Compiles a screen's schema with the catalogue's formats and keywords; throws on an unknown keyword. */
export function compileScreenSchema(schema: JSONSchema): void {
  compileCatalogueSchema(schema);
}

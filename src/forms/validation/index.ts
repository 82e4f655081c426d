/**
 * The validation catalogue (SPEC §5) for the server: compile a screen's JSON Schema with the
 * catalogue's formats and keywords and get the resident's messages back. Browsers run validators
 * compiled ahead of time through compiled.ts instead (see compile.ts).
 */
import type { Ajv } from "ajv";
import { buildCatalogueAjv } from "./ajv";
import { type CompiledValidator, type ValidateOptions, validateCompiled } from "./compiled";
import type { FieldError, Locale, Translate } from "./messages";

export type { CompiledValidator, ValidateOptions } from "./compiled";
export { validateCompiled } from "./compiled";
export type { DateBound, RelativeDate } from "./date-bounds";
export { resolveDateBound } from "./date-bounds";
export { catalogueFormats, usPhoneDigits } from "./formats";
export type { ValidationContext } from "./keyword-checks";
export { ANNOTATION_KEYWORDS } from "./keywords";
export type { AjvErrorLike, FieldError, Locale, MessageKey, Translate } from "./messages";
export { catalogueMessage, toFieldErrors } from "./messages";

/**
 * An Ajv instance with every catalogue format and keyword. Validators it compiles take "now" from
 * their context (`validate.call({ now }, data)`), else from `opts.now`; with neither, a date or
 * expiry keyword throws rather than read the clock.
 */
export function createCatalogueAjv(opts: { now?: () => Date; annotations?: readonly string[] } = {}): Ajv {
  return buildCatalogueAjv(opts);
}

const shared = buildCatalogueAjv();
const compiled = new WeakMap<object, CompiledValidator>();

/** Compiles once per schema object: keep screen schemas as stable objects to keep POSTs fast. */
export function compileCatalogueSchema(schema: object): CompiledValidator {
  let validate = compiled.get(schema);
  if (!validate) {
    const id = (schema as { $id?: unknown }).$id;
    // A new object for an id compiled before (a reloaded workflow file) replaces the old one.
    if (typeof id === "string" && shared.getSchema(id)) shared.removeSchema(id);
    validate = shared.compile(schema) as unknown as CompiledValidator;
    compiled.set(schema, validate);
  }
  return validate;
}

/** The resident's messages for `data` against `schema`: one per failing field, [] when valid. */
export function validateAnswers(
  schema: object,
  data: unknown,
  opts: { locale: Locale; now: Date; translate?: Translate },
): FieldError[] {
  const options: ValidateOptions = { ...opts, schema };
  return validateCompiled(compileCatalogueSchema(schema), data, options);
}

/**
 * Running a compiled validator, whether Ajv compiled it a moment ago (server) or ahead of time
 * (compile.ts, for the browser). Browser code imports this module, never index.ts: nothing here
 * pulls in the Ajv compiler.
 */
import type { ValidationContext } from "./keyword-checks";
import { type AjvErrorLike, type FieldError, type Locale, type Translate, toFieldErrors } from "./messages";

/** An Ajv validate function, compiled with the catalogue (ajv.ts). */
export interface CompiledValidator {
  (this: ValidationContext, data: unknown): boolean;
  errors?: AjvErrorLike[] | null;
}

export interface ValidateOptions {
  locale: Locale;
  now: Date;
  translate?: Translate;
  /** The schema the validator was compiled from, to read annotations through local "$ref"s. */
  schema?: object;
}

export function validateCompiled(
  validate: CompiledValidator,
  data: unknown,
  options: ValidateOptions,
): FieldError[] {
  const context: ValidationContext = { now: options.now };
  if (validate.call(context, data)) return [];
  return toFieldErrors(validate.errors, {
    locale: options.locale,
    now: options.now,
    translate: options.translate,
    rootSchema: options.schema,
    data,
  });
}

export type { FieldError, Locale } from "./messages";

/**
 * The validators of a module written by compile.ts, checked and typed:
 * `loadStandaloneValidators(await import("./generated/validators.js"))`.
 */
export function loadStandaloneValidators(module: unknown): Record<string, CompiledValidator> {
  const validators = (module as { validators?: unknown } | null)?.validators;
  if (!validators || typeof validators !== "object") {
    throw new Error("Not a compiled validators module: it has no `validators` export");
  }
  for (const [name, fn] of Object.entries(validators)) {
    if (typeof fn !== "function") throw new Error(`Compiled validator ${name} is not a function`);
  }
  return validators as Record<string, CompiledValidator>;
}

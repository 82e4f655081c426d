import type { BaseInputTemplateProps } from "@rjsf/utils";
import type { ChangeEvent, HTMLAttributes } from "react";
import { autocompleteFor } from "../autocomplete";
import { describedBy, localeOf, visibleErrors } from "../context";
import { hintLines } from "../field-kind";
import type { JsonSchema } from "../schema-walk";

/** Extra props the theme's widgets pass to BaseInputTemplate. */
export interface InputExtras extends Pick<HTMLAttributes<HTMLInputElement>, "inputMode" | "spellCheck"> {
  autoComplete?: string;
  /** A symbol shown before the input ("$"), as USWDS's input prefix. */
  inputPrefix?: string;
  /** The text shown, when it differs from the value (currency). */
  displayValue?: string;
  onTextChange?: (text: string) => void;
}

/**
 * The one <input> of every text-like widget: name = id (field-names.ts), hint and error in
 * aria-describedby, aria-invalid when there is an error. Numbers are typed as text with a numeric
 * keyboard (type="number" mangles values and spins on scroll).
 */
export function BaseInputTemplate(props: BaseInputTemplateProps & InputExtras) {
  const {
    id,
    name,
    value,
    type,
    schema,
    uiSchema,
    options,
    rawErrors,
    hideError,
    disabled,
    readonly,
    required,
    placeholder,
    registry,
    onChange,
    onBlur,
    onFocus,
    inputMode,
    autoComplete,
    inputPrefix,
    spellCheck,
    displayValue,
    onTextChange,
  } = props;
  const locale = localeOf(registry);
  const errors = visibleErrors(rawErrors, hideError);
  const hasHint = hintLines(schema as JsonSchema, uiSchema, locale).length > 0;
  const numeric = type === "number" || type === "integer";
  const inputType = numeric
    ? "text"
    : type === "email" || type === "tel" || type === "password"
      ? type
      : "text";
  const text = displayValue ?? (value === undefined || value === null ? "" : String(value));
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    if (onTextChange) return onTextChange(next);
    onChange(next === "" ? options.emptyValue : next);
  };
  const input = (
    <input
      id={id}
      name={id}
      type={inputType}
      className={`usa-input${errors.length ? " usa-input--error" : ""}`}
      value={text}
      inputMode={inputMode ?? (numeric ? (schema.type === "integer" ? "numeric" : "decimal") : undefined)}
      autoComplete={autoComplete ?? autocompleteFor(name, schema as JsonSchema, uiSchema)}
      spellCheck={spellCheck}
      placeholder={placeholder || undefined}
      disabled={disabled}
      readOnly={readonly}
      aria-required={required || undefined}
      aria-invalid={errors.length ? true : undefined}
      aria-describedby={describedBy(id, hasHint, errors.length > 0)}
      onChange={handleChange}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
  if (!inputPrefix) return input;
  return (
    <div className={`usa-input-group${errors.length ? " usa-input-group--error" : ""}`}>
      <div className="usa-input-prefix" aria-hidden="true">
        {inputPrefix}
      </div>
      {input}
    </div>
  );
}

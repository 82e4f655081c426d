import type { InputHTMLAttributes } from "react";

/**
 * One labelled text field of a plain server-rendered form (the staff console, the status lookup):
 * the label, an optional hint, the error when there is one, and the input or textarea described by
 * both, as USWDS and GOV.UK lay them out. Workflow screens have RJSF's own fields instead.
 */
export interface TextFieldProps
  extends Pick<
    InputHTMLAttributes<HTMLInputElement>,
    "type" | "autoComplete" | "inputMode" | "maxLength" | "spellCheck" | "pattern" | "defaultValue"
  > {
  id: string;
  name: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  className?: string;
}

export function TextField({
  id,
  name,
  label,
  hint,
  error,
  rows,
  className,
  defaultValue,
  ...input
}: TextFieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue,
    "aria-describedby": described,
    "aria-invalid": error ? true : undefined,
  };
  return (
    <div
      className={`usa-form-group${error ? " usa-form-group--error" : ""}${className ? ` ${className}` : ""}`}
    >
      <label className="usa-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="usa-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {error && (
        <span className="usa-error-message" id={`${id}-error`}>
          {error}
        </span>
      )}
      {rows ? (
        <textarea className="usa-textarea" rows={rows} maxLength={input.maxLength} {...common} />
      ) : (
        <input className={`usa-input${error ? " usa-input--error" : ""}`} {...input} {...common} />
      )}
    </div>
  );
}

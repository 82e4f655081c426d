import type { WidgetProps } from "@rjsf/utils";
import { type ChangeEvent, useEffect, useState } from "react";
import { formatCurrency, toCents } from "../../../domain/money";
import { describedBy, localeOf, visibleErrors } from "../context";
import { hintLines } from "../field-kind";
import type { JsonSchema } from "../schema-walk";
import { formsText } from "../strings";
import { BaseInputTemplate, type InputExtras } from "../templates/BaseInputTemplate";

/** A text input with a widget's keyboard and autocomplete; "ui:options": { "inputMode" } may override the keyboard. */
function formattedInput(props: WidgetProps, extras: InputExtras & { type?: string }) {
  const options = props.options as { inputMode?: InputExtras["inputMode"] };
  return (
    <BaseInputTemplate
      {...props}
      {...extras}
      type={extras.type ?? "text"}
      inputMode={options.inputMode ?? extras.inputMode}
    />
  );
}

export function TextWidget(props: WidgetProps) {
  const type =
    props.schema.type === "integer" || props.schema.type === "number" ? String(props.schema.type) : "text";
  return <BaseInputTemplate {...props} type={type} />;
}

export function EmailWidget(props: WidgetProps) {
  return formattedInput(props, { type: "email", autoComplete: "email", spellCheck: false });
}

/** mm/dd/yyyy typed as text; the hint "For example, 03/25/1958" comes with it unless the field has its own (field-kind.ts). */
export function DateWidget(props: WidgetProps) {
  return formattedInput(props, { inputMode: "numeric" });
}

export function PhoneWidget(props: WidgetProps) {
  return formattedInput(props, { type: "tel", autoComplete: "tel" });
}

export function ZipWidget(props: WidgetProps) {
  return formattedInput(props, { inputMode: "numeric", autoComplete: "postal-code" });
}

export function CardNumberWidget(props: WidgetProps) {
  return formattedInput(props, { inputMode: "numeric", autoComplete: "cc-number", spellCheck: false });
}

export function CardExpiryWidget(props: WidgetProps) {
  return formattedInput(props, { inputMode: "numeric", autoComplete: "cc-exp", spellCheck: false });
}

export function CardCvvWidget(props: WidgetProps) {
  return formattedInput(props, { inputMode: "numeric", autoComplete: "cc-csc", spellCheck: false });
}

/** Routing numbers, last five digits: digits typed on a numeric keyboard, never autofilled. */
export function DigitsWidget(props: WidgetProps) {
  return formattedInput(props, { inputMode: "numeric", autoComplete: "off", spellCheck: false });
}

const centsText = (value: unknown): string =>
  typeof value === "number" && Number.isSafeInteger(value)
    ? formatCurrency(value).replace("$", "")
    : value === undefined || value === null
      ? ""
      : String(value);

/**
 * An amount in dollars with a "$" prefix; its value is integer cents (format "cents"). What the
 * resident typed stays on screen while it still means the same amount; text that is not an amount
 * is passed on as typed, so validation can say so.
 */
export function CurrencyWidget(props: WidgetProps) {
  const { value, onChange, options } = props;
  const [text, setText] = useState(() => centsText(value));
  useEffect(() => {
    setText((current) => (toCents(current) === value || current === value ? current : centsText(value)));
  }, [value]);
  const onTextChange = (next: string) => {
    setText(next);
    onChange(next.trim() === "" ? options.emptyValue : (toCents(next) ?? next));
  };
  return (
    <BaseInputTemplate
      {...props}
      type="text"
      inputPrefix="$"
      inputMode="decimal"
      displayValue={text}
      onTextChange={onTextChange}
    />
  );
}

/**
 * A value shown as dots (account numbers, ID digits), with a Show / Hide button once JavaScript
 * runs; without it the field is an ordinary password-style input.
 */
export function MaskedWidget(props: WidgetProps) {
  const { id, label, registry } = props;
  const locale = localeOf(registry);
  const [shown, setShown] = useState(false);
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const options = props.options as { inputMode?: InputExtras["inputMode"] };
  return (
    <>
      <BaseInputTemplate
        {...props}
        type={shown ? "text" : "password"}
        autoComplete="off"
        spellCheck={false}
        inputMode={options.inputMode ?? "numeric"}
      />
      {interactive && (
        <button
          type="button"
          className="usa-button usa-button--unstyled usa-show-password"
          aria-controls={id}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {formsText(locale, shown ? "hideValue" : "showValue")}
          <span className="usa-sr-only"> {label}</span>
        </button>
      )}
    </>
  );
}

export function TextareaWidget(props: WidgetProps) {
  const {
    id,
    value,
    schema,
    uiSchema,
    registry,
    rawErrors,
    hideError,
    disabled,
    readonly,
    required,
    options,
  } = props;
  const locale = localeOf(registry);
  const errors = visibleErrors(rawErrors, hideError);
  const hasHint = hintLines(schema as JsonSchema, uiSchema, locale).length > 0;
  const rows = typeof options.rows === "number" ? options.rows : 5;
  return (
    <textarea
      id={id}
      name={id}
      className={`usa-textarea${errors.length ? " usa-input--error" : ""}`}
      rows={rows}
      value={value ?? ""}
      disabled={disabled}
      readOnly={readonly}
      aria-required={required || undefined}
      aria-invalid={errors.length ? true : undefined}
      aria-describedby={describedBy(id, hasHint, errors.length > 0)}
      onChange={(event: ChangeEvent<HTMLTextAreaElement>) =>
        props.onChange(event.target.value === "" ? options.emptyValue : event.target.value)
      }
      onBlur={(event) => props.onBlur(id, event.target.value)}
      onFocus={(event) => props.onFocus(id, event.target.value)}
    />
  );
}

export function HiddenWidget({ id, value }: WidgetProps) {
  return (
    <input
      type="hidden"
      id={id}
      name={id}
      value={value === undefined || value === null ? "" : String(value)}
    />
  );
}

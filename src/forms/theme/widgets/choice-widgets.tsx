import type { EnumOptionsType, WidgetProps } from "@rjsf/utils";
import { describedBy, localeOf, visibleErrors } from "../context";
import { hintLines } from "../field-kind";
import { optionId } from "../field-names";
import type { JsonSchema } from "../schema-walk";
import { formsText } from "../strings";

/**
 * Choices post their real values ("true", "Regular Mail"), not RJSF's option indexes, so a form
 * sent without JavaScript reads back the same answers (form-data.ts).
 */
const optionsOf = (props: WidgetProps): EnumOptionsType[] => props.options.enumOptions ?? [];

function fromDom(props: WidgetProps, raw: string): unknown {
  const match = optionsOf(props).find((option) => String(option.value) === raw);
  return match ? match.value : raw === "" ? props.options.emptyValue : raw;
}

function isDisabled(props: WidgetProps, option: EnumOptionsType): boolean {
  const list = props.options.enumDisabled;
  return Array.isArray(list) && list.some((value) => value === option.value);
}

export function RadioWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, rawErrors, hideError, onChange, onBlur, onFocus } = props;
  const invalid = visibleErrors(rawErrors, hideError).length > 0;
  return (
    <>
      {optionsOf(props).map((option, i) => (
        <div className="usa-radio" key={i}>
          <input
            className="usa-radio__input"
            id={optionId(id, i)}
            type="radio"
            name={id}
            value={String(option.value)}
            checked={value === option.value}
            disabled={disabled || readonly || isDisabled(props, option)}
            aria-invalid={invalid || undefined}
            onChange={() => onChange(option.value)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          <label className="usa-radio__label" htmlFor={optionId(id, i)}>
            {option.label}
          </label>
        </div>
      ))}
    </>
  );
}

/** A list of checkboxes for an array of choices; a hidden empty value marks "none ticked". */
export function CheckboxesWidget(props: WidgetProps) {
  const { id, disabled, readonly, rawErrors, hideError, onChange, onBlur, onFocus } = props;
  const invalid = visibleErrors(rawErrors, hideError).length > 0;
  const options = optionsOf(props);
  const selected: unknown[] = Array.isArray(props.value) ? props.value : [];
  const toggle = (option: EnumOptionsType, on: boolean) => {
    const next = on ? [...selected, option.value] : selected.filter((v) => v !== option.value);
    // Keep the options' order, whatever order they were ticked in.
    onChange(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <>
      <input type="hidden" name={id} value="" />
      {options.map((option, i) => (
        <div className="usa-checkbox" key={i}>
          <input
            className="usa-checkbox__input"
            id={optionId(id, i)}
            type="checkbox"
            name={id}
            value={String(option.value)}
            checked={selected.includes(option.value)}
            disabled={disabled || readonly || isDisabled(props, option)}
            aria-invalid={invalid || undefined}
            onChange={(event) => toggle(option, event.target.checked)}
            onBlur={() => onBlur(id, props.value)}
            onFocus={() => onFocus(id, props.value)}
          />
          <label className="usa-checkbox__label" htmlFor={optionId(id, i)}>
            {option.label}
          </label>
        </div>
      ))}
    </>
  );
}

/** One yes/no checkbox ("I agree…"); a hidden "false" before it is what posts when it is not ticked. */
export function CheckboxWidget(props: WidgetProps) {
  const { id, value, label, schema, uiSchema, registry, disabled, readonly, rawErrors, hideError, required } =
    props;
  const locale = localeOf(registry);
  const invalid = visibleErrors(rawErrors, hideError).length > 0;
  const lines = hintLines(schema as JsonSchema, uiSchema, locale);
  return (
    <>
      <input type="hidden" name={id} value="false" />
      <div className="usa-checkbox">
        <input
          className="usa-checkbox__input"
          id={id}
          type="checkbox"
          name={id}
          value="true"
          checked={value === true}
          disabled={disabled || readonly}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(id, lines.length > 0, invalid)}
          onChange={(event) => props.onChange(event.target.checked)}
          onBlur={() => props.onBlur(id, value)}
          onFocus={() => props.onFocus(id, value)}
        />
        <label className="usa-checkbox__label" htmlFor={id}>
          {label}
        </label>
      </div>
    </>
  );
}

export function SelectWidget(props: WidgetProps) {
  const {
    id,
    value,
    multiple,
    schema,
    uiSchema,
    registry,
    disabled,
    readonly,
    rawErrors,
    hideError,
    required,
  } = props;
  if (multiple) return <CheckboxesWidget {...props} />;
  const locale = localeOf(registry);
  const invalid = visibleErrors(rawErrors, hideError).length > 0;
  const hasHint = hintLines(schema as JsonSchema, uiSchema, locale).length > 0;
  const placeholder = props.placeholder || formsText(locale, "selectPlaceholder");
  return (
    <select
      id={id}
      name={id}
      className={`usa-select${invalid ? " usa-input--error" : ""}`}
      value={value === undefined || value === null ? "" : String(value)}
      disabled={disabled || readonly}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy(id, hasHint, invalid)}
      onChange={(event) => props.onChange(fromDom(props, event.target.value))}
      onBlur={(event) => props.onBlur(id, fromDom(props, event.target.value))}
      onFocus={(event) => props.onFocus(id, fromDom(props, event.target.value))}
    >
      <option value="">{placeholder}</option>
      {optionsOf(props).map((option, i) => (
        <option key={i} value={String(option.value)} disabled={isDisabled(props, option)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

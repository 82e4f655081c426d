import type { WidgetProps } from "@rjsf/utils";
import { AddressCombobox } from "../../../app/components/AddressCombobox/AddressCombobox";
import { describedBy, localeOf, visibleErrors } from "../context";
import { hintLines } from "../field-kind";
import type { JsonSchema } from "../schema-walk";

/**
 * `"ui:widget": "address"`: a city address with suggestions (issue 15), the lookups' combobox
 * (src/app/components/AddressCombobox) with the theme's input markup: name = id, hint and error in
 * aria-describedby, aria-invalid and aria-required. The answer is the text in the box, typed or
 * chosen; without JavaScript it is an ordinary text field of the screen's form.
 */
export function AddressWidget(props: WidgetProps) {
  const { id, value, schema, uiSchema, rawErrors, hideError, registry, options } = props;
  const errors = visibleErrors(rawErrors, hideError);
  const hasHint = hintLines(schema as JsonSchema, uiSchema, localeOf(registry)).length > 0;
  const described = describedBy(id, hasHint, errors.length > 0);
  return (
    <AddressCombobox
      id={id}
      name={id}
      value={value === undefined || value === null ? "" : String(value)}
      onValueChange={(next) => props.onChange(next === "" ? options.emptyValue : next)}
      onBlur={() => props.onBlur(id, value)}
      onFocus={() => props.onFocus(id, value)}
      inputClassName={`usa-input${errors.length ? " usa-input--error" : ""}`}
      invalid={errors.length > 0}
      required={props.required}
      disabled={props.disabled}
      readOnly={props.readonly}
      placeholder={props.placeholder}
      {...(described ? { describedBy: described } : {})}
    />
  );
}

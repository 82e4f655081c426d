import type { WidgetProps } from "@rjsf/utils";
import { useState } from "react";
import { autocompleteFor } from "../autocomplete";
import { describedBy, localeOf, visibleErrors } from "../context";
import {
  DATE_PARTS,
  type DatePart,
  type DateParts,
  joinDate,
  partId,
  partName,
  splitDate,
} from "../date-parts";
import { hintLines } from "../field-kind";
import type { JsonSchema } from "../schema-walk";
import { formsText } from "../strings";

/** Box widths as USWDS sizes them: two digits, two digits, four digits. */
const SIZE: Record<DatePart, { maxLength: number; className: string }> = {
  month: { maxLength: 2, className: "usa-form-group--month" },
  day: { maxLength: 2, className: "usa-form-group--day" },
  year: { maxLength: 4, className: "usa-form-group--year" },
};

/**
 * Month, day and year boxes for a date a resident knows (date-parts.ts). The field template puts
 * them in a <fieldset> whose legend is the question; each box has its own visible label. A date
 * of birth offers the browser's birthday autofill box by box.
 */
export function MemorableDateWidget(props: WidgetProps) {
  const { id, name, value, schema, uiSchema, registry, rawErrors, hideError, disabled, readonly, required } =
    props;
  const locale = localeOf(registry);
  const invalid = visibleErrors(rawErrors, hideError).length > 0;
  const hasHint = hintLines(schema as JsonSchema, uiSchema, locale).length > 0;
  // The boxes as typed: the joined answer alone would lose a box left empty between two filled ones.
  const [parts, setParts] = useState<DateParts>(() => splitDate(value));
  const shown = joinDate(parts) === (value ?? undefined) ? parts : splitDate(value);
  const birthday = autocompleteFor(name, schema as JsonSchema, uiSchema) === "bday";
  const change = (part: DatePart, text: string) => {
    const next = { ...shown, [part]: text };
    setParts(next);
    props.onChange(joinDate(next) ?? props.options.emptyValue);
  };
  return (
    <div className="usa-memorable-date">
      {DATE_PARTS.map((part) => (
        <div className={`usa-form-group ${SIZE[part].className}`} key={part}>
          <label className="usa-label" htmlFor={partId(id, part)}>
            {formsText(locale, part)}
          </label>
          <input
            className={`usa-input${invalid ? " usa-input--error" : ""}`}
            id={partId(id, part)}
            name={partName(id, part)}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={SIZE[part].maxLength}
            autoComplete={birthday ? `bday-${part}` : "off"}
            value={shown[part]}
            disabled={disabled}
            readOnly={readonly}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(id, hasHint, invalid)}
            onChange={(event) => change(part, event.target.value)}
            onBlur={() => props.onBlur(id, value)}
            onFocus={() => props.onFocus(id, value)}
          />
        </div>
      ))}
    </div>
  );
}

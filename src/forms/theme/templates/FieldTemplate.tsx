import type { FieldTemplateProps } from "@rjsf/utils";
import { isUploadField } from "../../../domain/uploads";
import { ContainerErrors, describedBy, localeOf, visibleErrors } from "../context";
import { fieldKind, hintLines } from "../field-kind";
import type { JsonSchema } from "../schema-walk";
import { ErrorMessage, Hint, itemLabel, OptionalMarker } from "./field-parts";

/**
 * Every field's frame in USWDS markup. Inputs get a <label for>, groups a <fieldset> and <legend>;
 * the hint and the error message sit between the question and the control, in that order, and
 * the control names both in aria-describedby (widgets compute the same ids).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const {
    id,
    label,
    children,
    rawErrors,
    hidden,
    required,
    displayLabel,
    schema,
    uiSchema,
    registry,
    hideError,
  } = props;
  const locale = localeOf(registry);
  const kind = hidden ? "hidden" : fieldKind(schema, uiSchema, registry.rootSchema);
  if (kind === "hidden") return children;
  const errors = visibleErrors(rawErrors, hideError);
  if (kind === "container")
    return <ContainerErrors.Provider value={errors}>{children}</ContainerErrors.Provider>;
  const lines = hintLines(schema as JsonSchema, uiSchema, locale);
  const title = itemLabel(label, props.fieldPathId.path, (schema as JsonSchema).title);
  const groupClass = `usa-form-group${errors.length ? " usa-form-group--error" : ""}`;
  if (kind === "group") {
    return (
      <div className={groupClass}>
        <fieldset
          className="usa-fieldset"
          aria-describedby={describedBy(id, lines.length > 0, errors.length > 0)}
        >
          <legend className="usa-legend">
            {title}
            <OptionalMarker required={required} locale={locale} />
          </legend>
          <Hint id={id} lines={lines} />
          <ErrorMessage id={id} errors={errors} locale={locale} />
          {children}
        </fieldset>
      </div>
    );
  }
  // A label hidden by the uiSchema still names the control for screen readers.
  // RJSF hides an array's label; a documents field is one file input, and its label is the question.
  const labelShown = displayLabel !== false || isUploadField(schema);
  const labelClass = `usa-label${errors.length ? " usa-label--error" : ""}${labelShown ? "" : " usa-sr-only"}`;
  return (
    <div className={groupClass}>
      {kind === "input" && (
        <label className={labelClass} htmlFor={id}>
          {title}
          <OptionalMarker required={required} locale={locale} />
        </label>
      )}
      <Hint id={id} lines={lines} />
      <ErrorMessage id={id} errors={errors} locale={locale} />
      {children}
    </div>
  );
}

import type { ObjectFieldTemplateProps } from "@rjsf/utils";
import { useContext } from "react";
import { ContainerErrors, describedBy, localeOf } from "../context";
import { hintLines } from "../field-kind";
import type { JsonSchema } from "../schema-walk";
import { ErrorMessage, Hint, itemLabel } from "./field-parts";

/**
 * A group of questions. The screen itself (the root object) is a plain block: its title is the
 * page's heading, which the page renders. A nested object is a fieldset whose legend is its title.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { fieldPathId, properties, registry, schema, uiSchema, title } = props;
  const locale = localeOf(registry);
  const id = fieldPathId.$id;
  const errors = useContext(ContainerErrors);
  const lines = hintLines(schema as JsonSchema, uiSchema, locale);
  const content = properties.map((property) => property.content);
  const legend = title ? itemLabel(title, fieldPathId.path, schema.title) : "";
  if (fieldPathId.path.length === 0 || !legend) {
    return (
      <div className="cp-form-group--object" id={id}>
        <Hint id={id} lines={lines} />
        <ErrorMessage id={id} errors={errors} locale={locale} />
        {content}
      </div>
    );
  }
  return (
    <fieldset
      className={`usa-fieldset${errors.length ? " usa-form-group--error" : ""}`}
      id={id}
      aria-describedby={describedBy(id, lines.length > 0, errors.length > 0)}
    >
      <legend className="usa-legend usa-legend--large">{legend}</legend>
      <Hint id={id} lines={lines} />
      <ErrorMessage id={id} errors={errors} locale={locale} />
      {content}
    </fieldset>
  );
}

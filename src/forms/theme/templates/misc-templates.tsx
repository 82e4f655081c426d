import {
  type DescriptionFieldProps,
  type ErrorListProps,
  type IconButtonProps,
  type SubmitButtonProps,
  type TitleFieldProps,
  TranslatableString,
} from "@rjsf/utils";
import { useContext } from "react";
import type { FieldError } from "../../validation/messages";
import { HintHtml, localeOf } from "../context";
import { ErrorSummary } from "../ErrorSummary";
import { pointerOf } from "../field-names";
import { formsText } from "../strings";
import { summaryItems } from "../summary-items";

/** RJSF's own error list (when the theme is used with RJSF validation) as the same USWDS summary. */
export function ErrorListTemplate({ errors, schema, uiSchema, registry }: ErrorListProps) {
  const fieldErrors: FieldError[] = errors.map((error) => ({
    path: pointerOf((error.property ?? "").split(".").filter(Boolean)),
    message: error.message ?? error.stack,
    keyword: error.name ?? "",
  }));
  return <ErrorSummary items={summaryItems(fieldErrors, schema, uiSchema)} locale={localeOf(registry)} />;
}

export function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  return (
    <legend className="usa-legend usa-legend--large" id={id}>
      {title}
    </legend>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const html = useContext(HintHtml);
  if (!description) return null;
  if (typeof description === "string" && Object.hasOwn(html, description)) {
    // Sanitised when the workflow was loaded (src/workflow/rich-texts.ts).
    // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side HTML
    return <div className="usa-hint" id={id} dangerouslySetInnerHTML={{ __html: html[description] ?? "" }} />;
  }
  return (
    <div className="usa-hint" id={id}>
      {description}
    </div>
  );
}

export function SubmitButton({ registry }: SubmitButtonProps) {
  return (
    <button type="submit" className="usa-button">
      {formsText(localeOf(registry), "continue")}
    </button>
  );
}

function TextButton({
  label,
  registry,
  iconType: _iconType,
  icon: _icon,
  uiSchema: _ui,
  ...rest
}: IconButtonProps & { label: TranslatableString }) {
  return (
    <button type="button" className="usa-button usa-button--unstyled" {...rest}>
      {registry.translateString(label)}
    </button>
  );
}

export const ButtonTemplates = {
  SubmitButton,
  AddButton: (props: IconButtonProps) => <TextButton {...props} label={TranslatableString.AddItemButton} />,
  CopyButton: (props: IconButtonProps) => <TextButton {...props} label={TranslatableString.CopyButton} />,
  MoveDownButton: (props: IconButtonProps) => (
    <TextButton {...props} label={TranslatableString.MoveDownButton} />
  ),
  MoveUpButton: (props: IconButtonProps) => <TextButton {...props} label={TranslatableString.MoveUpButton} />,
  RemoveButton: (props: IconButtonProps) => <TextButton {...props} label={TranslatableString.RemoveButton} />,
  ClearButton: (props: IconButtonProps) => <TextButton {...props} label={TranslatableString.ClearButton} />,
};

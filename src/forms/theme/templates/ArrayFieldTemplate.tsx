import type { ArrayFieldItemTemplateProps, ArrayFieldTemplateProps } from "@rjsf/utils";
import { type MouseEvent, useEffect, useRef } from "react";
import { numberedTitle } from "../../../domain/numbered-title";
import { describedBy, localeOf, visibleErrors } from "../context";
import { hintLines } from "../field-kind";
import { ACTION_FIELD, countName, pointerOf } from "../field-names";
import { type JsonSchema, schemaAt } from "../schema-walk";
import { formsText } from "../strings";
import { ErrorMessage, Hint, OptionalMarker } from "./field-parts";

const FOCUSABLE = "input:not([type=hidden]), select, textarea, button";

/**
 * A repeated group ("Property 1", "Property 2", … with "Add another" and "Remove"). The buttons are
 * real submit buttons (_action=add:/path, remove:/path/i) so the group works without JavaScript;
 * with it, they change the list in place and focus follows: to the new item after adding, to the
 * group's first control after removing.
 */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const {
    fieldPathId,
    items,
    canAdd,
    onAddClick,
    title,
    schema,
    uiSchema,
    registry,
    rawErrors,
    hideError,
    required,
  } = props;
  const locale = localeOf(registry);
  // A repeated screen's own words for the button ("Add another property"), from its `repeat`.
  const option = (uiSchema?.["ui:options"] as { addLabel?: unknown } | undefined)?.addLabel;
  const addLabel = typeof option === "string" && option ? option : undefined;
  const id = fieldPathId.$id;
  const errors = visibleErrors(rawErrors, hideError);
  const lines = hintLines(schema as JsonSchema, uiSchema, locale);
  const container = useRef<HTMLFieldSetElement>(null);
  const pending = useRef<"added" | "removed" | null>(null);
  const count = items.length;
  useEffect(() => {
    const root = container.current;
    if (!root || !pending.current || count < 0) return;
    const lists = root.querySelectorAll<HTMLElement>(":scope > .cedarport-repeat__item");
    const scope = pending.current === "added" ? lists[lists.length - 1] : root;
    pending.current = null;
    scope?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [count]);
  const onRemoveCapture = (event: MouseEvent<HTMLFieldSetElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest?.("button[value^='remove:']")) pending.current = "removed";
  };
  const add = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    pending.current = "added";
    onAddClick(event);
  };
  const maxItems = typeof schema.maxItems === "number" ? schema.maxItems : undefined;
  // A group that needs an item is not optional, whether or not its parent requires it.
  const needed = required || (typeof schema.minItems === "number" && schema.minItems > 0);
  return (
    <fieldset
      className={`usa-fieldset cedarport-repeat${errors.length ? " usa-form-group--error" : ""}`}
      id={id}
      ref={container}
      onClickCapture={onRemoveCapture}
      aria-describedby={describedBy(id, lines.length > 0, errors.length > 0)}
    >
      {/* A screen that is one repeated group has no title here: the page's heading names it. */}
      {title && (
        <legend className="usa-legend usa-legend--large">
          {title}
          <OptionalMarker required={needed} locale={locale} />
        </legend>
      )}
      <Hint id={id} lines={lines} />
      <ErrorMessage id={id} errors={errors} locale={locale} />
      <input type="hidden" name={countName(id)} value={count} />
      {items}
      {canAdd ? (
        <button
          type="submit"
          name={ACTION_FIELD}
          value={`add:${pointerOf(fieldPathId.path)}`}
          className="usa-button usa-button--outline"
          onClick={add}
        >
          {addLabel ?? (
            <>
              {formsText(locale, "addAnother")}
              {title && <span className="usa-sr-only"> ({title})</span>}
            </>
          )}
        </button>
      ) : (
        maxItems !== undefined &&
        count >= maxItems && (
          <p className="usa-hint">{formsText(locale, "maxItemsReached", { limit: String(maxItems) })}</p>
        )
      )}
    </fieldset>
  );
}

export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, registry, schema } = props;
  const locale = localeOf(registry);
  const itemTitle = numberedTitle(
    typeof schema.title === "string" && schema.title ? schema.title : formsText(locale, "item"),
    index + 1,
  );
  // A group never drops below its minItems: the last required item has no Remove.
  const group = schemaAt(registry.rootSchema, buttonsProps.fieldPathId.path.slice(0, -1));
  const minItems = typeof group?.minItems === "number" ? group.minItems : 0;
  const removable = buttonsProps.hasRemove && buttonsProps.totalItems > minItems;
  const remove = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    buttonsProps.onRemoveItem(event);
  };
  return (
    <div className="cedarport-repeat__item">
      {children}
      {removable && (
        <button
          type="submit"
          name={ACTION_FIELD}
          value={`remove:${pointerOf(buttonsProps.fieldPathId.path)}`}
          className="usa-button usa-button--unstyled"
          disabled={buttonsProps.disabled || buttonsProps.readonly}
          onClick={remove}
        >
          {formsText(locale, "remove")}
          <span className="usa-sr-only"> {itemTitle}</span>
        </button>
      )}
    </div>
  );
}

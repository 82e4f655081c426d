import { type MouseEvent, useEffect, useRef } from "react";
import type { Locale } from "../validation/messages";
import { formsText } from "./strings";

export interface ErrorSummaryItem {
  text: string;
  /** The id of the control to focus; null for a problem with the form as a whole. */
  targetId: string | null;
}

/** Moves focus to the field, scrolling its label or legend into view rather than the bare control. */
function focusField(event: MouseEvent<HTMLAnchorElement>, targetId: string) {
  const target = document.getElementById(targetId);
  if (!target) return;
  event.preventDefault();
  const legend = target.closest("fieldset")?.querySelector("legend");
  // Ids are built from property names and indexes (field-names.ts): safe inside a quoted selector.
  const label = document.querySelector(`label[for="${targetId.replace(/["\\]/g, "")}"]`);
  (label ?? legend ?? target).scrollIntoView?.();
  target.focus({ preventScroll: true });
}

/**
 * The USWDS error alert at the top of a screen: "There is a problem" and a link to each field.
 * It takes focus when it appears and whenever the problems change, so keyboard and screen-reader
 * users land on it after a submit.
 */
export function ErrorSummary({
  items,
  locale,
  id = "error-summary",
}: {
  items: ErrorSummaryItem[];
  locale: Locale;
  id?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const key = items.map((item) => `${item.targetId}:${item.text}`).join("|");
  useEffect(() => {
    if (key) ref.current?.focus();
  }, [key]);
  if (items.length === 0) return null;
  const titleId = `${id}-title`;
  return (
    <div className="usa-alert usa-alert--error" id={id} ref={ref} tabIndex={-1}>
      <div className="usa-alert__body" role="alert">
        <h2 className="usa-alert__heading" id={titleId}>
          {formsText(locale, "errorSummaryTitle")}
        </h2>
        <ul className="usa-list usa-list--unstyled">
          {items.map((item, i) => (
            <li key={i}>
              {item.targetId ? (
                <a href={`#${item.targetId}`} onClick={(event) => focusField(event, item.targetId as string)}>
                  {item.text}
                </a>
              ) : (
                item.text
              )}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

import { type MouseEvent, type ReactNode, useEffect, useRef } from "react";
import type { Locale } from "../validation/messages";
import { formsText } from "./strings";

export interface ErrorSummaryItem {
  text: string;
  /** The id of the control to focus; null for a problem with the form as a whole. */
  targetId: string | null;
  /** Instead of a link: what fixes the problem, e.g. check-answers' "Change" button for a screen. */
  action?: ReactNode;
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
 * users land on it after a submit; without JavaScript, `autofocus` does the same on the page the
 * server sends back (one summary per page has it).
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
    // `autofocus` matters only for the page as the server sent it (no JavaScript); jsdom and some
    // browsers do not reflect it on a div, so hydration may see a difference there: expected.
    <div
      className="usa-alert usa-alert--error"
      id={id}
      ref={ref}
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: GOV.UK/USWDS: a page sent back with errors opens on them
      autoFocus
      suppressHydrationWarning
    >
      <div className="usa-alert__body" role="alert">
        <h2 className="usa-alert__heading" id={titleId}>
          {formsText(locale, "errorSummaryTitle")}
        </h2>
        <ul className="usa-list usa-list--unstyled">
          {items.map((item, i) => (
            <li key={i}>
              {item.action ? (
                item.action
              ) : item.targetId ? (
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

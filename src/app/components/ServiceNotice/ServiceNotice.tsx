import { useId } from "react";
import type { RenderedNotice } from "../../../workflow/content";
import { WorkflowText } from "../RichText/WorkflowText";
import "../Alert/Alert.css";
import "./ServiceNotice.css";

export interface ServiceNoticeProps {
  /** The service's notice as `renderNotice` gives it: plain title, sanitised HTML messages. */
  notice: RenderedNotice;
}

/**
 * A service's notice on every screen ("If this is an emergency, call 911"; docs/workflows.md §10).
 * It looks like the alert it is written as, but it is a labelled region, not a live region: it is
 * there on every page load, and role="alert" (or "status") would have screen readers interrupt
 * the resident with it on each screen. Readers find it in the page, or by its heading or region.
 */
export function ServiceNotice({ notice }: ServiceNoticeProps) {
  const id = useId();
  return (
    <section
      className={`usa-alert usa-alert--${notice.alertType} usa-alert--slim cp-alert cp-service-notice`}
      aria-labelledby={id}
    >
      <div className="usa-alert__body">
        <h2 className="usa-alert__heading" id={id}>
          {notice.title}
        </h2>
        {notice.messages.map((html, i) => (
          <WorkflowText key={i} html={html} className="usa-alert__text" />
        ))}
      </div>
    </section>
  );
}

import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from "react";
import {
  type AlertPosition,
  type AlertType,
  alertRole,
  isFixed,
  normalizeAlert,
} from "../../../domain/alert";
import { useTranslation } from "../../i18n/use-translation";
import "./Alert.css";

export interface AlertProps {
  alertType?: AlertType;
  title?: string;
  /** One message or several; each is a translation key of the 'ui' namespace or plain text. */
  message?: string | readonly string[];
  /** Any position makes the alert float fixed at that spot. */
  position?: AlertPosition;
  allowClose?: boolean;
  notifyOnClose?: () => void;
  /** Content after the messages, such as a link. */
  children?: ReactNode;
  className?: string;
  style?: CSSProperties;
}

export function Alert({ children, className, style, ...input }: AlertProps) {
  const { t, i18n } = useTranslation("ui");
  const alert = normalizeAlert(input);
  const [visible, setVisible] = useState(true);
  // A Close button that does nothing is worse than none: it appears once JavaScript runs.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const root = useRef<HTMLDivElement>(null);

  if (!visible) return null;

  const translate = (text: string) => (i18n.exists(text, { ns: "ui" }) ? t(text) : text);
  const classes = [
    "usa-alert",
    `usa-alert--${alert.alertType}`,
    "cp-alert",
    isFixed(alert) ? `cp-alert--fixed cp-alert--${alert.position}` : "",
    className ?? "",
  ];

  function close() {
    // The Close button had the focus; without it the page would drop it to the start (a keyboard
    // or screen reader user would lose their place): it goes to what follows the alert instead.
    if (root.current?.contains(document.activeElement)) focusAfter(root.current);
    setVisible(false);
    alert.notifyOnClose?.();
  }

  return (
    <div ref={root} className={classes.filter(Boolean).join(" ")} role={alertRole(alert)} style={style}>
      <div className="usa-alert__body">
        {alert.title && <p className="usa-alert__heading">{translate(alert.title)}</p>}
        {alert.messages.map((message, index) => (
          <p key={index} className="usa-alert__text">
            {translate(message)}
          </p>
        ))}
        {children}
      </div>
      {alert.allowClose && interactive && (
        <button type="button" className="cp-alert__close" onClick={close}>
          <span aria-hidden="true">×</span>
          <span className="usa-sr-only">{t("alert.close")}</span>
        </button>
      )}
    </div>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Focuses the first focusable element after `element` (outside it), if there is one. */
function focusAfter(element: HTMLElement): void {
  for (const candidate of document.querySelectorAll<HTMLElement>(FOCUSABLE)) {
    const follows = element.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING;
    if (follows && !element.contains(candidate) && !candidate.closest("[hidden]")) {
      candidate.focus();
      return;
    }
  }
}

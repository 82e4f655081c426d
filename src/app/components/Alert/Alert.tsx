import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
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
    setVisible(false);
    alert.notifyOnClose?.();
  }

  return (
    <div className={classes.filter(Boolean).join(" ")} role={alertRole(alert)} style={style}>
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

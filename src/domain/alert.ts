/**
 * The alert banner's model (SPEC §3 Alert, §4 Alert).
 */

export const alertTypes = ["info", "success", "warning", "error", "emergency"] as const;
export type AlertType = (typeof alertTypes)[number];

export const alertPositions = ["top", "bottom", "bottom-right", "top-right"] as const;
export type AlertPosition = (typeof alertPositions)[number];

export interface AlertInput {
  alertType?: string | null;
  title?: string | null;
  /** One message or several; each is a translation key or text, translated before display. */
  message?: string | readonly string[] | null;
  position?: string | null;
  allowClose?: boolean | null;
  notifyOnClose?: (() => void) | null;
}

export interface Alert {
  alertType: AlertType;
  title?: string;
  messages: string[];
  position?: AlertPosition;
  allowClose: boolean;
  notifyOnClose?: () => void;
}

export function isAlertType(value: unknown): value is AlertType {
  return typeof value === "string" && (alertTypes as readonly string[]).includes(value);
}

export function isAlertPosition(value: unknown): value is AlertPosition {
  return typeof value === "string" && (alertPositions as readonly string[]).includes(value);
}

/** Fills the defaults: type info, closable. An unknown type or position falls back to the default. */
export function normalizeAlert(input: AlertInput): Alert {
  const raw = input.message;
  const messages = (typeof raw === "string" ? [raw] : [...(raw ?? [])]).filter((m) => m.trim() !== "");
  const alert: Alert = {
    alertType: isAlertType(input.alertType) ? input.alertType : "info",
    messages,
    allowClose: input.allowClose ?? true,
  };
  if (input.title) alert.title = input.title;
  if (isAlertPosition(input.position)) alert.position = input.position;
  if (input.notifyOnClose) alert.notifyOnClose = input.notifyOnClose;
  return alert;
}

/** An alert with a position floats fixed at that spot; without one it sits in the page flow. */
export function isFixed(alert: Pick<Alert, "position">): boolean {
  return alert.position !== undefined;
}

/**
 * The ARIA role: errors and emergencies interrupt ('alert'); the others are announced politely
 * ('status').
 */
export function alertRole(alert: Pick<Alert, "alertType">): "alert" | "status" {
  return alert.alertType === "error" || alert.alertType === "emergency" ? "alert" : "status";
}

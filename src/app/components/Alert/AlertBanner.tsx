import { Alert } from "./Alert";
import { readableTextColor } from "./readableTextColor";

/** A site-wide banner from content (SPEC §3 Banner): an info alert in the editor's colour. */
export interface AlertBannerProps {
  title: string;
  link?: string | null;
  /** Any CSS colour; ignored when it cannot be read, so the text always stays legible. */
  backgroundColor?: string | null;
  allowClose?: boolean;
  notifyOnClose?: () => void;
}

export function AlertBanner({ title, link, backgroundColor, allowClose, notifyOnClose }: AlertBannerProps) {
  const color = backgroundColor ? readableTextColor(backgroundColor) : undefined;
  return (
    <Alert
      className="usa-alert--slim usa-alert--no-icon cp-alert--banner"
      style={color ? { backgroundColor: backgroundColor!, color } : undefined}
      allowClose={allowClose}
      notifyOnClose={notifyOnClose}
    >
      <p className="usa-alert__heading">{link ? <a href={link}>{title}</a> : title}</p>
    </Alert>
  );
}

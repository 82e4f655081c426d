import { Alert } from "./Alert";
import type { BannerColors } from "./readableTextColor";

/** A site-wide banner from content (SPEC §3 Banner): an info alert in the editor's colour. */
export interface AlertBannerProps {
  title: string;
  link?: string | null;
  /** The editor's colour with a legible text colour (`bannerColors`); the default colours without. */
  colors?: BannerColors | null;
  allowClose?: boolean;
  notifyOnClose?: () => void;
}

export function AlertBanner({ title, link, colors, allowClose, notifyOnClose }: AlertBannerProps) {
  return (
    <Alert
      className="usa-alert--slim usa-alert--no-icon cp-alert--banner"
      style={colors ? { backgroundColor: colors.background, color: colors.text } : undefined}
      allowClose={allowClose}
      notifyOnClose={notifyOnClose}
    >
      <p className="usa-alert__heading">{link ? <a href={link}>{title}</a> : title}</p>
    </Alert>
  );
}

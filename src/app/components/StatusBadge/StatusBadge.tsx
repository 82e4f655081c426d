import { useTranslation } from "../../i18n/use-translation";
import "./StatusBadge.css";

export interface StatusBadgeProps {
  /** The content status as stored ('draft', 'archived'…). Unknown values are shown as they are. */
  status: string;
}

/** True when a status deserves a badge: everything but 'published' (SPEC §4 Activity status). */
export function showsStatusBadge(status: string | null | undefined): boolean {
  const normalized = status?.trim().toLowerCase() ?? "";
  return normalized !== "" && normalized !== "published";
}

export function StatusBadge({ status }: StatusBadgeProps) {
  const { t } = useTranslation("components");
  const key = status
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  return (
    <span className="cp-status-badge">
      <span className="usa-sr-only">{t("status.label")} </span>
      {t(`status.values.${key}`, { defaultValue: status })}
    </span>
  );
}

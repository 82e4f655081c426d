/** Pieces both staff preview pages show (routes/preview-workflows.tsx, routes/preview-workflow.tsx). */

import { useTranslation } from "../i18n/use-translation";

export function CheckSummary({ errors, warnings }: { errors: number; warnings: number }) {
  const { t } = useTranslation("preview");
  if (errors === 0 && warnings === 0) return <span className="cp-staff__ok">{t("staff.summaryOk")}</span>;
  return (
    <span className={errors > 0 ? "cp-staff__errors" : "cp-staff__warnings"}>
      {t("staff.summary", {
        errors: t("staff.errorCount", { count: errors }),
        warnings: t("staff.warningCount", { count: warnings }),
      })}
    </span>
  );
}

export function StaffNotice() {
  const { t } = useTranslation("preview");
  return (
    <p className="cp-staff__notice">
      <strong className="cp-staff__badge">{t("staff.badge")}</strong> {t("staff.notice")}
    </p>
  );
}

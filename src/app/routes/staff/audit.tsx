import { data } from "react-router";
import { formatCityTime } from "../../../back-office/city-time";
import { Pagination } from "../../components/Pagination/Pagination";
import { useTranslation } from "../../i18n/use-translation";
import { orForbidden, requireStaff, STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/audit";

/** Administrators only: every sign-in and staff action, newest first. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const page = Math.min(10_000, Math.max(1, Number(new URL(request.url).searchParams.get("page")) || 1));
  const log = await orForbidden(() => context.services.backOffice.auditLog(session, page));
  return data(
    {
      locale: context.locale,
      page,
      pageCount: Math.max(1, Math.ceil(log.total / log.pageSize)),
      rows: log.rows.map((r, i) => ({ ...r, key: `${r.at}-${i}`, at: formatCityTime(r.at, context.locale) })),
    },
    { headers: STAFF_HEADERS },
  );
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffAudit({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  return (
    <div className="cp-container cp-staff">
      <title>{`${t("audit.title")}: ${t("console")}`}</title>
      <h1>{t("audit.title")}</h1>
      <p>{t("audit.intro")}</p>
      <table className="cp-staff-table">
        <thead>
          <tr>
            {(["at", "actor", "action", "target", "detail"] as const).map((c) => (
              <th key={c} scope="col">
                {t(`audit.${c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {d.rows.map((r) => (
            <tr key={r.key}>
              <td data-label={t("audit.at")}>{r.at}</td>
              <td data-label={t("audit.actor")}>{r.actor}</td>
              <td data-label={t("audit.action")}>{r.action}</td>
              <td data-label={t("audit.target")}>{r.target}</td>
              <td data-label={t("audit.detail")}>{r.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination
        page={d.page}
        pageCount={d.pageCount}
        hrefFor={(page) => withLang(`/staff/audit${page > 1 ? `?page=${page}` : ""}`, d.locale)}
      />
    </div>
  );
}

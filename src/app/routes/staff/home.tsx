import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { requireStaff, STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/home";

/** The services this account works on, each with how many submissions are new, in progress, done. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const services = await context.services.backOffice.services(session, context.locale);
  return data(
    {
      services: services.map((s) => ({ ...s, href: withLang(`/staff/services/${s.name}`, context.locale) })),
    },
    { headers: STAFF_HEADERS },
  );
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  return (
    <div className="cp-container cp-staff">
      <title>{`${t("home.title")}: ${t("console")}`}</title>
      <h1>{t("home.title")}</h1>
      <p>{t("home.intro")}</p>
      {loaderData.services.length === 0 ? (
        <p>{t("home.none")}</p>
      ) : (
        <table className="cp-staff-table">
          <thead>
            <tr>
              <th scope="col">{t("home.service")}</th>
              <th scope="col" className="cp-staff-table__number">
                {t("home.new")}
              </th>
              <th scope="col" className="cp-staff-table__number">
                {t("home.inProgress")}
              </th>
              <th scope="col" className="cp-staff-table__number">
                {t("home.done")}
              </th>
            </tr>
          </thead>
          <tbody>
            {loaderData.services.map((s) => (
              <tr key={s.name}>
                <th scope="row" data-label={t("home.service")}>
                  <a href={s.href}>{s.title}</a>
                </th>
                <td data-label={t("home.new")} className="cp-staff-table__number">
                  {s.counts.new}
                </td>
                <td data-label={t("home.inProgress")} className="cp-staff-table__number">
                  {s.counts["in-progress"]}
                </td>
                <td data-label={t("home.done")} className="cp-staff-table__number">
                  {s.counts.done}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

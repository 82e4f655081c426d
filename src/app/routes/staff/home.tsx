import { data } from "react-router";
import { StaffTable } from "../../components/staff/StaffTable";
import { useTranslation } from "../../i18n/use-translation";
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
        <StaffTable
          columns={[
            { label: t("home.service") },
            // The counts are named as the service's inbox names its tabs.
            { label: t("inbox.new"), numeric: true },
            { label: t("inbox.in-progress"), numeric: true },
            { label: t("inbox.done"), numeric: true },
          ]}
          rows={loaderData.services.map((s) => ({
            key: s.name,
            cells: [
              <a key="service" href={s.href}>
                {s.title}
              </a>,
              s.counts.new,
              s.counts["in-progress"],
              s.counts.done,
            ],
          }))}
        />
      )}
    </div>
  );
}

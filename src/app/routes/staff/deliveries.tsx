import { data, redirect } from "react-router";
import { formatCityTime } from "../../../back-office/city-time";
import { useTranslation } from "../../i18n/use-translation";
import { orForbidden, requireStaff, STAFF_HEADERS, staffForm } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/deliveries";

/**
 * Administrators: the outbox's dead items (an e-mail or a webhook delivery that failed every
 * attempt), with what each was and its last error, and a button to send it again once the cause
 * is fixed. Never whom an e-mail was for: the list names the service and reference only.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const dead = await orForbidden(() => context.services.backOffice.deadDeliveries(session));
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      csrf: session.csrf,
      locale: context.locale,
      done: done === "replayed" || done === "gone" ? done : undefined,
      items: dead.map((d) => ({ ...d, createdAt: formatCityTime(d.createdAt, context.locale) })),
    },
    { headers: STAFF_HEADERS },
  );
}

export async function action({ context, request }: Route.ActionArgs) {
  const { session, form } = await staffForm(context, request);
  const replayed = await orForbidden(() =>
    context.services.backOffice.replayDelivery(session, String(form.get("id") ?? "").slice(0, 100)),
  );
  return redirect(withLang(`/staff/deliveries?done=${replayed ? "replayed" : "gone"}`, context.locale), {
    headers: STAFF_HEADERS,
  });
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffDeliveries({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const kind = (k: string) => (k === "email" || k === "webhook" ? t(`deliveries.${k}`) : k);
  return (
    <div className="cp-container cp-staff">
      <title>{`${t("deliveries.title")}: ${t("console")}`}</title>
      {d.done && (
        <div className="usa-alert usa-alert--success usa-alert--slim" role="status">
          <div className="usa-alert__body">
            <p className="usa-alert__text">{t(`deliveries.${d.done}`)}</p>
          </div>
        </div>
      )}
      <h1>{t("deliveries.title")}</h1>
      <p>{t("deliveries.intro")}</p>
      {d.items.length === 0 ? (
        <p>{t("deliveries.none")}</p>
      ) : (
        <table className="cp-staff-table">
          <thead>
            <tr>
              <th scope="col">{t("deliveries.what")}</th>
              <th scope="col">{t("deliveries.kind")}</th>
              <th scope="col">{t("deliveries.created")}</th>
              <th scope="col" className="cp-staff-table__number">
                {t("deliveries.attempts")}
              </th>
              <th scope="col">{t("deliveries.error")}</th>
              <th scope="col">
                <span className="usa-sr-only">{t("deliveries.replay")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {d.items.map((item) => (
              <tr key={item.id}>
                <th scope="row" data-label={t("deliveries.what")}>
                  {item.what}
                </th>
                <td data-label={t("deliveries.kind")}>{kind(item.kind)}</td>
                <td data-label={t("deliveries.created")}>{item.createdAt}</td>
                <td data-label={t("deliveries.attempts")} className="cp-staff-table__number">
                  {item.attempts}
                </td>
                <td data-label={t("deliveries.error")}>{item.lastError}</td>
                <td>
                  <form method="post" action={withLang("/staff/deliveries", d.locale)}>
                    <input type="hidden" name="_csrf" value={d.csrf} />
                    <input type="hidden" name="id" value={item.id} />
                    <button
                      type="submit"
                      className="usa-button usa-button--outline"
                      aria-label={t("deliveries.replayLabel", { what: item.what })}
                    >
                      {t("deliveries.replay")}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

import { data } from "react-router";
import { formatCityTime } from "../../../back-office/city-time";
import { BUCKETS } from "../../../back-office/statuses";
import { localizeText } from "../../../workflow/localize";
import { Pagination } from "../../components/Pagination/Pagination";
import { TextField } from "../../components/TextField/TextField";
import { useTranslation } from "../../i18n/use-translation";
import { notFound } from "../../lib/http";
import { orForbidden, requireStaff, STAFF_HEADERS } from "../../lib/staff.server";
import { withLang } from "../../lib/staff-links";
import type { Route } from "./+types/inbox";
import { inboxHref, inboxParams } from "./inbox-params";

/** A service's submissions: tabs by status, a search, a table newest first, paging, CSV. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const { backOffice, workflows } = context.services;
  const workflow = workflows.get(params.name);
  if (!workflow) throw notFound();
  const shown = inboxParams(new URL(request.url).searchParams);
  const page = await orForbidden(() => backOffice.inbox(session, params.name, shown, context.locale));
  const base = `/staff/services/${params.name}`;
  return data(
    {
      title: localizeText(workflow.title, context.locale),
      base,
      params: { ...shown, page: page.page },
      badDates: shown.badDates,
      total: page.total,
      pageCount: Math.max(1, Math.ceil(page.total / page.pageSize)),
      rows: page.rows.map((row) => ({
        reference: row.reference,
        href: withLang(`/staff/submissions/${row.reference}`, context.locale),
        received: formatCityTime(row.receivedAt, context.locale),
        status: row.statusLabel,
        assignee: row.assignee,
        language: row.locale === "es" ? "Español" : "English",
      })),
    },
    { headers: STAFF_HEADERS },
  );
}

export const meta = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function StaffInbox({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("staff");
  const href = (change: Parameters<typeof inboxHref>[2]) => inboxHref(d.base, d.params, change);
  const searching = Boolean(d.params.q || d.params.from || d.params.to);
  return (
    <div className="cp-container cp-staff">
      <title>{`${d.title}: ${t("console")}`}</title>
      <p>
        <a className="cp-back-link" href={withLang("/staff", d.params.lang ?? "en")}>
          {t("inbox.back")}
        </a>
      </p>
      <h1>{d.title}</h1>
      <p>
        <a href={withLang(`${d.base}/performance`, d.params.lang ?? "en")}>{t("performance.link")}</a>
      </p>
      <nav aria-label={t("inbox.tabs")}>
        <ul className="cp-staff-tabs">
          {[...BUCKETS, "all" as const].map((bucket) => (
            <li key={bucket}>
              <a
                href={href({ bucket, page: 1 })}
                aria-current={d.params.bucket === bucket ? "page" : undefined}
              >
                {t(`inbox.${bucket}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action={d.base} className="cp-staff-filter" aria-label={t("inbox.filter")}>
        <input type="hidden" name="status" value={d.params.bucket} />
        {d.params.lang && <input type="hidden" name="lang" value={d.params.lang} />}
        <TextField
          id="staff-q"
          name="q"
          label={t("inbox.q")}
          type="search"
          defaultValue={d.params.q}
          maxLength={200}
          className="cp-staff-filter__q"
        />
        {(["from", "to"] as const).map((k) => (
          <TextField
            key={k}
            id={`staff-${k}`}
            name={k}
            label={t(`inbox.${k}`)}
            error={d.badDates.includes(k) ? t("inbox.badDate") : undefined}
            inputMode="numeric"
            defaultValue={d.params[k]}
          />
        ))}
        <div className="cp-staff-filter__buttons">
          <button type="submit" className="usa-button">
            {t("ui:search.submit")}
          </button>
          {searching && <a href={href({ q: "", from: "", to: "", page: 1 })}>{t("inbox.clear")}</a>}
        </div>
      </form>
      <p className="cp-staff-count" id="staff-count" aria-live="polite">
        {t("inbox.caption", { count: d.total })}
      </p>
      {d.rows.length === 0 ? (
        <p>{t("inbox.none")}</p>
      ) : (
        <table className="cp-staff-table" aria-describedby="staff-count">
          <thead>
            <tr>
              <th scope="col">{t("inbox.reference")}</th>
              <th scope="col">{t("inbox.received")}</th>
              <th scope="col">{t("inbox.status")}</th>
              <th scope="col">{t("inbox.assignee")}</th>
              <th scope="col">{t("inbox.language")}</th>
            </tr>
          </thead>
          <tbody>
            {d.rows.map((row) => (
              <tr key={row.reference}>
                <th scope="row" data-label={t("inbox.reference")}>
                  <a href={row.href}>{row.reference}</a>
                </th>
                <td data-label={t("inbox.received")}>{row.received}</td>
                <td data-label={t("inbox.status")}>{row.status}</td>
                <td data-label={t("inbox.assignee")}>{row.assignee ?? t("inbox.nobody")}</td>
                <td data-label={t("inbox.language")} lang={row.language === "Español" ? "es" : "en"}>
                  {row.language}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={d.params.page} pageCount={d.pageCount} hrefFor={(page) => href({ page })} />
      {d.total > 0 && (
        <p>
          <a href={inboxHref(`${d.base}/export`, d.params, { page: 1 })} download>
            {t("inbox.export")}
          </a>
        </p>
      )}
    </div>
  );
}

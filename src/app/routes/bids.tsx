import { data } from "react-router";
import { formatUsDate, parseIsoDate } from "../../domain/dates";
import { localizeDeep } from "../../domain/localize";
import { BID_SORTS, BID_STATUSES, bidsText, SERVICE_TYPES } from "../../integrations/bids";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { Pagination } from "../components/Pagination/Pagination";
import { useTranslation } from "../i18n/use-translation";
import { bidListHref, bidListParams, sortHref } from "../lib/bid-list";
import { stageOf } from "../lib/http";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/bids";
import "./bids.css";
import { SortableHeaderRow } from "../components/SortableHeaderRow/SortableHeaderRow";

/** The bid list (SPEC: columns Bid Number, Title, Agency, Bid Status, Service Type, Due Date). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const [contentAgencies, withBids, site] = await Promise.all([
    services.content(draft).agencies(stageOf(draft)),
    services.bids.agencies(),
    services.site(),
  ]);
  const names = new Map(contentAgencies.map((a) => [a.slug, localizeDeep(a, locale).title]));
  const nameOf = (slug: string) => names.get(slug) ?? slug;
  const byName = (a: string, b: string) => a.localeCompare(b, locale);
  const agencies = [...withBids].sort((a, b) => byName(nameOf(a), nameOf(b)));
  const serviceTypeLabel = (type: string) => bidsText(`serviceTypes.${type}`, locale);
  const params = bidListParams(new URL(request.url).searchParams, agencies);
  const page = await services.bids.list({
    ...(params.status ? { status: params.status } : {}),
    ...(params.agency ? { agency: params.agency } : {}),
    sort: params.sort,
    direction: params.direction,
    page: params.page,
    agencyOrder: agencies,
    serviceTypeOrder: [...SERVICE_TYPES].sort((a, b) => byName(serviceTypeLabel(a), serviceTypeLabel(b))),
  });
  const shown = { ...params, page: page.page };
  return data(
    {
      title: bidsText("list.title", locale),
      description: bidsText("list.description", locale),
      siteName: site?.name?.[locale],
      locale,
      params: shown,
      rows: page.items.map((bid) => {
        const due = parseIsoDate(bid.dueDate);
        return {
          number: bid.number,
          href: `/bids/${encodeURIComponent(bid.number)}${params.lang ? `?lang=${params.lang}` : ""}`,
          title: bid.title,
          agency: nameOf(bid.agency),
          status: bid.status,
          statusLabel: bidsText(`statuses.${bid.status}`, locale),
          serviceType: serviceTypeLabel(bid.serviceType),
          dueDate: due ? formatUsDate(due) : bid.dueDate,
        };
      }),
      page: page.page,
      pageCount: page.pageCount,
      total: page.total,
      statuses: BID_STATUSES.map((s) => ({ value: s, label: bidsText(`statuses.${s}`, locale) })),
      agencies: agencies.map((slug) => ({ value: slug, label: nameOf(slug) })),
      sortLinks: Object.fromEntries(BID_SORTS.map((column) => [column, sortHref(shown, column)])),
      pageLinks: Array.from({ length: page.pageCount }, (_, i) => bidListHref(shown, { page: i + 1 })),
      clearHref: bidListHref({ ...shown, page: 1, status: undefined, agency: undefined }),
    },
    // Statuses change with the calendar: a shared cache would show yesterday's.
    { headers: { "Cache-Control": "private, max-age=60" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Server-rendered HTML, links and a GET form: it works the same without JavaScript. */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d ? [{ title: pageTitle(d.title, d.siteName) }, { name: "description", content: d.description }] : [];

const COLUMNS = ["number", "title", "agency", "status", "serviceType", "dueDate"] as const;

export default function BidList({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("bids");
  const { params } = d;
  // Titles are issued in English: a screen reader reads them as English on a Spanish page.
  const titleLang = d.locale === "en" ? undefined : "en";
  const label = (column: (typeof COLUMNS)[number]) => t(`columns.${column}`);
  return (
    <div className="cp-container cp-bids">
      <Breadcrumbs items={[{ title: d.title }]} />
      <h1>{d.title}</h1>
      <p className="cp-lead">{t("list.lead")}</p>

      <form method="get" action="/bids" className="cp-bids__filters">
        <fieldset>
          <legend>{t("filters.legend")}</legend>
          <div className="cp-bids__field">
            <label htmlFor="bids-status">{t("filters.status")}</label>
            <select id="bids-status" name="status" defaultValue={params.status ?? ""}>
              <option value="">{t("filters.anyStatus")}</option>
              {d.statuses.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
          <div className="cp-bids__field">
            <label htmlFor="bids-agency">{t("filters.agency")}</label>
            <select id="bids-agency" name="agency" defaultValue={params.agency ?? ""}>
              <option value="">{t("filters.anyAgency")}</option>
              {d.agencies.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          </div>
          <input type="hidden" name="sort" value={params.sort} />
          <input type="hidden" name="dir" value={params.direction} />
          {params.lang && <input type="hidden" name="lang" value={params.lang} />}
          <div className="cp-bids__actions">
            <button type="submit" className="usa-button">
              {t("components:filters.apply")}
            </button>
            {(params.status || params.agency) && <a href={d.clearHref}>{t("components:filters.clear")}</a>}
          </div>
        </fieldset>
      </form>

      <p className="cp-bids__count" aria-live="polite">
        {t("list.count", { count: d.total })}
        {d.pageCount > 1 && ` · ${t("components:list.pageOf", { page: d.page, pageCount: d.pageCount })}`}
      </p>

      {d.rows.length === 0 ? (
        <div className="cp-bids__empty">
          <p>
            <strong>{t("list.empty")}</strong>
          </p>
          <p>
            {t("list.emptyHint")} <a href={d.clearHref}>{t("components:filters.clear")}</a>
          </p>
        </div>
      ) : (
        <table className="cp-bids__table">
          <caption className="usa-sr-only">
            {t("list.caption", {
              column: label(params.sort),
              direction: t(params.direction === "asc" ? "common:list.ascending" : "common:list.descending"),
            })}
          </caption>
          <thead>
            <SortableHeaderRow
              columns={COLUMNS}
              sorted={params.sort}
              direction={params.direction}
              links={d.sortLinks}
              label={label}
              linkClassName="cp-bids__sort"
            />
          </thead>
          <tbody>
            {d.rows.map((row) => (
              <tr key={row.number}>
                <th scope="row" data-label={label("number")}>
                  <a href={row.href}>{row.number}</a>
                </th>
                <td data-label={label("title")}>
                  <span lang={titleLang}>{row.title}</span>
                </td>
                <td data-label={label("agency")}>{row.agency}</td>
                <td data-label={label("status")}>
                  <span className={`cp-bids__status cp-bids__status--${row.status}`}>{row.statusLabel}</span>
                </td>
                <td data-label={label("serviceType")}>{row.serviceType}</td>
                <td data-label={label("dueDate")}>{row.dueDate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {titleLang && d.rows.length > 0 && <p className="cp-bids__note">{t("list.titleAsIssued")}</p>}

      <Pagination page={d.page} pageCount={d.pageCount} hrefFor={(n) => d.pageLinks[n - 1] ?? "/bids"} />
    </div>
  );
}

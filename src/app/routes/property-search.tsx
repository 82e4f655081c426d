import { data } from "react-router";
import { PARCEL_SORTS, type ParcelPage, type ParcelSort } from "../../integrations/property-records";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { Pagination } from "../components/Pagination/Pagination";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { Island } from "../islands/Island";
import {
  defaultSort,
  MAX_QUERY_LENGTH,
  propertySearchHref,
  propertySearchParams,
  SEARCH_KINDS,
  searchPlan,
  sortHref,
} from "../lib/property-search";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/property-search";
// Radios, labels and the error look of the site's forms.
import "../../forms/theme/forms.css";
import "../styles/lookup.css";
import "./property.css";
import { SortableHeaderRow } from "../components/SortableHeaderRow/SortableHeaderRow";

const PAGE_SIZE = 20;
const NOTHING: ParcelPage = { items: [], page: 1, pageCount: 1, total: 0 };

/** Whole dollars with thousands separators: the column header says the unit. */
const dollars = (cents: number) => String(Math.round(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** The property search (SPEC: by owner, street name or parcel number): a GET form and a results table. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale } = context;
  const t = createI18n(locale).getFixedT(locale, "property");
  const params = propertySearchParams(new URL(request.url).searchParams);
  const plan = searchPlan(params);
  let found = NOTHING;
  if (plan.action === "parcel") {
    const parcel = await services.property.findByParcelNumber(plan.parcelNumber);
    found = parcel ? { items: [parcel], page: 1, pageCount: 1, total: 1 } : NOTHING;
  } else if (plan.action === "search") {
    found = await services.property.search({
      by: plan.by,
      query: plan.query,
      ...(params.sort ? { sort: params.sort } : {}),
      direction: params.direction,
      page: params.page,
      pageSize: PAGE_SIZE,
    });
  }
  const site = await services.site();
  const sort: ParcelSort = params.sort ?? defaultSort(plan);
  const shown = { ...params, page: found.page };
  const keepLang = params.lang ? `?lang=${params.lang}` : "";
  return data(
    {
      title: t("search.title"),
      description: t("search.description"),
      siteName: site?.name?.[locale],
      params: shown,
      searched: plan.action === "parcel" || plan.action === "search",
      error:
        plan.action === "error"
          ? // "Too long" is worded once for every lookup form (common:lookup).
            t(plan.error === "tooLong" ? "common:lookup.tooLong" : `search.errors.${plan.error}`, {
              max: MAX_QUERY_LENGTH,
            })
          : undefined,
      note:
        (plan.action === "parcel" || plan.action === "search") && plan.note
          ? t(`search.${plan.note}`, { query: params.query })
          : undefined,
      sort,
      rows: found.items.map((parcel) => ({
        parcelNumber: parcel.parcelNumber,
        href: `/property/${parcel.parcelNumber}${keepLang}`,
        address: `${parcel.address.line1}, ${parcel.address.city}, ${parcel.address.state} ${parcel.address.zip}`,
        owners: parcel.owners,
        assessedValue: dollars(parcel.assessedValueCents),
      })),
      page: found.page,
      pageCount: found.pageCount,
      total: found.total,
      sortLinks: Object.fromEntries(PARCEL_SORTS.map((column) => [column, sortHref(shown, sort, column)])),
      pageLinks: Array.from({ length: found.pageCount }, (_, i) =>
        propertySearchHref(shown, { page: i + 1 }),
      ),
    },
    {
      headers: {
        // Parcels change rarely, but a search result is one resident's question: no shared cache.
        "Cache-Control": "private, max-age=300",
        // Every query is a page of its own: only the empty form belongs in a search engine.
        ...(params.query !== undefined ? { "X-Robots-Tag": "noindex" } : {}),
      },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Server-rendered HTML, links and a GET form: it works the same without JavaScript. */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d
    ? [
        { title: pageTitle(d.error ? `${d.error} | ${d.title}` : d.title, d.siteName) },
        { name: "description", content: d.description },
        ...(d.params.query !== undefined ? [{ name: "robots", content: "noindex" }] : []),
      ]
    : [];

export default function PropertySearch({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("property");
  const { params } = d;
  const label = (column: ParcelSort) => t(`columns.${column}`);
  return (
    <div className="cp-container cp-property-search">
      <Breadcrumbs items={[{ title: d.title }]} />
      <h1>{d.title}</h1>
      <p className="cp-lead">{t("search.lead")}</p>

      <form method="get" action="/property-search" className="cp-property-search__form cp-lookup-form">
        <fieldset className="usa-fieldset cp-property-search__kinds">
          <legend className="usa-legend">{t("search.legend")}</legend>
          {SEARCH_KINDS.map((kind) => (
            <div key={kind} className="usa-radio">
              <input
                className="usa-radio__input"
                type="radio"
                id={`property-by-${kind}`}
                name="by"
                value={kind}
                defaultChecked={params.kind === kind}
                aria-describedby={`property-by-${kind}-hint`}
              />
              <label className="usa-radio__label" htmlFor={`property-by-${kind}`}>
                <span>
                  {t(`search.kinds.${kind}`)}
                  <span className="usa-hint cp-property-search__hint" id={`property-by-${kind}-hint`}>
                    {t(`search.kindHints.${kind}`)}
                  </span>
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        <div className={`usa-form-group${d.error ? " usa-form-group--error" : ""}`}>
          <label className="usa-label" htmlFor="property-q">
            {t("search.queryLabel")}
          </label>
          {d.error && (
            <span className="usa-error-message" id="property-q-error">
              {d.error}
            </span>
          )}
          <div className="cp-lookup-form__row">
            {/* A plain search box; with JavaScript it suggests addresses while "Street name" is chosen. */}
            <Island
              name="AddressCombobox"
              props={{
                id: "property-q",
                name: "q",
                type: "search",
                defaultValue: params.query ?? "",
                autoComplete: "off",
                inputClassName: `usa-input${d.error ? " usa-input--error" : ""}`,
                invalid: Boolean(d.error),
                ...(d.error ? { describedBy: "property-q-error" } : {}),
                onlyWhen: { name: "by", values: ["street"] },
              }}
            />
            {params.lang && <input type="hidden" name="lang" value={params.lang} />}
            <button type="submit" className="usa-button">
              {t("ui:search.submit")}
            </button>
          </div>
        </div>
      </form>

      {d.searched && (
        <section aria-labelledby="property-results-count">
          {d.note && <p className="cp-property-search__note">{d.note}</p>}
          <p className="cp-property-search__count" id="property-results-count">
            {t("search.count", { count: d.total })}
            {d.pageCount > 1 && ` · ${t("components:list.pageOf", { page: d.page, pageCount: d.pageCount })}`}
          </p>

          {d.rows.length === 0 ? (
            <div className="cp-lookup-empty">
              <h2>{t("search.empty")}</h2>
              <p>{t("common:lookup.tipsHeading")}</p>
              <ul>
                <li>{t("search.tips.spelling")}</li>
                <li>{t("search.tips.street")}</li>
                <li>{t("search.tips.parcel")}</li>
                <li>{t("search.tips.kind")}</li>
              </ul>
            </div>
          ) : (
            <table className="cp-property-table">
              <caption className="usa-sr-only">
                {t("search.caption", {
                  query: params.query,
                  column: label(d.sort),
                  direction: t(
                    params.direction === "asc" ? "common:list.ascending" : "common:list.descending",
                  ),
                })}
              </caption>
              <thead>
                <SortableHeaderRow
                  columns={PARCEL_SORTS}
                  sorted={d.sort}
                  direction={params.direction}
                  links={d.sortLinks}
                  label={label}
                  linkClassName="cp-property-table__sort"
                />
              </thead>
              <tbody>
                {d.rows.map((row) => (
                  <tr key={row.parcelNumber}>
                    <th scope="row" data-label={label("parcel")}>
                      <a href={row.href}>{row.parcelNumber}</a>
                    </th>
                    <td data-label={label("address")}>{row.address}</td>
                    <td data-label={label("owner")}>
                      <ul className="cp-property__owners">
                        {row.owners.map((owner) => (
                          <li key={owner}>{owner}</li>
                        ))}
                      </ul>
                    </td>
                    <td data-label={label("assessedValue")} className="cp-property-table__number">
                      {row.assessedValue}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pagination
            page={d.page}
            pageCount={d.pageCount}
            hrefFor={(n) => d.pageLinks[n - 1] ?? "/property-search"}
          />
        </section>
      )}
    </div>
  );
}

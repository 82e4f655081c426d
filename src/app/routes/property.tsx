import type { ReactNode } from "react";
import { data, isRouteErrorResponse, redirect } from "react-router";
import { formatUsDate, parseIsoDate } from "../../domain/dates";
import { localizeDeep } from "../../domain/localize";
import { formatCurrency } from "../../domain/money";
import { paymentText } from "../../integrations/payments/messages";
import { installmentLabel } from "../../integrations/payments/receipt";
import { DEDUCTION_KINDS, mailingAddressLines, type Parcel } from "../../integrations/property-records";
import { localizeText } from "../../workflow/localize";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { ErrorPage } from "../components/ErrorPage/ErrorPage";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { notFound, stageOf } from "../lib/http";
import { personHref } from "../lib/person-links";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/property";
import "./property.css";

/**
 * Owners' names and a balance that changes with every payment: never kept by a browser or a proxy
 * (the server's page cache skips /property/ too), and not in a search engine's index.
 */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * The parcel's City-County Council district and its councilor, linked to their page (the same
 * answer as /find-my-representatives); null when the district map has none for it.
 */
async function councilDistrictOf(context: Route.LoaderArgs["context"], parcel: Parcel, keepLang: string) {
  const { services, locale, draft } = context;
  const number = await services.councilDistricts.districtOf(parcel);
  if (number === null) return null;
  const persons = await services.content(draft).persons(stageOf(draft));
  const councilor = persons.find((p) => p.district === number);
  return {
    number,
    councilor: councilor
      ? { name: localizeDeep(councilor, locale).name, href: personHref(councilor.id, keepLang) }
      : null,
  };
}

/** The services about a parcel, in this order; a deduction's only while the parcel does not have it. */
const PARCEL_SERVICES = ["property-appeal", "change-mailing-address", "combine-parcels"] as const;

/** One parcel (/property/<parcel number>, in any format the county writes it): its record and taxes due. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale } = context;
  const parcel = await services.property.findByParcelNumber(params.parcelNumber);
  if (!parcel) throw notFound();
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang");
  const keepLang = lang === "es" || lang === "en" ? `?lang=${lang}` : "";
  // One address per parcel: "100-0002" or the state number lead to /property/1000002.
  if (params.parcelNumber !== parcel.parcelNumber)
    throw redirect(`/property/${parcel.parcelNumber}${keepLang}`, 301);
  const t = createI18n(locale).getFixedT(locale, "property");
  const [invoices, site, councilDistrict] = await Promise.all([
    services.payments.openForParcel(parcel.parcelNumber),
    services.site(),
    councilDistrictOf(context, parcel, keepLang),
  ]);
  const workflowLang = locale === "es" ? "?lang=es" : "";
  // Each service opens with this parcel filled in, where its file lets a link do so (prefill.ts).
  const service = (name: string) => {
    const workflow = services.workflows.get(name);
    if (!workflow) return [];
    const query = new URLSearchParams();
    if (workflow.prefill?.parcel) query.set("parcel", parcel.parcelNumber);
    if (locale === "es") query.set("lang", "es");
    const href = `/workflow/${name}${query.size > 0 ? `?${query}` : ""}`;
    return [{ name, title: localizeText(workflow.title, locale), href }];
  };
  const usDate = (iso: string) => {
    const day = parseIsoDate(iso);
    return day ? formatUsDate(day) : iso;
  };
  return data(
    {
      siteName: site?.name?.[locale],
      searchTitle: t("search.title"),
      searchHref: `/property-search${keepLang}`,
      parcelNumber: parcel.parcelNumber,
      stateParcelNumber: parcel.stateParcelNumber,
      address: parcel.address,
      owners: parcel.owners,
      // Public on the county's record, as on most US counties' property cards: where bills go.
      mailingAddress: mailingAddressLines(parcel.mailingAddress),
      assessedValue: formatCurrency(parcel.assessedValueCents, locale),
      mobileHome: parcel.mobileHome,
      township: parcel.township,
      schoolDistrict: parcel.schoolDistrict,
      councilDistrict,
      deductions: parcel.existingDeductions.map((kind) => t(`deductions.${kind}`, { defaultValue: kind })),
      invoices: invoices.map((invoice) => ({
        id: invoice.id,
        href: `/payments/invoices/${encodeURIComponent(invoice.id)}`,
        taxType: paymentText(`taxTypes.${invoice.taxType}`, locale),
        installment: installmentLabel(invoice.installment, invoice.payYear, locale),
        dueDate: usDate(invoice.dueDate),
        balance: formatCurrency(invoice.balanceCents, locale),
      })),
      payHref: `/workflow/pay-property-taxes${workflowLang}`,
      services: PARCEL_SERVICES.flatMap(service),
      deductionServices: DEDUCTION_KINDS.filter((kind) => !parcel.existingDeductions.includes(kind)).flatMap(
        (kind) => service(`${kind}-deduction-application`),
      ),
    },
    { headers: HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d
    ? [
        { title: pageTitle(`${d.address.line1} (${d.parcelNumber})`, d.siteName) },
        { name: "robots", content: "noindex" },
      ]
    : [];

export default function PropertyPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("property");
  const rows: Array<[label: string, value: ReactNode, key: string]> = [
    [t("property.parcelNumber"), d.parcelNumber, "parcel"],
    [t("property.stateParcelNumber"), d.stateParcelNumber, "state-parcel"],
    [
      t("property.address"),
      <>
        <span className="cp-property__line">{d.address.line1}</span>
        <span className="cp-property__line">{`${d.address.city}, ${d.address.state} ${d.address.zip}`}</span>
      </>,
      "address",
    ],
    [
      t("property.owners"),
      <ul key="owners" className="cp-property__owners">
        {d.owners.map((owner) => (
          <li key={owner}>{owner}</li>
        ))}
      </ul>,
      "owners",
    ],
    [
      t("property.mailingAddress"),
      d.mailingAddress.map((line, i) => (
        <span key={i} className="cp-property__line">
          {line}
        </span>
      )),
      "mailing-address",
    ],
    [t("property.assessedValue"), d.assessedValue, "assessed-value"],
    [t("property.mobileHome"), d.mobileHome ? t("property.yes") : t("property.no"), "mobile-home"],
    [t("property.township"), d.township, "township"],
    [t("property.schoolDistrict"), d.schoolDistrict, "school-district"],
    [
      t("officials:property.councilDistrict"),
      d.councilDistrict ? (
        <>
          {t("officials:property.councilDistrictValue", { district: d.councilDistrict.number })}
          {d.councilDistrict.councilor && (
            <>
              {": "}
              <a href={d.councilDistrict.councilor.href}>{d.councilDistrict.councilor.name}</a>
            </>
          )}
        </>
      ) : (
        t("officials:property.noDistrict")
      ),
      "council-district",
    ],
    [
      t("property.deductions"),
      d.deductions.length > 0 ? d.deductions.join(", ") : t("property.noDeductions"),
      "deductions",
    ],
  ];
  return (
    <div className="cp-container cp-property">
      <Breadcrumbs
        items={[
          { title: d.searchTitle, href: d.searchHref },
          { title: t("property.parcelTitle", { parcel: d.parcelNumber }) },
        ]}
      />
      <p className="cp-workflow__service">{t("property.kind")}</p>
      <h1>{d.address.line1}</h1>
      <dl className="cp-property__details">
        {rows.map(([label, value, key]) => (
          <div key={key} className="cp-property__row" data-row={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>

      <h2 id="taxes-due">{t("property.taxesHeading")}</h2>
      {d.invoices.length === 0 ? (
        <p>{t("property.noTaxesDue")}</p>
      ) : (
        <>
          <table className="cp-property-table cp-property-table--invoices" aria-labelledby="taxes-due">
            <thead>
              <tr>
                <th scope="col">{t("property.invoice")}</th>
                {/* Named as the invoice's own page names them (payments:invoice). */}
                <th scope="col">{t("payments:invoice.taxType")}</th>
                <th scope="col">{t("payments:invoice.installment")}</th>
                <th scope="col">{t("payments:invoice.dueDate")}</th>
                <th scope="col" className="cp-property-table__number">
                  {t("property.balance")}
                </th>
              </tr>
            </thead>
            <tbody>
              {d.invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row" data-label={t("property.invoice")}>
                    <a href={invoice.href}>{invoice.id}</a>
                  </th>
                  <td data-label={t("payments:invoice.taxType")}>{invoice.taxType}</td>
                  <td data-label={t("payments:invoice.installment")}>{invoice.installment}</td>
                  <td data-label={t("payments:invoice.dueDate")}>{invoice.dueDate}</td>
                  <td data-label={t("property.balance")} className="cp-property-table__number">
                    {invoice.balance}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <a className="usa-button usa-button--big" href={d.payHref}>
              {t("property.pay")}
            </a>
          </p>
        </>
      )}

      <h2>{t("property.servicesHeading")}</h2>
      <p>{t("property.servicesLead", { parcel: d.parcelNumber })}</p>
      <ul className="cp-property__services">
        {d.services.map((s) => (
          <li key={s.name}>
            <a href={s.href}>{s.title}</a>
          </li>
        ))}
      </ul>
      {d.deductionServices.length > 0 && (
        <>
          <h3>{t("property.deductionsHeading")}</h3>
          <ul className="cp-property__services">
            {d.deductionServices.map((s) => (
              <li key={s.name}>
                <a href={s.href}>{s.title}</a>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <a href={d.searchHref}>{t("property.allBack")}</a>
      </p>
    </div>
  );
}

/** An unknown parcel number: a 404 that says so and leads back to the search. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("property");
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    if (!isRouteErrorResponse(error)) console.error(error);
    return (
      <div className="cp-container">
        <ErrorPage status={500} />
      </div>
    );
  }
  return (
    <div className="cp-container cp-property">
      <title>{t("notFound.title")}</title>
      <h1>{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <p>
        <a className="usa-button" href="/property-search">
          {t("property.searchAgain")}
        </a>
      </p>
    </div>
  );
}

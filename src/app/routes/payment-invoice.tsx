import type { ReactNode } from "react";
import { data } from "react-router";
import { formatUsDate, parseIsoDate } from "../../domain/dates";
import { formatCurrency } from "../../domain/money";
import { paymentText } from "../../integrations/payments/messages";
import { installmentLabel } from "../../integrations/payments/receipt";
import { useTranslation } from "../i18n/use-translation";
import { Island } from "../islands/Island";
import { notFound } from "../lib/http";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/payment-invoice";
// The site's print styles (chrome hidden, black on white, buttons hidden) and `cp-js-only`.
import "./workflow-screen.css";
import "./payment-invoice.css";

/**
 * A balance changes with every payment: never kept by the browser or a proxy (the server's page
 * cache skips /payments/ too), and never in a search engine's index.
 */
const HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, locale } = context;
  const invoice = await services.payments.invoice(params.id);
  if (!invoice) throw notFound();
  const site = await services.site();
  const installment = installmentLabel(invoice.installment, invoice.payYear, locale);
  const due = parseIsoDate(invoice.dueDate);
  return data(
    {
      siteName: site?.name?.[locale],
      title: paymentText("invoice.title", locale, { parcel: invoice.parcelNumber, installment }),
      id: invoice.id,
      parcelNumber: invoice.parcelNumber,
      stateParcelNumber: invoice.stateParcelNumber,
      address: invoice.address,
      taxType: paymentText(`taxTypes.${invoice.taxType}`, locale),
      installment,
      payYear: invoice.payYear,
      dueDate: due ? formatUsDate(due) : invoice.dueDate,
      amount: formatCurrency(invoice.amountCents, locale),
      paid: formatCurrency(invoice.paidCents, locale),
      balance: formatCurrency(invoice.balanceCents, locale),
      paidInFull: invoice.balanceCents === 0,
    },
    { headers: HEADERS },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Server-rendered HTML; the Print button is an island (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data ? [{ title: pageTitle(data.title, data.siteName) }, { name: "robots", content: "noindex" }] : [];

export default function PaymentInvoicePage({ loaderData: invoice }: Route.ComponentProps) {
  const { t } = useTranslation("payments");
  const rows: Array<[label: string, value: ReactNode, key: string]> = [
    [t("invoice.number"), invoice.id, "number"],
    // The parcel's numbers are named as its property record names them.
    [t("property:property.parcelNumber"), invoice.parcelNumber, "parcel"],
  ];
  if (invoice.stateParcelNumber)
    rows.push([t("property:property.stateParcelNumber"), invoice.stateParcelNumber, "state-parcel"]);
  if (invoice.address)
    rows.push([
      t("invoice.address"),
      <>
        <span className="cp-invoice__line">{invoice.address.line1}</span>
        <span className="cp-invoice__line">{`${invoice.address.city}, ${invoice.address.state} ${invoice.address.zip}`}</span>
      </>,
      "address",
    ]);
  rows.push(
    [t("invoice.taxType"), invoice.taxType, "tax-type"],
    [t("invoice.installment"), invoice.installment, "installment"],
    [t("invoice.payYear"), invoice.payYear, "pay-year"],
    [t("invoice.dueDate"), invoice.dueDate, "due-date"],
    [t("invoice.amount"), invoice.amount, "amount"],
    [t("invoice.paid"), invoice.paid, "paid"],
    [t("invoice.balance"), <strong key="balance">{invoice.balance}</strong>, "balance"],
  );
  return (
    <div className="cp-container cp-workflow cp-invoice">
      <p className="cp-workflow__service">{t("invoice.kind")}</p>
      <h1>{invoice.title}</h1>
      <dl className="cp-invoice__details">
        {rows.map(([label, value, key]) => (
          <div key={key} className="cp-invoice__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {invoice.paidInFull ? (
        <p>{t("invoice.paidInFull")}</p>
      ) : (
        <>
          <h2>{t("invoice.howToPay")}</h2>
          <p>
            <a href="/workflow/pay-property-taxes">{t("invoice.payOnline")}</a>
          </p>
        </>
      )}
      <div className="cp-workflow__print">
        <Island name="PrintButton" props={{ label: t("invoice.print") }} />
      </div>
    </div>
  );
}

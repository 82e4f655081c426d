import type { ReactNode } from "react";
import { data } from "react-router";
import { formatUsDate, parseIsoDate } from "../../domain/dates";
import { localizeDeep } from "../../domain/localize";
import { bidsText } from "../../integrations/bids";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { useTranslation } from "../i18n/use-translation";
import { notFound, stageOf } from "../lib/http";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/bid";
import "./bids.css";

const usDate = (iso: string) => {
  const day = parseIsoDate(iso);
  return day ? formatUsDate(day) : iso;
};

/** One bid opportunity (/bids/<number>): its details and, while it is open, the way to its packet. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const bid = await services.bids.find(params.number);
  if (!bid) throw notFound();
  const [agency, site] = await Promise.all([
    services.content(draft).agency(bid.agency, stageOf(draft)),
    services.site(),
  ]);
  const lang = new URL(request.url).searchParams.get("lang");
  const keepLang = lang === "es" || lang === "en" ? `?lang=${lang}` : "";
  return data(
    {
      siteName: site?.name?.[locale],
      locale,
      listHref: `/bids${keepLang}`,
      listTitle: bidsText("list.title", locale),
      number: bid.number,
      title: bid.title,
      agency: agency ? { name: localizeDeep(agency, locale).title, href: `/agency/${agency.slug}` } : null,
      agencySlug: bid.agency,
      status: bidsText(`statuses.${bid.status}`, locale),
      open: bid.status === "open",
      serviceType: bidsText(`serviceTypes.${bid.serviceType}`, locale),
      issuedOn: usDate(bid.issuedOn),
      dueDate: bidsText("bid.dueAt", locale, { date: usDate(bid.dueDate) }),
      buyer: bid.buyer,
      description: bid.description,
      // The service opens with this bid filled in (get-bid-packet.json's `prefill`).
      packetHref: `/workflow/get-bid-packet?${new URLSearchParams({
        bid: bid.number,
        ...(locale === "es" ? { lang: "es" } : {}),
      })}`,
    },
    { headers: { "Cache-Control": "private, max-age=60" } },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d ? [{ title: pageTitle(`${d.number}: ${d.title}`, d.siteName) }] : [];

export default function BidPage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("bids");
  const asIssued = d.locale === "en" ? undefined : "en";
  const rows: Array<[string, ReactNode, string]> = [
    [t("columns.number"), d.number, "number"],
    [
      t("columns.agency"),
      d.agency ? (
        <a key="agency" href={d.agency.href}>
          {d.agency.name}
        </a>
      ) : (
        d.agencySlug
      ),
      "agency",
    ],
    [t("columns.status"), d.status, "status"],
    [t("columns.serviceType"), d.serviceType, "service-type"],
    [t("bid.issuedOn"), d.issuedOn, "issued"],
    [t("columns.dueDate"), d.dueDate, "due"],
    [t("bid.buyer"), d.buyer, "buyer"],
  ];
  return (
    <div className="cp-container cp-bid">
      <Breadcrumbs items={[{ title: d.listTitle, href: d.listHref }, { title: d.number }]} />
      <p className="cp-workflow__service">{t("bid.kind")}</p>
      <h1 lang={asIssued}>{d.title}</h1>
      <dl className="cp-bid__details">
        {rows.map(([label, value, key]) => (
          <div key={key} className="cp-bid__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h2>{t("bid.summary")}</h2>
      <p lang={asIssued}>{d.description}</p>
      {d.open ? (
        <>
          <p>
            <a className="usa-button usa-button--big" href={d.packetHref}>
              {t("bid.getPacket")}
            </a>
          </p>
          <p>{t("bid.packetHint", { number: d.number })}</p>
        </>
      ) : (
        <p>{t("bid.notOpen")}</p>
      )}
      <p>
        <a href={d.listHref}>{t("bid.allBids")}</a>
      </p>
    </div>
  );
}

import { data } from "react-router";
import type { Parcel } from "../../integrations/property-records";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { OfficialCard, OfficialCards } from "../components/Officials/OfficialCard";
import { RepresentativesForm } from "../components/Officials/RepresentativesForm";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { electedOfficials, officialCard } from "../lib/elected-officials";
import { stageOf } from "../lib/http";
import { langOf, langQuery } from "../lib/person-links";
import {
  ADDRESS_CHOICES,
  lookupPlan,
  MAX_ADDRESS_LENGTH,
  representativesHref,
  representativesParams,
} from "../lib/representatives";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/find-my-representatives";
import "../styles/lookup.css";

const oneLine = ({ address: a }: Pick<Parcel, "address">) => `${a.line1}, ${a.city}, ${a.state} ${a.zip}`;

/**
 * "Find your representatives": an address or parcel number gives its City-County Council district
 * (services.councilDistricts: the demo map, or the county's GIS), the district's councilor (the
 * person whose `district` it is) and the officials elected countywide. A GET form and links: the
 * same without JavaScript.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const t = createI18n(locale).getFixedT(locale, "officials");
  const url = new URL(request.url);
  const params = representativesParams(url.searchParams);
  const plan = lookupPlan(params);
  const lang = langOf(url);
  const keepLang = langQuery(url);

  let parcels: Parcel[] = [];
  if (plan.action === "parcel") {
    const parcel = await services.property.findByParcelNumber(plan.parcelNumber);
    parcels = parcel ? [parcel] : [];
  } else if (plan.action === "address") {
    parcels = await services.property.searchByAddress(plan.query, ADDRESS_CHOICES + 1);
  }
  const searched = plan.action === "parcel" || plan.action === "address" || plan.action === "noParcel";
  const [only] = parcels.length === 1 ? parcels : [];

  let result = null;
  if (only) {
    const content = services.content(draft);
    const [district, persons, landing] = await Promise.all([
      services.councilDistricts.districtOf(only),
      content.persons(stageOf(draft)),
      content.landingPage(stageOf(draft)),
    ]);
    const councilor = district === null ? undefined : persons.find((p) => p.district === district);
    result = {
      address: oneLine(only),
      parcelNumber: only.parcelNumber,
      propertyHref: `/property/${only.parcelNumber}${keepLang}`,
      district,
      councilor: councilor ? officialCard(councilor, locale, keepLang) : null,
      countywide: electedOfficials(landing.labels, persons).countywide.map((p) =>
        officialCard(p, locale, keepLang),
      ),
    };
  }
  const site = await services.site();
  return data(
    {
      title: t("find.title"),
      description: t("find.description"),
      siteName: site?.name?.[locale],
      phone: site?.phones?.main ?? "311",
      lang,
      listHref: `/elected-officials${keepLang}`,
      // The box shows what was typed, or the address that was chosen from a list.
      value: only && params.parcel ? oneLine(only) : (params.address ?? ""),
      error:
        plan.action === "error"
          ? // "Too long" is worded once for every lookup form (common:lookup).
            t(plan.error === "tooLong" ? "common:lookup.tooLong" : `find.errors.${plan.error}`, {
              max: MAX_ADDRESS_LENGTH,
            })
          : undefined,
      searched,
      query: params.address ?? "",
      noParcel:
        plan.action === "noParcel" || (plan.action === "parcel" && parcels.length === 0)
          ? t("find.noParcel", { parcel: plan.action === "parcel" ? plan.parcelNumber : plan.parcel })
          : undefined,
      choices:
        parcels.length > 1
          ? parcels.slice(0, ADDRESS_CHOICES).map((p) => ({
              parcelNumber: p.parcelNumber,
              address: oneLine(p),
              href: representativesHref({ parcel: p.parcelNumber, ...(lang ? { lang } : {}) }),
            }))
          : [],
      more: parcels.length > ADDRESS_CHOICES,
      result,
    },
    {
      headers: {
        // Public records, but each answer is one resident's question: no shared cache.
        "Cache-Control": "private, max-age=300",
        // Every address is a page of its own: only the empty form belongs in a search engine.
        ...(searched || plan.action === "error" ? { "X-Robots-Tag": "noindex" } : {}),
      },
    },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

/** Server-rendered HTML, links and a GET form: it works the same without JavaScript. */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) => {
  if (!d) return [];
  const about = d.error ?? d.result?.address;
  return [
    { title: pageTitle(about ? `${about} | ${d.title}` : d.title, d.siteName) },
    { name: "description", content: d.description },
    ...(d.searched || d.error ? [{ name: "robots", content: "noindex" }] : []),
  ];
};

export default function FindMyRepresentatives({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("officials");
  const { result } = d;
  return (
    <div className="cp-container cp-representatives">
      <Breadcrumbs items={[{ title: t("list.title"), href: d.listHref }, { title: d.title }]} />
      <h1>{d.title}</h1>
      <p className="cp-lead">{t("find.lead")}</p>
      <RepresentativesForm value={d.value} error={d.error} lang={d.lang} />

      {d.searched && !result && d.choices.length === 0 && (
        <section className="cp-lookup-empty" aria-labelledby="representatives-none">
          <h2 id="representatives-none">{t("ui:addressLookup.noMatches")}</h2>
          {d.noParcel && <p>{d.noParcel}</p>}
          <p>{t("common:lookup.tipsHeading")}</p>
          <ul>
            <li>{t("find.tips.spelling")}</li>
            <li>{t("find.tips.number")}</li>
            <li>{t("find.tips.parcel")}</li>
            <li>{t("find.tips.county")}</li>
          </ul>
        </section>
      )}

      {d.choices.length > 0 && (
        <section aria-labelledby="representatives-choose">
          <h2 id="representatives-choose">{t("find.chooseHeading")}</h2>
          <p>{d.more ? t("find.more") : t("find.chooseLead", { count: d.choices.length, query: d.query })}</p>
          <ul className="cp-representatives__choices">
            {d.choices.map((choice) => (
              <li key={choice.parcelNumber}>
                <a href={choice.href}>{choice.address}</a>
              </li>
            ))}
          </ul>
        </section>
      )}

      {result && (
        <>
          <p className="cp-representatives__intro">
            {result.district === null
              ? t("find.noDistrict", { address: result.address, phone: d.phone })
              : t("find.resultIntro", { address: result.address, district: result.district })}{" "}
            <a href={result.propertyHref}>{t("find.propertyLink", { parcel: result.parcelNumber })}</a>
          </p>
          {result.district !== null && (
            <section aria-labelledby="representatives-councilor">
              <h2 id="representatives-councilor">{t("find.councilorHeading")}</h2>
              {result.councilor ? (
                <div className="cp-officials">
                  <OfficialCard official={result.councilor} />
                </div>
              ) : (
                <p>{t("find.noCouncilor", { district: result.district, phone: d.phone })}</p>
              )}
            </section>
          )}
          {result.countywide.length > 0 && (
            <section aria-labelledby="representatives-countywide">
              <h2 id="representatives-countywide">{t("find.countywideHeading")}</h2>
              <p>{t("find.countywideLead")}</p>
              <OfficialCards officials={result.countywide} />
            </section>
          )}
        </>
      )}

      <p>
        <a href={d.listHref}>{t("find.allOfficials")}</a>
      </p>
    </div>
  );
}

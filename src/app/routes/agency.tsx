import { localizeDeep } from "../../domain/localize";
import { ActivityList } from "../components/ActivityList/ActivityList";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { LocationCard } from "../components/LocationCard/LocationCard";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { PersonCard } from "../components/PersonCard/PersonCard";
import { RichText } from "../components/RichText/RichText";
import { renderRichText } from "../components/RichText/render-rich-text.server";
import { useTranslation } from "../i18n/use-translation";
import { activityListData } from "../lib/activity-list";
import { notFound, stageOf } from "../lib/http";
import { pageTitle, personCard } from "../lib/view-models";
import type { Route } from "./+types/agency";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const agency = await services.content(draft).agency(params.slug, stageOf(draft));
  if (!agency) throw notFound();
  const site = await services.site();
  const { activities: _, ...rest } = localizeDeep(agency, locale);
  const person = agency.displayPerson && agency.person ? personCard(agency.person, locale) : null;
  return {
    siteName: site?.name?.[locale],
    agency: rest,
    descriptionHtml: renderRichText(rest.description?.markdown, locale),
    person,
    list: activityListData(agency.activities, request, locale),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data
    ? [
        { title: pageTitle(data.agency.title, data.siteName) },
        { name: "description", content: data.agency.subtitle ?? "" },
      ]
    : [];

export default function AgencyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { agency, descriptionHtml, person, list } = loaderData;
  const path = `/agency/${agency.slug}`;
  return (
    <div className="cp-container">
      <Breadcrumbs items={[{ title: t("agencies.title"), href: "/agencies" }, { title: agency.title }]} />
      <PageHeader title={agency.title} subtitle={agency.subtitle ?? undefined} />
      <div className="cp-layout">
        <div className="cp-layout__main">
          <RichText html={descriptionHtml} />
        </div>
        <aside className="cp-layout__aside" aria-label={t("activity.contact")}>
          {agency.location && (
            <>
              <h2>{t("activity.contact")}</h2>
              <LocationCard location={agency.location} title={agency.title} />
            </>
          )}
          {agency.schedule_url && (
            <p>
              <a className="usa-button" href={agency.schedule_url}>
                {t("agency.schedule")}
              </a>
            </p>
          )}
          {person && <PersonCard person={person} headingLevel={3} />}
        </aside>
      </div>
      <section aria-labelledby="agency-services">
        <h2 id="agency-services">{t("agency.services", { agency: agency.title })}</h2>
        <ActivityList {...list} headingLevel={3} path={path} />
      </section>
    </div>
  );
}

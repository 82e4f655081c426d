import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { OfficialCards } from "../components/Officials/OfficialCard";
import { RepresentativesForm } from "../components/Officials/RepresentativesForm";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { electedOfficials, officialCard } from "../lib/elected-officials";
import { stageOf } from "../lib/http";
import { langOf, langQuery } from "../lib/person-links";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/elected-officials";

/**
 * The elected officials (SPEC §1, "elected officials list"): those of the home page's
 * ElectedOfficials label elected countywide, then the City-County Council by district, each a card
 * linking to the person's page; and the form that finds an address's representatives.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const content = services.content(draft);
  const [landing, persons, site] = await Promise.all([
    content.landingPage(stageOf(draft)),
    content.persons(stageOf(draft)),
    services.site(),
  ]);
  const url = new URL(request.url);
  const lang = langQuery(url);
  const { countywide, council } = electedOfficials(landing.labels, persons);
  const t = createI18n(locale).getFixedT(locale, "officials");
  return {
    title: t("list.title"),
    description: t("list.description"),
    siteName: site?.name?.[locale],
    lang: langOf(url),
    countywide: countywide.map((p) => officialCard(p, locale, lang)),
    council: council.map((p) => officialCard(p, locale, lang)),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data: d }: Route.MetaArgs) =>
  d ? [{ title: pageTitle(d.title, d.siteName) }, { name: "description", content: d.description }] : [];

export default function ElectedOfficials({ loaderData: d }: Route.ComponentProps) {
  const { t } = useTranslation("officials");
  return (
    <div className="cp-container cp-elected-officials">
      <Breadcrumbs items={[{ title: d.title }]} />
      <h1>{d.title}</h1>
      <p className="cp-lead">{t("list.lead")}</p>

      <section aria-labelledby="find-representatives">
        <h2 id="find-representatives">{t("list.findHeading")}</h2>
        <p>{t("list.findLead")}</p>
        <RepresentativesForm lang={d.lang} id="officials-find" />
      </section>

      {d.countywide.length > 0 && (
        <section aria-labelledby="countywide-officials">
          <h2 id="countywide-officials">{t("list.countywideHeading")}</h2>
          <p>{t("list.countywideLead")}</p>
          <OfficialCards officials={d.countywide} />
        </section>
      )}

      {d.council.length > 0 && (
        <section aria-labelledby="council-members">
          <h2 id="council-members">{t("list.councilHeading")}</h2>
          <p>{t("list.councilLead")}</p>
          <OfficialCards officials={d.council} />
        </section>
      )}
    </div>
  );
}

import { AgencyCard } from "../components/AgencyCard/AgencyCard";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { useTranslation } from "../i18n/use-translation";
import { stageOf } from "../lib/http";
import { agencySummary, listPageMeta } from "../lib/view-models";
import type { Route } from "./+types/agencies";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const [agencies, site] = await Promise.all([
    services.content(draft).agencies(stageOf(draft)),
    services.site(),
  ]);
  return {
    meta: listPageMeta("agencies", locale, site?.name?.[locale]),
    agencies: agencies.map((a) => agencySummary(a, locale)),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Agencies({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  return (
    <div className="cp-container">
      <Breadcrumbs items={[{ title: t("agencies.title") }]} />
      <h1>{t("agencies.title")}</h1>
      <p className="cp-lead">{t("agencies.lead")}</p>
      <ul className="cp-grid cp-grid--cards">
        {loaderData.agencies.map((agency) => (
          <li key={agency.id}>
            <AgencyCard agency={agency} href={agency.href} headingLevel={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}

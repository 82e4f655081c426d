import { ActivityList } from "../components/ActivityList/ActivityList";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { useTranslation } from "../i18n/use-translation";
import { activityListData } from "../lib/activity-list";
import { stageOf } from "../lib/http";
import { listPageMeta } from "../lib/view-models";
import type { Route } from "./+types/activities";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const [activities, site] = await Promise.all([
    services.content(draft).activities(stageOf(draft)),
    services.site(),
  ]);
  return {
    meta: listPageMeta("activities", locale, site?.name?.[locale]),
    list: activityListData(activities, request, locale),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Activities({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { list } = loaderData;
  return (
    <div className="cp-container">
      <Breadcrumbs items={[{ title: t("activities.title") }]} />
      <h1>{t("activities.title")}</h1>
      <p className="cp-lead">{t("activities.lead")}</p>
      <ActivityList {...list} path="/activities" />
    </div>
  );
}

import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { TopicCard } from "../components/TopicCard/TopicCard";
import { useTranslation } from "../i18n/use-translation";
import { stageOf } from "../lib/http";
import { listPageMeta, topicSummary } from "../lib/view-models";
import type { Route } from "./+types/topics";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const [topics, site] = await Promise.all([services.content(draft).topics(stageOf(draft)), services.site()]);
  return {
    meta: listPageMeta("topics", locale, site?.name?.[locale]),
    topics: topics.map((topic) => topicSummary(topic, locale)),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data ? [{ title: data.meta.title }, { name: "description", content: data.meta.description }] : [];

export default function Topics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  return (
    <div className="cp-container">
      <Breadcrumbs items={[{ title: t("topics.title") }]} />
      <h1>{t("topics.title")}</h1>
      <p className="cp-lead">{t("topics.lead")}</p>
      <ul className="cp-grid cp-grid--cards">
        {loaderData.topics.map((topic) => (
          <li key={topic.id}>
            <TopicCard topic={topic} href={topic.href} headingLevel={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}

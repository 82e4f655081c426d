import { localizeDeep } from "../../domain/localize";
import { ActivityList } from "../components/ActivityList/ActivityList";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { RichText } from "../components/RichText/RichText";
import { renderRichText } from "../components/RichText/render-rich-text.server";
import { useTranslation } from "../i18n/use-translation";
import { activityListData } from "../lib/activity-list";
import { notFound, stageOf } from "../lib/http";
import { pageTitle } from "../lib/view-models";
import type { Route } from "./+types/topic";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const topic = await services.content(draft).topic(params.slug, stageOf(draft));
  if (!topic) throw notFound();
  const site = await services.site();
  const { activities: _, ...rest } = localizeDeep(topic, locale);
  return {
    siteName: site?.name?.[locale],
    topic: rest,
    descriptionHtml: renderRichText(rest.description?.markdown, locale),
    list: activityListData(topic.activities, request, locale),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data
    ? [
        { title: pageTitle(data.topic.title, data.siteName) },
        { name: "description", content: data.topic.description?.raw?.slice(0, 160) ?? "" },
      ]
    : [];

export default function TopicPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { topic, descriptionHtml, list } = loaderData;
  const path = `/topic/${topic.slug}`;
  return (
    <div className="cp-container">
      <Breadcrumbs items={[{ title: t("topics.title"), href: "/topics" }, { title: topic.title }]} />
      <PageHeader title={topic.title} />
      <RichText html={descriptionHtml} />
      <section className="cp-section" aria-labelledby="topic-services">
        <h2 id="topic-services">{t("topic.services", { topic: topic.title })}</h2>
        <ActivityList {...list} headingLevel={3} path={path} />
      </section>
    </div>
  );
}

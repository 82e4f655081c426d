import { tileActivity } from "../components/ActivityTile/ActivityTile";
import { PersonCard } from "../components/PersonCard/PersonCard";
import { SearchBox } from "../components/SearchBox/SearchBox";
import { TopicCard } from "../components/TopicCard/TopicCard";
import { createI18n } from "../i18n";
import { useTranslation } from "../i18n/use-translation";
import { Island } from "../islands/Island";
import { stageOf } from "../lib/http";
import { personHref } from "../lib/person-links";
import { activityTile, pageTitle, personCard, topicSummary } from "../lib/view-models";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const [landing, site] = await Promise.all([
    services.content(draft).landingPage(stageOf(draft)),
    services.site(),
  ]);
  const label = (type: string) => landing.labels.find((l) => l.type === type);
  const siteName = site?.name?.[locale];
  return {
    siteName,
    // "Welcome to Cedarport": the short name reads naturally in both languages.
    welcome: createI18n(locale).t("common:home.title", { site: site?.short_name ?? siteName ?? "" }),
    description: siteName ? createI18n(locale).t("common:home.description", { site: siteName }) : "",
    activities: (label("PopularActivities")?.activities ?? []).map((a) => activityTile(a, locale)),
    topics: (label("PopularTopics")?.topics ?? []).map((t) => topicSummary(t, locale)),
    officials: (label("ElectedOfficials")?.persons ?? []).map((p) => ({
      ...personCard(p, locale),
      href: personHref(p.id),
    })),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) => [
  { title: pageTitle(undefined, data?.siteName) },
  { name: "description", content: data?.description ?? "" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { activities, topics, officials, welcome } = loaderData;
  return (
    <>
      <section className="cp-hero" aria-labelledby="home-title">
        <div className="cp-container">
          <h1 id="home-title">{welcome}</h1>
          <p className="cp-hero__lead">{t("home.lead")}</p>
          <SearchBox id="home-search" label={t("home.searchLabel")} />
        </div>
      </section>
      <div className="cp-container">
        <section aria-labelledby="popular-services">
          <h2 id="popular-services">{t("home.popularActivities")}</h2>
          <ul className="cp-grid cp-grid--tiles">
            {activities.map((a) => (
              <Island
                key={a.id}
                as="li"
                name="ActivityTile"
                props={{ activity: tileActivity(a), href: a.href, headingLevel: 3 }}
              />
            ))}
          </ul>
          <p>
            <a href="/activities">{t("home.allActivities")}</a>
          </p>
        </section>
        <section aria-labelledby="popular-topics">
          <h2 id="popular-topics">{t("home.popularTopics")}</h2>
          <ul className="cp-grid cp-grid--cards">
            {topics.map((topic) => (
              <li key={topic.id}>
                <TopicCard topic={topic} href={topic.href} headingLevel={3} />
              </li>
            ))}
          </ul>
          <p>
            <a href="/topics">{t("home.allTopics")}</a>
          </p>
        </section>
        {officials.length > 0 && (
          <section aria-labelledby="elected-officials">
            <h2 id="elected-officials">{t("home.electedOfficials")}</h2>
            <ul className="cp-grid cp-grid--cards">
              {officials.map((person) => (
                <li key={person.id}>
                  <PersonCard person={person} href={person.href} headingLevel={3} />
                </li>
              ))}
            </ul>
            <p>
              <a href="/elected-officials">{t("officials:home.allOfficials")}</a>
            </p>
          </section>
        )}
      </div>
    </>
  );
}

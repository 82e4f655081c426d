import { headerImageUrl } from "../../domain/image";
import { localizeDeep } from "../../domain/localize";
import { Accordion } from "../components/Accordion/Accordion";
import { tileActivity } from "../components/ActivityTile/ActivityTile";
import { Breadcrumbs } from "../components/Breadcrumbs/Breadcrumbs";
import { LocationCard } from "../components/LocationCard/LocationCard";
import { PageHeader } from "../components/PageHeader/PageHeader";
import { PersonCard } from "../components/PersonCard/PersonCard";
import { RichText } from "../components/RichText/RichText";
import { renderRichText } from "../components/RichText/render-rich-text.server";
import { StatusBadge } from "../components/StatusBadge/StatusBadge";
import { TagLabel } from "../components/TagLabel/TagLabel";
import { useTranslation } from "../i18n/use-translation";
import { Island } from "../islands/Island";
import { notFound, stageOf } from "../lib/http";
import { activityTile, pageTitle, personCard } from "../lib/view-models";
import type { Route } from "./+types/activity";

/**
 * The activity's online service, when it can be used: a /workflow/<name> link only if that service
 * is installed (a workflow file that failed to load, or is not written yet, shows no button rather
 * than a dead link); any other address as given.
 */
function onlineServiceUrl(
  url: string | null | undefined,
  installed: (name: string) => boolean,
): string | null {
  if (!url) return null;
  const name = /^\/workflow\/([^/?#]+)/.exec(url)?.[1];
  return name === undefined || installed(name) ? url : null;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, locale, draft } = context;
  const activity = await services.content(draft).activity(params.slug, stageOf(draft));
  if (!activity) throw notFound();
  const a = localizeDeep(activity, locale);
  const site = await services.site();
  return {
    siteName: site?.name?.[locale],
    activity: {
      ...a,
      header_image: a.header_image ? { ...a.header_image, url: headerImageUrl(a.header_image.url) } : null,
    },
    descriptionHtml: renderRichText(a.description?.markdown, locale),
    accordions: (a.accordions ?? []).map((acc) => ({
      id: acc.id,
      title: acc.title,
      html: renderRichText(acc.description?.markdown, locale, { headingOffset: 1 }),
      items: acc.items.map((item) => ({
        id: item.id,
        title: item.title,
        description: renderRichText(item.description?.markdown, locale, { headingOffset: 2 }),
      })),
    })),
    related: activity.related_activities.map((r) => activityTile(r, locale)),
    person: activity.person ? personCard(activity.person, locale) : null,
    startUrl: onlineServiceUrl(a.workflow_url, (name) => services.workflows.get(name) !== undefined),
  };
}

/** Server-rendered HTML, enhanced by the islands script (docs/adr/0003-islands.md). */
export const handle = { hydrate: false };

export const meta = ({ data }: Route.MetaArgs) =>
  data
    ? [
        { title: pageTitle(data.activity.title, data.siteName) },
        { name: "description", content: data.activity.short_description ?? data.activity.subtitle ?? "" },
      ]
    : [];

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("common");
  const { activity: a, related, person, startUrl, descriptionHtml, accordions } = loaderData;
  const verbs = a.tags.filter((tag) => tag.type === "verb");
  const isPayment = a.activity_type === "Payment";
  return (
    <div className="cp-container">
      <Breadcrumbs items={[{ title: t("activities.title"), href: "/activities" }, { title: a.title }]} />
      <PageHeader title={a.title} subtitle={a.subtitle ?? undefined} image={a.header_image ?? undefined} />
      <div className="cp-meta-row">
        {a.status !== "published" && <StatusBadge status={a.status} />}
        {verbs.map((tag) => (
          <TagLabel key={tag.id} title={tag.title} />
        ))}
        {a.agency && (
          <span>
            {t("activity.agency")} <a href={`/agency/${a.agency.slug}`}>{a.agency.title}</a>
          </span>
        )}
      </div>
      <div className="cp-layout">
        <div className="cp-layout__main">
          {startUrl && (
            <p>
              <a className="usa-button usa-button--big" href={startUrl}>
                {isPayment ? t("activity.startPayment") : t("activity.startOnline")}
              </a>
            </p>
          )}
          {a.external_content_url && (
            <p>
              <a className="usa-button" href={a.external_content_url}>
                {t("activity.external")}
              </a>
            </p>
          )}
          <RichText html={descriptionHtml} />
          {accordions.map((acc) => (
            <section key={acc.id} className="cp-section">
              <h2>{acc.title}</h2>
              <RichText html={acc.html} />
              <Accordion items={acc.items} headingLevel={3} />
            </section>
          ))}
        </div>
        <aside className="cp-layout__aside" aria-label={t("activity.contact")}>
          {a.location && (
            <>
              <h2>{t("activity.contact")}</h2>
              <LocationCard location={a.location} title={a.agency?.title} />
            </>
          )}
          {person && <PersonCard person={person} headingLevel={3} />}
        </aside>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related">
          <h2 id="related">{t("activity.related")}</h2>
          <ul className="cp-grid cp-grid--tiles">
            {related.map((r) => (
              <Island
                key={r.id}
                as="li"
                name="ActivityTile"
                props={{ activity: tileActivity(r), href: r.href, headingLevel: 3 }}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

import type { ActivitySummary, Agency, Topic } from "../../content/types";
import { contentLink } from "../../domain/links";
import { localizeDeep } from "../../domain/localize";
import type { Locale } from "../i18n";

/**
 * What the pages hand to their components: content localized for the resident's language, with
 * links resolved by the spec's rule (external URL, else a URL in the description, else
 * /{section}/{slug}).
 */
export function activityTile(activity: ActivitySummary, locale: Locale) {
  const a = localizeDeep(activity, locale);
  return {
    id: a.id,
    slug: a.slug,
    title: a.title,
    card_title: a.card_title ?? null,
    subtitle: a.subtitle ?? null,
    short_description: a.short_description ?? null,
    activity_type: a.activity_type,
    status: a.status,
    agency: a.agency ? { id: a.agency.id, title: a.agency.title } : null,
    agencies: a.agencies.map((g) => ({ id: g.slug, title: g.title })),
    image: a.image ?? null,
    tags: a.tags.map((t) => ({ id: t.id, title: t.title, type: t.type })),
    topics: a.topics.map((t) => ({ id: t.slug, title: t.title, type: "topic" })),
    href: contentLink({ slug: a.slug, externalContentUrl: a.external_content_url }, "activity"),
  };
}
export type ActivityTileData = ReturnType<typeof activityTile>;

export function agencySummary(agency: Pick<Agency, "id" | "slug" | "title" | "subtitle" | "localizations">, locale: Locale) {
  const a = localizeDeep(agency, locale);
  return { id: a.id, slug: a.slug, title: a.title, subtitle: a.subtitle ?? null, href: `/agency/${a.slug}` };
}

export function topicSummary(topic: Pick<Topic, "id" | "slug" | "title" | "description" | "image" | "localizations">, locale: Locale) {
  const t = localizeDeep(topic, locale);
  return {
    id: t.id,
    slug: t.slug,
    title: t.title,
    description: t.description?.raw ?? t.description?.markdown ?? null,
    image: t.image ?? null,
    href: `/topic/${t.slug}`,
  };
}

/** Page title: "<page> | <site>" (the site name alone on the home page). */
export function pageTitle(page: string | undefined, siteName: string | undefined): string {
  const site = siteName ?? "Cedarport";
  return page ? `${page} | ${site}` : site;
}

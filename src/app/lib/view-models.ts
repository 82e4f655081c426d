import type { ActivitySummary, Agency, Person, Topic } from "../../content/types";
import { contentLink } from "../../domain/links";
import { localizeDeep } from "../../domain/localize";
import { createI18n, type Locale } from "../i18n";
import type { SiteConfig } from "../services";

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

export function agencySummary(
  agency: Pick<Agency, "id" | "slug" | "title" | "subtitle" | "localizations">,
  locale: Locale,
) {
  const a = localizeDeep(agency, locale);
  return { id: a.id, slug: a.slug, title: a.title, subtitle: a.subtitle ?? null, href: `/agency/${a.slug}` };
}

export function topicSummary(
  topic: Pick<Topic, "id" | "slug" | "title" | "description" | "image" | "localizations">,
  locale: Locale,
) {
  const t = localizeDeep(topic, locale);
  return {
    id: t.id,
    slug: t.slug,
    title: t.title,
    summary: t.description?.raw ? `${t.description.raw.split(/(?<=\.)\s/)[0]}` : null,
    image: t.image ?? null,
    href: `/topic/${t.slug}`,
  };
}

/** A list page's title and description, from its `<key>.title` and `<key>.lead` strings. */
export function listPageMeta(
  key: "activities" | "agencies" | "topics",
  locale: Locale,
  siteName: string | undefined,
) {
  const t = createI18n(locale).getFixedT(locale, "common");
  return { title: pageTitle(t(`${key}.title`), siteName), description: t(`${key}.lead`) };
}

/** Page title: "<page> | <site>" (the site name alone on the home page). */
export function pageTitle(page: string | undefined, siteName: string | undefined): string {
  const site = siteName ?? "Cedarport";
  return page ? `${page} | ${site}` : site;
}

/** A person for a card: the biography as a short plain-text excerpt. */
export function personCard(person: Person, locale: Locale) {
  const p = localizeDeep(person, locale);
  const bio = p.biography?.raw ?? "";
  const excerpt = bio.length > 220 ? `${bio.slice(0, bio.lastIndexOf(" ", 220))}…` : bio;
  return {
    id: p.id,
    name: p.name,
    title: p.title ?? null,
    image: p.image ?? null,
    biography: excerpt || undefined,
  };
}

type Local = { en?: Record<string, unknown>; es?: Record<string, unknown> };
const text = (value: unknown, locale: Locale): string | null => {
  if (typeof value === "string") return value;
  const v = value as Record<string, unknown> | undefined;
  return typeof v?.[locale] === "string"
    ? (v[locale] as string)
    : typeof v?.en === "string"
      ? (v.en as string)
      : null;
};

/** Header and footer data from the site config (content/site.yaml). */
export function siteChrome(site: SiteConfig | undefined, locale: Locale) {
  const address = (site?.address ?? null) as (Record<string, string> & Local) | null;
  const links = (site?.footer_links ?? []) as ({ id: string; href: string } & Local)[];
  return {
    siteName: text(site?.name, locale) ?? "Cedarport",
    logo: site?.logo ?? "/images/logo.svg",
    contact: {
      phone: site?.phones?.main ?? "311",
      outsidePhone: site?.phones?.outside ?? null,
      email: typeof site?.email === "string" ? site.email : null,
      hours: text(site?.hours, locale),
      address: address
        ? {
            ...address,
            name: text(
              (address[locale] as Record<string, unknown> | undefined)?.name ?? address.en?.name,
              locale,
            ),
          }
        : null,
    },
    links: links.map((l) => ({
      id: l.id,
      href: l.href,
      title: text(l[locale]?.title ?? l.en?.title, locale) ?? l.id,
    })),
    emergencyPhone: site?.phones?.emergency ?? "911",
  };
}

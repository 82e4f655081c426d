/**
 * Search records: one per content item and language, in the hit shape of SPEC §3
 * (__typename, slug, id, localizations, external_content_url) plus the fields the engine searches
 * and filters on. The same records go to the embedded backend and to Algolia.
 */
import { excerpt, markdownToText } from "../domain/markdown-text";

export type SearchTypename = "Activity" | "Agency" | "Topic" | "Service";
export type SearchKind = "activity" | "agency" | "topic" | "service";

interface Markdown {
  markdown: string;
}

/** A title in other languages, for tags, agencies and topics attached to an item. */
export interface NamedLocalization {
  locale: string;
  title?: string | null;
}

export interface NamedRef {
  id: string;
  title: string;
  localizations?: NamedLocalization[];
}

export interface TagRef extends NamedRef {
  type: string;
}

export interface ContentLocalization {
  locale: string;
  title?: string | null;
  subtitle?: string | null;
  short_description?: string | null;
  description?: Markdown | null;
}

interface ContentItemSource {
  id: string;
  slug: string;
  title: string;
  subtitle?: string | null;
  short_description?: string | null;
  description?: Markdown | null;
  localizations: ContentLocalization[];
}

export interface ActivitySource extends ContentItemSource {
  external_content_url?: string | null;
  activity_type?: string;
  agencies?: NamedRef[];
  tags?: TagRef[];
  topics?: NamedRef[];
}

export type AgencySource = ContentItemSource;
export type TopicSource = Omit<ContentItemSource, "subtitle" | "short_description">;

export interface Bilingual {
  en: string;
  es: string;
}

/** An online service (a workflow): its slug is its name, its page /workflow/<name>. */
export interface ServiceSource {
  name: string;
  title: Bilingual;
  description?: Bilingual;
}

export interface IndexSource {
  activities: ActivitySource[];
  agencies: AgencySource[];
  topics: TopicSource[];
  services: ServiceSource[];
}

/** The localization carried by a hit (SPEC §3): `description` is plain text, short enough to show. */
export interface HitLocalization {
  locale: string;
  title: string;
  subtitle: string | null;
  description: string | null;
}

export interface SearchRecord {
  objectID: string;
  __typename: SearchTypename;
  id: string;
  slug: string;
  localizations: HitLocalization[];
  external_content_url: string | null;
  // facets
  locale: string;
  kind: SearchKind;
  activity_type: string | null;
  tag_ids: string[];
  agency_ids: string[];
  topic_ids: string[];
  // searchable text, in the record's language
  title: string;
  subtitle: string;
  description: string;
  tags: string[];
  agencies: string[];
  topics: string[];
}

/** Attributes a search may return (SPEC §7.1 asks for the first five). */
export const HIT_ATTRIBUTES = ["__typename", "slug", "id", "localizations", "external_content_url"] as const;
/** Attributes that can be filtered and counted. */
export const FACET_ATTRIBUTES = [
  "locale",
  "__typename",
  "kind",
  "activity_type",
  "tag_ids",
  "agency_ids",
  "topic_ids",
] as const;
/** Searchable attributes, most important first (also the order pushed to Algolia). */
export const SEARCHABLE_ATTRIBUTES = [
  "title",
  "subtitle",
  "tags",
  "agencies",
  "topics",
  "description",
] as const;

export const DEFAULT_LOCALE = "en";

export function objectIdOf(typename: SearchTypename, id: string, locale: string): string {
  return `${typename}:${id}:${locale}`;
}

const DESCRIPTION_EXCERPT = 240;

function text(value: string | null | undefined): string {
  return typeof value === "string" ? value.trim() : "";
}

function orNull(value: string): string | null {
  return value === "" ? null : value;
}

/** The item's own fields are English; other languages override field by field (SPEC §3 Localization). */
function localesOf(item: { localizations: ContentLocalization[] }): string[] {
  const locales = [DEFAULT_LOCALE];
  for (const loc of item.localizations ?? []) {
    if (loc && typeof loc.locale === "string" && loc.locale !== "" && !locales.includes(loc.locale)) {
      locales.push(loc.locale);
    }
  }
  return locales;
}

function localizedName(ref: NamedRef, locale: string): string {
  const loc = ref.localizations?.find((entry) => entry.locale === locale);
  return text(loc?.title) || text(ref.title);
}

interface LocalizedFields {
  title: string;
  subtitle: string;
  shortDescription: string;
  body: string;
}

function localizedFields(item: ContentItemSource, locale: string): LocalizedFields {
  const loc = (item.localizations ?? []).find((entry) => entry?.locale === locale);
  // a field missing from a translation falls back to the English one (docs/content.md)
  const pick = (own: string | null | undefined, localized: string | null | undefined) =>
    text(localized) || text(own);
  return {
    title: pick(item.title, loc?.title),
    subtitle: pick(item.subtitle, loc?.subtitle),
    shortDescription: pick(item.short_description, loc?.short_description),
    body: markdownToText(loc?.description?.markdown || item.description?.markdown),
  };
}

interface RecordParts {
  typename: SearchTypename;
  id: string;
  slug: string;
  locale: string;
  fields: LocalizedFields;
  externalUrl?: string | null;
  activityType?: string | null;
  tags?: TagRef[];
  agencies?: NamedRef[];
  topics?: NamedRef[];
}

function makeRecord(parts: RecordParts): SearchRecord {
  const { fields, locale } = parts;
  const summary = fields.shortDescription || excerpt(fields.body, DESCRIPTION_EXCERPT);
  const names = (refs: NamedRef[] | undefined) => (refs ?? []).map((ref) => localizedName(ref, locale));
  const ids = (refs: NamedRef[] | undefined) => (refs ?? []).map((ref) => ref.id);
  return {
    objectID: objectIdOf(parts.typename, parts.id, locale),
    __typename: parts.typename,
    id: parts.id,
    slug: parts.slug,
    localizations: [
      {
        locale,
        title: fields.title,
        subtitle: orNull(fields.subtitle),
        description: orNull(summary),
      },
    ],
    external_content_url: text(parts.externalUrl) || null,
    locale,
    kind: parts.typename.toLowerCase() as SearchKind,
    activity_type: parts.activityType ?? null,
    tag_ids: ids(parts.tags),
    agency_ids: ids(parts.agencies),
    topic_ids: ids(parts.topics),
    title: fields.title,
    subtitle: fields.subtitle,
    // the short description is searched too: it is often the best summary of the item
    description: [fields.shortDescription, fields.body].filter(Boolean).join(" "),
    tags: names(parts.tags),
    agencies: names(parts.agencies),
    topics: names(parts.topics),
  };
}

function isUsable(item: { id?: unknown; slug?: unknown } | null | undefined): boolean {
  return !!item && typeof item.id === "string" && item.id !== "" && typeof item.slug === "string";
}

/** Every record of the content, in every language it is written in. Items without a title are skipped. */
export function buildRecords(src: IndexSource): SearchRecord[] {
  return [...recordsOf(src)];
}

/** A record without a title is never indexed. */
function* titled(record: SearchRecord): Generator<SearchRecord> {
  if (record.title !== "") yield record;
}

/** The records one at a time, so a caller may pause between them (indexContent). */
export function* recordsOf(src: IndexSource): Generator<SearchRecord> {
  for (const activity of src.activities ?? []) {
    if (!isUsable(activity)) continue;
    for (const locale of localesOf(activity)) {
      yield* titled(
        makeRecord({
          typename: "Activity",
          id: activity.id,
          slug: activity.slug,
          locale,
          fields: localizedFields(activity, locale),
          externalUrl: activity.external_content_url,
          activityType: activity.activity_type ?? null,
          tags: activity.tags,
          agencies: activity.agencies,
          topics: activity.topics,
        }),
      );
    }
  }
  for (const agency of src.agencies ?? []) {
    if (!isUsable(agency)) continue;
    for (const locale of localesOf(agency)) {
      yield* titled(
        makeRecord({
          typename: "Agency",
          id: agency.id,
          slug: agency.slug,
          locale,
          fields: localizedFields(agency, locale),
        }),
      );
    }
  }
  for (const topic of src.topics ?? []) {
    if (!isUsable(topic)) continue;
    for (const locale of localesOf(topic)) {
      yield* titled(
        makeRecord({
          typename: "Topic",
          id: topic.id,
          slug: topic.slug,
          locale,
          fields: localizedFields(topic, locale),
        }),
      );
    }
  }
  for (const service of src.services ?? []) {
    if (!service || typeof service.name !== "string" || service.name === "") continue;
    for (const locale of ["en", "es"] as const) {
      yield* titled(
        makeRecord({
          typename: "Service",
          id: service.name,
          slug: service.name,
          locale,
          fields: {
            title: text(service.title?.[locale]) || text(service.title?.en),
            subtitle: "",
            shortDescription: text(service.description?.[locale]) || text(service.description?.en),
            body: "",
          },
        }),
      );
    }
  }
}

const TYPENAMES: readonly SearchTypename[] = ["Activity", "Agency", "Topic", "Service"];

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : [];
}

function optionalString(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/**
 * A record received over the write API (the indexer's push), checked and completed; null when it
 * cannot be a search record (no objectID or an unknown type).
 */
export function coerceRecord(input: unknown): SearchRecord | null {
  if (!input || typeof input !== "object" || Array.isArray(input)) return null;
  const value = input as Record<string, unknown>;
  const objectID = optionalString(value.objectID);
  const typename = TYPENAMES.find((name) => name === value.__typename);
  if (!objectID || !typename) return null;
  const locale = optionalString(value.locale) ?? DEFAULT_LOCALE;
  const localizations = (Array.isArray(value.localizations) ? value.localizations : []).flatMap(
    (entry): HitLocalization[] => {
      if (!entry || typeof entry !== "object") return [];
      const loc = entry as Record<string, unknown>;
      const entryLocale = optionalString(loc.locale);
      if (!entryLocale) return [];
      return [
        {
          locale: entryLocale,
          title: typeof loc.title === "string" ? loc.title : "",
          subtitle: optionalString(loc.subtitle),
          description: optionalString(loc.description),
        },
      ];
    },
  );
  const own = localizations.find((loc) => loc.locale === locale);
  return {
    objectID,
    __typename: typename,
    id: optionalString(value.id) ?? objectID,
    slug: optionalString(value.slug) ?? optionalString(value.id) ?? objectID,
    localizations,
    external_content_url: optionalString(value.external_content_url),
    locale,
    kind: typename.toLowerCase() as SearchKind,
    activity_type: optionalString(value.activity_type),
    tag_ids: stringList(value.tag_ids),
    agency_ids: stringList(value.agency_ids),
    topic_ids: stringList(value.topic_ids),
    title: optionalString(value.title) ?? own?.title ?? "",
    subtitle: optionalString(value.subtitle) ?? own?.subtitle ?? "",
    description: optionalString(value.description) ?? own?.description ?? "",
    tags: stringList(value.tags),
    agencies: stringList(value.agencies),
    topics: stringList(value.topics),
  };
}

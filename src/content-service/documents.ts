/**
 * The stored form of content: what the loader writes to the database and the GraphQL resolvers
 * read back. English fields sit on the document itself; `localizations` holds every language
 * with the same field names, as the spec's content service returns them.
 */
/** Stored as written; its plain text (GraphQL `raw`) is derived when asked (src/domain/markdown-text.ts). */
export interface RichText {
  markdown: string;
}
export interface ImageDoc {
  url: string;
  altText?: string | null;
}
export type LocationLocalizationDoc = { locale: string } & Record<string, string | null>;
export interface LocationDoc {
  id: string;
  /** Hours, room and building names per language (content `location.en`/`location.es`). */
  localizations?: LocationLocalizationDoc[];
  [field: string]: string | null | undefined | LocationLocalizationDoc[];
}
export interface AccordionDoc {
  id: string;
  title: string;
  description: RichText | null;
  items: { id: string; title: string; description: RichText | null }[];
}
export type Stage = "published" | "draft";
export type Localized<T> = Partial<T> & { locale: string };

interface Base<L> {
  id: string;
  stage: Stage;
  position: number;
  localizations: Localized<L>[];
}

export interface ActivityText {
  title: string;
  subtitle: string | null;
  card_title: string | null;
  short_description: string | null;
  description: RichText | null;
  header_image: ImageDoc | null;
  accordions: AccordionDoc[];
}
export interface ActivityDoc extends Base<ActivityText>, ActivityText {
  slug: string;
  activity_type: "Learn" | "Payment";
  status: string;
  featured: boolean;
  workflow_url: string | null;
  external_content_url: string | null;
  image: ImageDoc | null;
  agencies: string[];
  tags: string[];
  topics: string[];
  related_activities: string[];
  person: string | null;
  location: LocationDoc | null;
}

export interface AgencyText {
  title: string;
  subtitle: string | null;
  description: RichText | null;
}
export interface AgencyDoc extends Base<AgencyText>, AgencyText {
  slug: string;
  category_id: string | null;
  quicklink: boolean;
  schedule_url: string | null;
  displayPerson: boolean;
  person: string | null;
  location: LocationDoc | null;
}

export interface TopicText {
  title: string;
  description: RichText | null;
}
export interface TopicDoc extends Base<TopicText>, TopicText {
  slug: string;
  image: ImageDoc | null;
}

export interface PageText {
  title: string;
  subtitle: string | null;
  description: RichText | null;
}
/** A standalone page served at /{slug} (privacy, accessibility, …): the spec's "landing and list pages exist by slug". */
export interface PageDoc extends Base<PageText>, PageText {
  slug: string;
}

export interface TagDoc extends Base<{ title: string }> {
  title: string;
  type: "verb" | "user" | "topic";
}

export interface PersonText {
  name: string;
  title: string | null;
  biography: RichText | null;
}
export interface PersonDoc extends Base<PersonText>, PersonText {
  image: ImageDoc | null;
  association: { agency?: string; activity?: string } | null;
  /** The City-County Council district a councilor represents; null for everyone else. */
  district: number | null;
}

export interface BannerDoc extends Base<{ title: string }> {
  title: string;
  link: string | null;
  background_color: string | null;
  starts_at: string | null;
  ends_at: string | null;
}

export interface LabelDoc {
  id: string;
  type: string;
  stage: Stage;
  position: number;
  banners: string[];
  activities: string[];
  agencies: string[];
  persons: string[];
  topics: string[];
}

export interface SiteDoc {
  id: "site";
  stage: Stage;
  position: number;
  [field: string]: unknown;
}

export interface ContentDocs {
  activity: ActivityDoc;
  agency: AgencyDoc;
  topic: TopicDoc;
  page: PageDoc;
  tag: TagDoc;
  person: PersonDoc;
  banner: BannerDoc;
  label: LabelDoc;
  site: SiteDoc;
}
export type ContentType = keyof ContentDocs;
export type AnyDoc = ContentDocs[ContentType];

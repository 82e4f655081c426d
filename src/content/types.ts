/**
 * Shapes of the content service's answers, as declared in src/content-service/schema.graphql.
 * (Written once here for the client side; the schema is the contract and the integration test
 * runs every query below against it, so a drift fails the suite.)
 */
export interface RichText {
  markdown: string;
  raw?: string;
}
export interface Image {
  url: string;
  altText?: string | null;
}
export interface Location {
  id: string;
  address1?: string | null;
  address2?: string | null;
  address3?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  phone?: string | null;
  fax?: string | null;
  email?: string | null;
  hours1?: string | null;
  hours2?: string | null;
  facebook_url?: string | null;
  twitter_url?: string | null;
  instagram_url?: string | null;
  /** Hours, room and building names per language. */
  localizations?: Localizations<Pick<Location, "address2" | "address3" | "hours1" | "hours2">> | null;
}
export type Localizations<T> = Array<Partial<T> & { locale: string }>;

export interface Tag {
  id: string;
  title: string;
  type: "verb" | "user" | "topic";
  localizations: Localizations<{ title: string }>;
}
export interface PersonFields {
  name: string;
  title?: string | null;
  biography?: RichText | null;
}
export interface Person extends PersonFields {
  id: string;
  image?: Image | null;
  association?: {
    agency?: { slug: string; title: string; localizations?: Localizations<{ title: string }> } | null;
    activity?: { slug: string; title: string } | null;
  } | null;
  /** The City-County Council district a councilor represents (null for everyone else). */
  district?: number | null;
  /** Their office's contact details: the associated agency's location, else the activity's. */
  contact?: Location | null;
  localizations: Localizations<PersonFields>;
}
export interface AccordionItem {
  id: string;
  title: string;
  description?: RichText | null;
}
export interface Accordion extends AccordionItem {
  items: AccordionItem[];
}
export interface AgencyRef {
  id: string;
  slug: string;
  title: string;
  localizations: Localizations<{ title: string }>;
}
export interface TopicRef {
  id: string;
  slug: string;
  title: string;
  localizations: Localizations<{ title: string }>;
}
export interface ActivityFields {
  title: string;
  subtitle?: string | null;
  card_title?: string | null;
  short_description?: string | null;
  description?: RichText | null;
  header_image?: Image | null;
  accordions?: Accordion[];
}
export interface ActivitySummary extends ActivityFields {
  id: string;
  slug: string;
  activity_type: "Learn" | "Payment";
  status: string;
  stage: "PUBLISHED" | "DRAFT";
  position: number;
  featured: boolean;
  workflow_url?: string | null;
  external_content_url?: string | null;
  image?: Image | null;
  labels: { type: string }[];
  tags: Tag[];
  topics: TopicRef[];
  agencies: AgencyRef[];
  agency: AgencyRef | null;
  localizations: Localizations<ActivityFields>;
}
export interface Activity extends ActivitySummary {
  related_activities: ActivitySummary[];
  location?: Location | null;
  person?: Person | null;
}
export interface AgencyFields {
  title: string;
  subtitle?: string | null;
  description?: RichText | null;
}
export interface Agency extends AgencyFields {
  id: string;
  slug: string;
  position: number;
  category_id?: string | null;
  quicklink: boolean;
  schedule_url?: string | null;
  displayPerson: boolean;
  person?: Person | null;
  location?: Location | null;
  activities: ActivitySummary[];
  localizations: Localizations<AgencyFields>;
}
export interface TopicFields {
  title: string;
  description?: RichText | null;
}
export interface Topic extends TopicFields {
  id: string;
  slug: string;
  position: number;
  image?: Image | null;
  activities: ActivitySummary[];
  localizations: Localizations<TopicFields>;
}
export interface PageFields {
  title: string;
  subtitle?: string | null;
  description?: RichText | null;
}
export interface Page extends PageFields {
  id: string;
  slug: string;
  position: number;
  localizations: Localizations<PageFields>;
}
export interface Banner {
  id: string;
  title: string;
  link?: string | null;
  background_color?: string | null;
  localizations: Localizations<{ title: string }>;
}
export interface Label {
  id: string;
  type: string;
  banners: Banner[];
  activities: ActivitySummary[];
  agencies: Agency[];
  persons: Person[];
  topics: Topic[];
}
export interface SearchResultItem {
  id: string;
  slug: string;
  title: string;
  short_description?: string | null;
}

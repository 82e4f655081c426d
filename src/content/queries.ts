import type { ContentClient } from "./client";
import type {
  Activity,
  ActivitySummary,
  Agency,
  Banner,
  Label,
  Page,
  Person,
  SearchResultItem,
  Topic,
} from "./types";

/** The spec's content queries (SPEC §7.2), one function each. */
export type Stage = "PUBLISHED" | "DRAFT";

const L10N = "localizations { locale title }";
const IMAGE = "{ url altText }";
const RICH = "{ markdown raw }";
const LOCATION =
  "{ id address1 address2 address3 city state zip phone fax email hours1 hours2 facebook_url twitter_url instagram_url localizations { locale address2 address3 hours1 hours2 } }";
const PERSON = `{ id name title image ${IMAGE} biography ${RICH} localizations { locale name title biography ${RICH} } }`;
/**
 * A person with what the elected officials' pages show besides the card: the council district and
 * the contact details of their office (Person.contact; flat, so the landing page stays within the
 * content service's depth limit).
 */
const CONTACT =
  "{ id address1 address2 address3 city state zip phone email localizations { locale address2 address3 } }";
const PERSON_FIELDS = `id name title image ${IMAGE} biography ${RICH} district
  localizations { locale name title biography ${RICH} }`;
const PERSON_WITH_CONTACT = `${PERSON_FIELDS} contact ${CONTACT}`;
const ACCORDIONS = `accordions { id title description ${RICH} items { id title description ${RICH} } }`;
const ACTIVITY_SUMMARY = `
  id slug title subtitle card_title short_description activity_type status stage position featured
  workflow_url external_content_url image ${IMAGE} labels { type }
  tags { id title type ${L10N} } topics { id slug title ${L10N} } agencies { id slug title ${L10N} }
  agency { id slug title ${L10N} }
  localizations { locale title subtitle card_title short_description }`;
const ACTIVITY_FULL = `
  ${ACTIVITY_SUMMARY.replace("localizations { locale title subtitle card_title short_description }", "")}
  description ${RICH} header_image ${IMAGE} ${ACCORDIONS}
  related_activities { ${ACTIVITY_SUMMARY} }
  location ${LOCATION} person ${PERSON}
  localizations { locale title subtitle card_title short_description description ${RICH} header_image ${IMAGE} ${ACCORDIONS} }`;

export const queries = {
  activity: `query Activity($slug: String!, $stage: Stage) { activity(slug: $slug, stage: $stage) { ${ACTIVITY_FULL} } }`,
  activities: `query Activities($stage: Stage) { activities(stage: $stage) { ${ACTIVITY_SUMMARY} } }`,
  agency: `query Agency($slug: String!, $stage: Stage) { agency(slug: $slug, stage: $stage) {
    id slug title subtitle position category_id quicklink schedule_url displayPerson description ${RICH}
    person ${PERSON} location ${LOCATION} activities { ${ACTIVITY_SUMMARY} }
    localizations { locale title subtitle description ${RICH} } } }`,
  agencies: `query Agencies($stage: Stage) { agencies(stage: $stage) {
    id slug title subtitle position category_id quicklink localizations { locale title subtitle } } }`,
  topic: `query Topic($slug: String!, $stage: Stage) { topic(slug: $slug, stage: $stage) {
    id slug title position image ${IMAGE} description ${RICH} activities { ${ACTIVITY_SUMMARY} }
    localizations { locale title description ${RICH} } } }`,
  topics: `query Topics($stage: Stage) { topics(stage: $stage) {
    id slug title position image ${IMAGE} description ${RICH} localizations { locale title description ${RICH} } } }`,
  page: `query Page($slug: String!, $stage: Stage) { page(slug: $slug, stage: $stage) {
    id slug title subtitle position description ${RICH} localizations { locale title subtitle description ${RICH} } } }`,
  banners: `query Banners($stage: Stage) { banners(label: "ActiveBanner", stage: $stage) { id title link background_color ${L10N} } }`,
  landingPage: `query LandingPage($stage: Stage) { landingPage(labels: ["PopularActivities", "PopularTopics", "ElectedOfficials"], stage: $stage) {
    labels { id type
      activities { ${ACTIVITY_SUMMARY} }
      topics { id slug title position image ${IMAGE} description ${RICH} localizations { locale title description ${RICH} } }
      persons { ${PERSON_WITH_CONTACT} } } } }`,
  person: `query Person($id: ID!, $stage: Stage) { person(id: $id, stage: $stage) {
    ${PERSON_FIELDS} contact ${LOCATION} association { agency { slug title localizations { locale title } } } } }`,
  persons: `query Persons($stage: Stage) { persons(stage: $stage) { ${PERSON_WITH_CONTACT} } }`,
  search: `query Search($search: String!, $locale: [String!]) { search(search: $search, locale: $locale) {
    activities { id slug title short_description } agencies { id slug title short_description } topics { id slug title short_description } } }`,
} as const;

export interface ContentQueries {
  activity(slug: string, stage?: Stage): Promise<Activity | null>;
  activities(stage?: Stage): Promise<ActivitySummary[]>;
  agency(slug: string, stage?: Stage): Promise<Agency | null>;
  agencies(stage?: Stage): Promise<Agency[]>;
  topic(slug: string, stage?: Stage): Promise<Topic | null>;
  topics(stage?: Stage): Promise<Topic[]>;
  page(slug: string, stage?: Stage): Promise<Page | null>;
  banners(stage?: Stage): Promise<Banner[]>;
  landingPage(stage?: Stage): Promise<{ labels: Label[] }>;
  person(id: string, stage?: Stage): Promise<Person | null>;
  /** Councilors by district first, then everyone else. */
  persons(stage?: Stage): Promise<Person[]>;
  search(
    search: string,
    locale: string[],
  ): Promise<Record<"activities" | "agencies" | "topics", SearchResultItem[]>>;
}

export function contentQueries(client: ContentClient, draftHeaders?: Record<string, string>): ContentQueries {
  const run = async <T>(query: string, variables: Record<string, unknown>, stage?: Stage) =>
    client.request<T>({
      query,
      variables: { ...variables, ...(stage ? { stage } : {}) },
      ...(stage === "DRAFT" && draftHeaders ? { context: { headers: draftHeaders } } : {}),
    });
  return {
    activity: async (slug, stage) =>
      (await run<{ activity: Activity | null }>(queries.activity, { slug }, stage)).activity,
    activities: async (stage) =>
      (await run<{ activities: ActivitySummary[] }>(queries.activities, {}, stage)).activities,
    agency: async (slug, stage) =>
      (await run<{ agency: Agency | null }>(queries.agency, { slug }, stage)).agency,
    agencies: async (stage) => (await run<{ agencies: Agency[] }>(queries.agencies, {}, stage)).agencies,
    topic: async (slug, stage) => (await run<{ topic: Topic | null }>(queries.topic, { slug }, stage)).topic,
    topics: async (stage) => (await run<{ topics: Topic[] }>(queries.topics, {}, stage)).topics,
    page: async (slug, stage) => (await run<{ page: Page | null }>(queries.page, { slug }, stage)).page,
    banners: async (stage) => (await run<{ banners: Banner[] }>(queries.banners, {}, stage)).banners,
    landingPage: async (stage) =>
      (await run<{ landingPage: { labels: Label[] } }>(queries.landingPage, {}, stage)).landingPage,
    person: async (id, stage) => (await run<{ person: Person | null }>(queries.person, { id }, stage)).person,
    persons: async (stage) => (await run<{ persons: Person[] }>(queries.persons, {}, stage)).persons,
    search: async (search, locale) =>
      (
        await run<{ search: Record<"activities" | "agencies" | "topics", SearchResultItem[]> }>(
          queries.search,
          { search, locale },
        )
      ).search,
  };
}

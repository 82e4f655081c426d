import { GraphQLError } from "graphql";
import { markdownToText } from "../domain/markdown-text";
import type {
  ActivityDoc,
  AgencyDoc,
  BannerDoc,
  LabelDoc,
  PersonDoc,
  RichText,
  TagDoc,
  TopicDoc,
} from "./documents";
import { searchContent } from "./search";
import type { Snapshot } from "./store";

export interface ContentContext {
  snapshot: Snapshot;
  /** The request carried the server's draft credential. */
  draftAllowed: boolean;
  /** Set by the root field: drafts are included only when asked for and allowed. */
  includeDrafts: boolean;
  now: Date;
}

type Stage = "PUBLISHED" | "DRAFT";

function useStage(ctx: ContentContext, stage: Stage | undefined): void {
  if (stage === "DRAFT") {
    if (!ctx.draftAllowed) {
      throw new GraphQLError("Draft content needs a valid draft credential.", {
        extensions: { code: "FORBIDDEN", http: { status: 403 } },
      });
    }
    ctx.includeDrafts = true;
  }
}

const visible = <T extends { stage: string }>(ctx: ContentContext, doc: T | undefined): T | null =>
  doc && (doc.stage === "published" || ctx.includeDrafts) ? doc : null;

const visibleAll = <T extends { stage: string }>(ctx: ContentContext, docs: Iterable<T | undefined>): T[] =>
  [...docs].filter((d): d is T => visible(ctx, d) !== null);

/** References in content files name an item by id or by slug; accept either. */
function ref<T extends { stage: string }>(
  map: { id: Map<string, T>; slug: Map<string, T> },
  key: string,
): T | undefined {
  return map.id.get(key) ?? map.slug.get(key);
}

const refs = (ctx: ContentContext) => ({
  activity: { id: ctx.snapshot.byId.activity, slug: ctx.snapshot.bySlug.activity },
  agency: { id: ctx.snapshot.byId.agency, slug: ctx.snapshot.bySlug.agency },
  topic: { id: ctx.snapshot.byId.topic, slug: ctx.snapshot.bySlug.topic },
  tag: { id: ctx.snapshot.byId.tag, slug: ctx.snapshot.bySlug.tag },
  person: { id: ctx.snapshot.byId.person, slug: ctx.snapshot.bySlug.person },
  banner: { id: ctx.snapshot.byId.banner, slug: ctx.snapshot.bySlug.banner },
});

const resolveMany = <K extends keyof ReturnType<typeof refs>>(ctx: ContentContext, kind: K, keys: string[]) =>
  visibleAll(
    ctx,
    keys.map((k) => ref(refs(ctx)[kind] as never, k) as { stage: string } | undefined),
  ) as never[];

const byPosition = <T extends { position: number; title?: string }>(docs: T[]) =>
  [...docs].sort((a, b) => a.position - b.position || (a.title ?? "").localeCompare(b.title ?? ""));

/** A record is outside its validity window when now is before its start or after its end (SPEC §3). */
export function insideWindow(now: Date, start: string | null, end: string | null): boolean {
  const day = now.toISOString().slice(0, 10);
  if (start && day < start.slice(0, 10)) return false;
  if (end && day > end.slice(0, 10)) return false;
  return true;
}

const activitiesOf = (
  ctx: ContentContext,
  pick: (a: ActivityDoc) => string[],
  doc: { id: string; slug: string },
) =>
  byPosition(
    visibleAll(ctx, ctx.snapshot.all.activity).filter((a) =>
      pick(a).some((k) => k === doc.id || k === doc.slug),
    ),
  );

export const resolvers = {
  Query: {
    activity: (_: unknown, a: { slug: string; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      return visible(ctx, ctx.snapshot.bySlug.activity.get(a.slug));
    },
    activities: (_: unknown, a: { first?: number; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      const first = Math.max(0, Math.min(a.first ?? 9999, 9999));
      return byPosition(visibleAll(ctx, ctx.snapshot.all.activity)).slice(0, first);
    },
    agency: (_: unknown, a: { slug: string; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      return visible(ctx, ctx.snapshot.bySlug.agency.get(a.slug));
    },
    agencies: (_: unknown, a: { stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      return byPosition(visibleAll(ctx, ctx.snapshot.all.agency));
    },
    topic: (_: unknown, a: { slug: string; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      return visible(ctx, ctx.snapshot.bySlug.topic.get(a.slug));
    },
    topics: (_: unknown, a: { stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      return byPosition(visibleAll(ctx, ctx.snapshot.all.topic));
    },
    page: (_: unknown, a: { slug: string; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      return visible(ctx, ctx.snapshot.bySlug.page.get(a.slug));
    },
    person: (_: unknown, a: { id: string; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      return visible(ctx, ctx.snapshot.byId.person.get(a.id));
    },
    persons: (_: unknown, a: { stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      const district = (p: PersonDoc) => p.district ?? Number.POSITIVE_INFINITY;
      return visibleAll(ctx, ctx.snapshot.all.person).sort(
        (a, b) => district(a) - district(b) || a.position - b.position || a.name.localeCompare(b.name),
      );
    },
    banners: (_: unknown, a: { label?: string; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      const labels = visibleAll(ctx, ctx.snapshot.all.label).filter(
        (l) => l.type === (a.label ?? "ActiveBanner"),
      );
      const banners = resolveMany(
        ctx,
        "banner",
        labels.flatMap((l) => l.banners),
      ) as BannerDoc[];
      return banners.filter((b) => insideWindow(ctx.now, b.starts_at, b.ends_at));
    },
    landingPage: (_: unknown, a: { labels?: string[]; stage?: Stage }, ctx: ContentContext) => {
      useStage(ctx, a.stage);
      const types = a.labels ?? ["PopularActivities", "PopularTopics", "ElectedOfficials"];
      return { labels: visibleAll(ctx, ctx.snapshot.all.label).filter((l) => types.includes(l.type)) };
    },
    search: (_: unknown, a: { search: string; locale?: string[] }, ctx: ContentContext) =>
      searchContent(
        {
          activities: visibleAll(ctx, ctx.snapshot.all.activity),
          agencies: visibleAll(ctx, ctx.snapshot.all.agency),
          topics: visibleAll(ctx, ctx.snapshot.all.topic),
        },
        a.search,
        a.locale ?? ["en"],
      ),
  },
  Activity: {
    stage: (d: ActivityDoc) => d.stage.toUpperCase(),
    tags: (d: ActivityDoc, _: unknown, ctx: ContentContext) => resolveMany(ctx, "tag", d.tags),
    topics: (d: ActivityDoc, _: unknown, ctx: ContentContext) => resolveMany(ctx, "topic", d.topics),
    agencies: (d: ActivityDoc, _: unknown, ctx: ContentContext) => resolveMany(ctx, "agency", d.agencies),
    agency: (d: ActivityDoc, _: unknown, ctx: ContentContext) =>
      resolveMany(ctx, "agency", d.agencies)[0] ?? null,
    related_activities: (d: ActivityDoc, _: unknown, ctx: ContentContext) =>
      resolveMany(ctx, "activity", d.related_activities),
    labels: (d: ActivityDoc, _: unknown, ctx: ContentContext) =>
      visibleAll(ctx, ctx.snapshot.all.label)
        .filter((l) => l.activities.includes(d.slug) || l.activities.includes(d.id))
        .map((l) => ({ type: l.type })),
    location: (d: ActivityDoc, _: unknown, ctx: ContentContext) =>
      d.location ?? (resolveMany(ctx, "agency", d.agencies)[0] as AgencyDoc | undefined)?.location ?? null,
    person: (d: ActivityDoc, _: unknown, ctx: ContentContext) =>
      d.person ? visible(ctx, ref(refs(ctx).person, d.person)) : null,
    accordions: (d: ActivityDoc) => d.accordions ?? [],
  },
  Agency: {
    person: (d: AgencyDoc, _: unknown, ctx: ContentContext) =>
      d.person ? visible(ctx, ref(refs(ctx).person, d.person)) : null,
    activities: (d: AgencyDoc, _: unknown, ctx: ContentContext) => activitiesOf(ctx, (a) => a.agencies, d),
  },
  Topic: {
    activities: (d: TopicDoc, _: unknown, ctx: ContentContext) => activitiesOf(ctx, (a) => a.topics, d),
  },
  Tag: { type: (d: TagDoc) => d.type },
  RichText: { raw: (r: RichText) => markdownToText(r.markdown) },
  Person: {
    contact: (d: PersonDoc, _: unknown, ctx: ContentContext) => {
      const agency = d.association?.agency ? visible(ctx, ref(refs(ctx).agency, d.association.agency)) : null;
      const activity = d.association?.activity
        ? visible(ctx, ref(refs(ctx).activity, d.association.activity))
        : null;
      if (agency) return agency.location;
      if (!activity) return null;
      // As Activity.location: the activity's own, else its main agency's.
      const main = resolveMany(ctx, "agency", activity.agencies)[0] as AgencyDoc | undefined;
      return activity.location ?? main?.location ?? null;
    },
    association: (d: PersonDoc, _: unknown, ctx: ContentContext) =>
      d.association
        ? {
            agency: d.association.agency ? visible(ctx, ref(refs(ctx).agency, d.association.agency)) : null,
            activity: d.association.activity
              ? visible(ctx, ref(refs(ctx).activity, d.association.activity))
              : null,
          }
        : null,
  },
  Label: {
    banners: (d: LabelDoc, _: unknown, ctx: ContentContext) =>
      (resolveMany(ctx, "banner", d.banners) as BannerDoc[]).filter((b) =>
        insideWindow(ctx.now, b.starts_at, b.ends_at),
      ),
    activities: (d: LabelDoc, _: unknown, ctx: ContentContext) => resolveMany(ctx, "activity", d.activities),
    agencies: (d: LabelDoc, _: unknown, ctx: ContentContext) => resolveMany(ctx, "agency", d.agencies),
    persons: (d: LabelDoc, _: unknown, ctx: ContentContext) => resolveMany(ctx, "person", d.persons),
    topics: (d: LabelDoc, _: unknown, ctx: ContentContext) => resolveMany(ctx, "topic", d.topics),
  },
};

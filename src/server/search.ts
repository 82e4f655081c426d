import express, { type Express } from "express";
import type { AgencyDoc, RichText, TagDoc, TopicDoc } from "../content-service/documents";
import type { Snapshot } from "../content-service/store";
import { createSearchClient, type SearchClient } from "../search/client";
import { searchClientConfigFromEnv } from "../search/config";
import { createEmbeddedSearch } from "../search-service/embedded";
import type { IndexSource } from "../search-service/records";
import { createTypeaheadHandler } from "../search-service/typeahead-endpoint";
import { localizeText } from "../workflow/localize";
import type { Workflow } from "../workflow/types";

/**
 * Site search in the web process: the embedded backend (an Algolia-compatible API over Orama at
 * /search-api) fed from the content service's data and the online services, the typeahead endpoint
 * /api/v1/search, and the search client the routes use. With SEARCH_BACKEND=algolia the client talks
 * to Algolia itself and the embedded backend stays idle.
 */
const md = (r: RichText | null | undefined) => (r ? { markdown: r.markdown } : null);
const loc = <T extends { locale: string; description?: RichText | null }>(l: T) => ({
  ...l,
  description: md(l.description),
});

export function indexSourceOf(snapshot: Snapshot, workflows: Workflow[]): IndexSource {
  const published = <T extends { stage: string }>(docs: T[]) => docs.filter((d) => d.stage === "published");
  const named = (doc: AgencyDoc | TopicDoc | TagDoc | undefined) =>
    doc
      ? [
          {
            id: doc.id,
            title: doc.title,
            localizations: doc.localizations.map((l) => ({ locale: l.locale, title: l.title ?? null })),
          },
        ]
      : [];
  return {
    activities: published(snapshot.all.activity).map((a) => ({
      id: a.id,
      slug: a.slug,
      title: a.title,
      subtitle: a.subtitle,
      short_description: a.short_description,
      description: md(a.description),
      external_content_url: a.external_content_url,
      activity_type: a.activity_type,
      agencies: a.agencies.flatMap((id) =>
        named(snapshot.byId.agency.get(id) ?? snapshot.bySlug.agency.get(id)),
      ),
      topics: a.topics.flatMap((id) => named(snapshot.byId.topic.get(id) ?? snapshot.bySlug.topic.get(id))),
      tags: a.tags.flatMap((id) => {
        const tag = snapshot.byId.tag.get(id);
        return tag ? [{ ...named(tag)[0]!, type: tag.type }] : [];
      }),
      localizations: a.localizations.map(loc),
    })),
    agencies: published(snapshot.all.agency).map((a) => ({
      id: a.id,
      slug: a.slug,
      title: a.title,
      subtitle: a.subtitle,
      description: md(a.description),
      localizations: a.localizations.map(loc),
    })),
    topics: published(snapshot.all.topic).map((t) => ({
      id: t.id,
      slug: t.slug,
      title: t.title,
      description: md(t.description),
      localizations: t.localizations.map(loc),
    })),
    services: workflows.map((w) => ({
      name: w.name,
      title: { en: localizeText(w.title, "en"), es: localizeText(w.title, "es") },
      ...(w.description
        ? { description: { en: localizeText(w.description, "en"), es: localizeText(w.description, "es") } }
        : {}),
    })),
  };
}

export interface SiteSearch {
  /** The client for a request's host (test or production index, SPEC §7.1). */
  clientFor(host: string | undefined): SearchClient;
  reindex(source: IndexSource): Promise<void>;
  mount(app: Express): void;
}

export function createSiteSearch(env: Record<string, string | undefined> = process.env): SiteSearch {
  const embedded = createEmbeddedSearch({ env });
  const clients = new Map<string, SearchClient>();
  const clientFor = (host: string | undefined) => {
    const config = searchClientConfigFromEnv(env, { host, handler: embedded.handleAlgoliaRequest });
    let client = clients.get(config.indexName);
    if (!client) {
      client = createSearchClient(config);
      clients.set(config.indexName, client);
    }
    return client;
  };
  return {
    clientFor,
    async reindex(source) {
      await embedded.reindex(source);
    },
    mount(app) {
      app.use("/search-api", express.raw({ type: () => true, limit: "20mb" }), async (req, res) => {
        const r = await embedded.handleAlgoliaRequest(req.method, req.url, req.body, req.headers);
        res.status(r.status).json(r.body);
      });
      app.get("/api/v1/search", async (req, res) => {
        const query = req.originalUrl.split("?")[1] ?? "";
        const typeahead = createTypeaheadHandler((term, o) =>
          clientFor(req.hostname).typeaheadSearch(term, o),
        );
        const r = await typeahead(query);
        res.status(r.status).set(r.headers).json(r.body);
      });
    },
  };
}

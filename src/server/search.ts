import express, {
  type ErrorRequestHandler,
  type Express,
  type Request,
  type RequestHandler,
  type Response,
} from "express";
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

/**
 * Demonstration services (`config.demo`) are searchable only where they are useful: in development,
 * in tests, or when SHOW_DEMO_SERVICES=1. Elsewhere residents reach them only by their address.
 */
export function showsDemoServices(env: Record<string, string | undefined> = process.env): boolean {
  return env.SHOW_DEMO_SERVICES === "1" || env.NODE_ENV === "development" || env.NODE_ENV === "test";
}

export function indexSourceOf(
  snapshot: Snapshot,
  workflows: Workflow[],
  options: { showDemoServices?: boolean } = {},
): IndexSource {
  const showDemo = options.showDemoServices ?? showsDemoServices();
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
    services: workflows
      .filter((w) => showDemo || !w.demo)
      .map((w) => ({
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

/**
 * `indexed` is awaited before each search the embedded engine answers: the first index is built
 * after the server starts listening (app.ts), and a search that comes sooner waits for it.
 */
export function createSiteSearch(
  env: Record<string, string | undefined> = process.env,
  indexed: () => Promise<unknown> = async () => undefined,
  /** Between slices of an index build: src/server/request-priority.ts. */
  pause?: () => Promise<void>,
): SiteSearch {
  const embedded = createEmbeddedSearch({ env, pause });
  const handleAlgoliaRequest: typeof embedded.handleAlgoliaRequest = async (...request) => {
    await indexed();
    return embedded.handleAlgoliaRequest(...request);
  };
  const clients = new Map<string, SearchClient>();
  const clientFor = (host: string | undefined) => {
    const config = searchClientConfigFromEnv(env, { host, handler: handleAlgoliaRequest });
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
      app.use(
        "/search-api",
        readSearchApiBody(embedded.bodyLimit),
        async (req: Request, res: Response) => {
          // express.raw has decompressed the body already: without its Content-Encoding the handler
          // takes it as it is, instead of decompressing it a second time.
          const { "content-encoding": _decoded, ...headers } = req.headers;
          const r = await handleAlgoliaRequest(req.method, req.url, req.body, headers);
          res.status(r.status).json(r.body);
        },
        searchApiBodyError,
      );
      app.get("/api/v1/search", async (req, res) => {
        const at = req.originalUrl.indexOf("?");
        const query = at === -1 ? "" : req.originalUrl.slice(at + 1);
        const typeahead = createTypeaheadHandler((term, o) =>
          clientFor(req.hostname).typeaheadSearch(term, o),
        );
        const r = await typeahead(query);
        res.status(r.status).set(r.headers).json(r.body);
      });
    },
  };
}

/**
 * Reads a /search-api body with the handler's bound for that request (searches: small; the admin
 * key's writes: the indexer's batches). Compressed bodies are inflated here, once, and the bound
 * applies to the inflated size. A body over the bound is read off and answered 413, so the
 * keep-alive connection stays usable.
 */
function readSearchApiBody(
  bodyLimit: (path: string, headers: Record<string, string | string[] | undefined>) => number,
): RequestHandler {
  const readers = new Map<number, RequestHandler>();
  return (req, res, next) => {
    const limit = bodyLimit(req.url, req.headers);
    let read = readers.get(limit);
    if (!read) {
      read = express.raw({ type: () => true, limit });
      readers.set(limit, read);
    }
    read(req, res, next);
  };
}

/** A body that could not be read (too large, corrupt compression, unknown encoding): an Algolia-shaped 4xx. */
const searchApiBodyError: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number" || status < 400 || status >= 500 || res.headersSent) {
    next(error);
    return;
  }
  const message =
    status === 413
      ? "Request body too large"
      : status === 415
        ? "Unsupported content encoding"
        : "Invalid request body";
  res.status(status).json({ message, status });
};

import { existsSync, readFileSync, watch } from "node:fs";
import { join } from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { AppServices, RequestContext, SiteConfig } from "../app/services";
import { createBackOffice } from "../back-office/back-office";
import { createStaffOidc, purgeSpentStates } from "../back-office/oidc";
import { purgeSessions } from "../back-office/sessions";
import { cachedQueries } from "../content/cached-queries";
import { createContentClient } from "../content/client";
import { contentQueries } from "../content/queries";
import { readContent, storeContent } from "../content-service/load";
import { contentServiceEndpoint, createContentService } from "../content-service/service";
import { ContentStore } from "../content-service/store";
import { type Database, openDatabase } from "../db/database";
import { migrate } from "../db/migrate";
import { addressInLanguage, LANGUAGE_COOKIE } from "../domain/localize";
import { sameSitePath } from "../domain/return-path";
import { bidsIntegration } from "../integrations/bids";
import { createCouncilDistricts } from "../integrations/council-districts";
import {
  createDeductionApplications,
  deductionStatusSync,
  SUBMISSION_STATUS,
} from "../integrations/deduction-applications";
import { WEBHOOK, webhookHandler } from "../integrations/delivery";
import { createEmailSender, EMAIL, emailHandler } from "../integrations/email";
import { invoiceViews, paymentsIntegration } from "../integrations/payments";
import { createPropertyRecords } from "../integrations/property-records";
import { createOutbox } from "../outbox";
import { mountAddresses } from "./addresses";
import { backOfficeIntegrations } from "./back-office";
import type { ServerConfig } from "./config";
import { restrictDataFiles } from "./data-files";
import {
  clientErrorStatus,
  hostGuard,
  methodGuard,
  refuse,
  sameOriginPost,
  singleLeadingSlash,
} from "./edge";
import { fallbackErrorPage } from "./fallback-page";
import { createFieldCipher } from "./field-crypto";
import { answerBeforeExpress, cacheablePage, PageCache } from "./page-cache";
import { previewSessions, sameSecret } from "./preview-session";
import { schedulePurges } from "./purge-schedule";
import { clientKey, createRateLimits, readRateLimitSettings } from "./rate-limits";
import { sendFetchResponse, toFetchRequest } from "./react-router-adapter";
import { redactError, redactUrl } from "./redact-url";
import { refusalBeacon } from "./refusal-beacon";
import { addressLanguageCookie, requestLocale } from "./request-locale";
import { createRequestPriority } from "./request-priority";
import { createSiteSearch, indexSourceOf, showsDemoServices } from "./search";
import { nonceOf, securityHeaderFields, securityHeaders } from "./security-headers";
import { type FileStorage, folderStorage } from "./uploads/file-storage";
import { s3Storage, s3StorageProblem } from "./uploads/s3-storage";
import { createWorkflowServices } from "./workflows";

/**
 * Warm-up begins once the new process has answered no request for 100 ms, and within 1 s of
 * listening whatever the traffic: the first pages after a start come first
 * (src/server/request-priority.ts).
 */
const WARM_UP_QUIET_MS = 100;
const WARM_UP_AT_MOST_MS = 1_000;

/** A posted form is a few KB; the engine refuses screens over 64 KB itself (workflow-screen.server.ts). */
const FORM_BODY_LIMIT = "100kb";
/**
 * A screen that asks for documents posts them with the form (multipart): up to 5 files of 10 MB
 * (src/domain/uploads.ts), one more to be told it is one too many, and the fields. Only there;
 * each screen then holds its own, smaller limit (src/app/lib/workflow-screen.server.ts).
 */
const UPLOAD_BODY_LIMIT = "64mb";

/** A request whose address cannot be decoded (e.g. `?term=%E0%A4%A`) gets the Bad Request page. */
function isDecodable(url: string): boolean {
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

export interface RunningApp {
  app: express.Express;
  db: Database;
  services: AppServices;
  reloadContent(): Promise<boolean>;
  /**
   * Starts what a first page need not wait for (the search index, the services' browser bundles):
   * called once the server listens. A search before then builds the index itself and waits.
   */
  serving(): void;
  close(): Promise<void>;
}

async function loadBuild(
  config: ServerConfig,
): Promise<{ build: ServerBuild | (() => Promise<ServerBuild>); vite?: import("vite").ViteDevServer }> {
  if (config.dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({
      root: config.root,
      server: { middlewareMode: true },
      appType: "custom",
    });
    return {
      vite,
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    };
  }
  const file = join(config.root, "build/server/index.js");
  if (!existsSync(file)) throw new Error(`No production build at ${file}: run \`npm run build\` first.`);
  // The build itself, not a function: given a function, React Router derives its routes and
  // static handler again on every request (flattening and ranking every route: ~5 % of a
  // workflow screen's processor time).
  return { build: (await import(file)) as ServerBuild };
}

/**
 * Static files are asked for by a name with an extension (logo.svg, robots.txt); a page's address
 * has none. Only those go to `express.static`, which otherwise asks the file system about every
 * page request, twice (build/client and public/): ~4 % of a workflow screen's processor time.
 */
function filesOnly(serve: express.RequestHandler): express.RequestHandler {
  return (req, res, next) => {
    const path = req.path;
    if (path.lastIndexOf(".") > path.lastIndexOf("/")) serve(req, res, next);
    else next();
  };
}

/**
 * The islands script (docs/adr/0003-islands.md): Vite serves its source in development; production
 * reads the build's manifest once. Without one the pages still work, only without JavaScript.
 */
function islandsScriptOf(config: ServerConfig): string {
  if (config.dev) return "/src/app/islands/dev.ts";
  const manifest = join(config.root, "build/client/islands.json");
  if (!existsSync(manifest)) {
    console.warn(`No ${manifest}: content pages get no JavaScript. Build with \`npm run build\`.`);
    return "";
  }
  return (JSON.parse(readFileSync(manifest, "utf8")) as { script: string }).script;
}

/**
 * Where residents' documents go (UPLOAD_STORAGE; docs/deploy.md). An S3 bucket is asked once,
 * without holding the start-up, whether it takes these settings: a wrong key or bucket is in the
 * log at once, not at a resident's first upload.
 */
function uploadStorageOf(config: ServerConfig): FileStorage {
  const settings = config.uploadStorage;
  if (settings.kind === "folder") return folderStorage(join(config.dataDir, "uploads"));
  void s3StorageProblem(settings).then((problem) => {
    if (problem) console.warn(`uploads: ${problem}; residents cannot upload documents (docs/deploy.md)`);
  });
  return s3Storage(settings);
}

/**
 * The search index: built once, on the first search or once the server listens (whichever comes
 * first), then again after each change of content or workflows. A change before the first build
 * needs nothing more: that build reads the changed content.
 */
function builtOnceThenOnChange(build: () => Promise<void>) {
  let first: Promise<void> | undefined;
  return {
    built: () => {
      first ??= build().catch((error) => console.error("search index not built:", redactError(error)));
      return first;
    },
    changed: async () => {
      if (first) await build();
    },
  };
}

/** Everything the site serves, in one Express app over one database. */
export async function createApp(config: ServerConfig): Promise<RunningApp> {
  const db = await openDatabase({ url: config.databaseUrl, file: join(config.dataDir, "cedarport.sqlite") });
  await migrate(db);
  restrictDataFiles(config.dataDir);
  const store = new ContentStore(db);
  const loadContent = async () => {
    const content = readContent(config.contentDir);
    for (const p of content.problems) console.error(`content: ${p.file}: ${p.message}`);
    const changed = await storeContent(db, content);
    if (changed) store.invalidate();
    return changed;
  };
  await loadContent();

  // Introspection helps a developer explore the schema; in production it only helps an attacker.
  const contentService = createContentService({
    store,
    draftToken: config.draftToken,
    introspection: config.dev,
  });
  // The site's own queries skip graphql-yoga (issue 17): it is loaded at the first request to /graphql.
  const inProcessFetch = contentService.inProcessFetch;
  const published = cachedQueries(
    contentQueries(
      createContentClient({ endpoint: "http://content.internal/graphql", fetch: inProcessFetch }),
    ),
    async () => (await store.snapshot()).version,
  );
  const drafts = contentQueries(
    createContentClient({ endpoint: "http://content.internal/graphql", fetch: inProcessFetch }),
    { authorization: `Bearer ${config.draftToken}` },
  );
  // Side effects of commits (receipts, saved links; later deliveries) are sent by this worker, never
  // by a web request; every process runs one, and they share the work through the database.
  const outbox = createOutbox({
    db,
    handlers: {
      [EMAIL]: emailHandler(createEmailSender(config)),
      // Deliveries to departments' systems (src/integrations/delivery/webhook.ts).
      [WEBHOOK]: webhookHandler({ setting: config.deliverySetting, httpsOnly: config.production }),
      // A status staff set in the console, for systems that keep their own (src/back-office/).
      [SUBMISSION_STATUS]: deductionStatusSync(createDeductionApplications({ kind: "embedded", db })),
    },
    cipher: createFieldCipher(config.dataKey, config.previousDataKeys),
  });
  outbox.start();
  // Payments (docs/payments.md): the provider PAYMENT_PROVIDER names; receipts through the outbox.
  const payments = await paymentsIntegration({
    db,
    outbox,
    provider: config.paymentProvider,
    cipher: createFieldCipher(config.dataKey, config.previousDataKeys),
    origin: config.publicOrigin,
  });
  if (config.production && payments.provider.name === "sandbox")
    console.warn("payments: PAYMENT_PROVIDER=sandbox: residents' payments move no money (docs/payments.md)");
  // Bid opportunities (src/integrations/bids/): the /bids pages and the get-bid-packet service.
  const bids = bidsIntegration(db, { cipher: createFieldCipher(config.dataKey, config.previousDataKeys) });
  // Cookies are signed with SESSION_SECRET and still accepted under SESSION_SECRETS_PREVIOUS.
  const cookieSecrets = [config.sessionSecret, ...config.previousSessionSecrets];
  const preview = previewSessions({ secrets: cookieSecrets, secure: config.secureCookies });
  // Warm-up work after listening gives way to residents' requests (src/server/request-priority.ts).
  const priority = createRequestPriority();
  let markServing = () => {};
  const serving = new Promise<void>((resolve) => {
    markServing = resolve;
  });
  const workflows = await createWorkflowServices({
    dir: config.workflowsDir,
    db,
    secrets: cookieSecrets,
    outbox,
    integrations: { ...(await backOfficeIntegrations(db)), payments: payments.call, bids: bids.call },
    dataKey: config.dataKey,
    previousDataKeys: config.previousDataKeys,
    retentionDays: config.retentionDays,
    secureCookies: config.secureCookies,
    contentDir: config.contentDir,
    origin: config.publicOrigin,
    fileStorage: uploadStorageOf(config),
    delivery: { setting: config.deliverySetting, httpsOnly: config.production },
    bundles: { from: serving, releaseEsbuild: !config.dev, pause: priority.pause },
  });
  const search = createSiteSearch(process.env, () => searchIndex.built(), priority.pause);
  const searchIndex = builtOnceThenOnChange(async () =>
    search.reindex(
      indexSourceOf(
        await store.snapshot(),
        workflows.names().map((n) => workflows.get(n)!),
        { showDemoServices: config.dev || showsDemoServices() },
      ),
    ),
  );
  const reloadContent = async () => {
    const changed = await loadContent();
    if (changed) await searchIndex.changed();
    return changed;
  };
  const propertyRecords = createPropertyRecords({ kind: "embedded", db });
  // Staff read and act on submissions (/staff); residents look up where theirs stand (/request-status).
  const backOffice = createBackOffice({
    db,
    sealer: createFieldCipher(config.dataKey, config.previousDataKeys),
    secrets: cookieSecrets,
    secureCookies: config.secureCookies,
    workflows,
    outbox,
    uploads: workflows.uploads,
    origin: config.publicOrigin,
    // Passwords, the city's identity provider (STAFF_OIDC_*), or both (docs/back-office.md).
    signInWith: {
      local: config.staffSignIn.local,
      oidc:
        config.staffSignIn.oidc &&
        createStaffOidc({
          settings: config.staffSignIn.oidc,
          db,
          sealer: createFieldCipher(config.dataKey, config.previousDataKeys),
          secureCookies: config.secureCookies,
        }),
    },
    // Called after start-up, once `services` exists.
    phone: async () => (await services.site()).phones.main ?? "311",
  });
  const backOfficePurge = schedulePurges({
    "ended staff sessions": () => purgeSessions(db, new Date()),
    "spent staff sign-in states": () => purgeSpentStates(db, new Date()),
    "history of purged submissions": () => backOffice.purge(),
  });
  await backOfficePurge.firstRun;
  const services: AppServices = {
    workflows,
    backOffice,
    search: (host) => search.clientFor(host),
    content: (draft) => (draft ? drafts : published),
    site: async () => {
      const snapshot = await store.snapshot();
      return snapshot.byId.site.get("site") as unknown as SiteConfig;
    },
    contentVersion: async () => (await store.snapshot()).version,
    payments: invoiceViews(db, propertyRecords),
    bids: bids.bids,
    property: propertyRecords,
    // The demo map of the council districts; a county GIS is another kind (docs/content.md).
    councilDistricts: createCouncilDistricts({ kind: "embedded" }),
  };

  const { build, vite } = await loadBuild(config);
  const islandsScript = islandsScriptOf(config);
  const handleRequest = createRequestHandler(build, config.dev ? "development" : "production");
  const security = {
    dev: config.dev,
    hsts: config.production && config.secureCookies,
    formOrigins: payments.provider.pageOrigins ?? [],
  };
  const pages = new PageCache({
    ttlMs: config.dev ? 0 : config.pageCacheSeconds * 1000,
    securityFields: securityHeaderFields(security),
    contentVersion: services.contentVersion,
    cookieFor: (url, cookieHeader) => addressLanguageCookie(url, cookieHeader, config.secureCookies),
  });

  const rateLimits = await createRateLimits({ redisUrl: config.redisUrl, ...readRateLimitSettings() });
  const app = express();
  // A cached page is answered before the rest of the stack (src/server/page-cache.ts).
  answerBeforeExpress(app, pages);
  app.disable("x-powered-by");
  app.use(priority.middleware);
  // Behind a TLS proxy or load balancer, X-Forwarded-* says the request came over https and from
  // which client (docs/deploy.md: TRUST_PROXY). Links never come from the Host header.
  app.set("trust proxy", config.trustProxy);
  app.use(securityHeaders(security));
  app.use(hostGuard(config.allowedHosts));
  app.use(methodGuard());
  app.use(singleLeadingSlash());
  // Before any route reads a body or does work (src/server/rate-limits.ts).
  app.use(rateLimits.middleware);
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    const ok = await db.ping();
    res.status(ok ? 200 : 503).json({ status: ok ? "ok" : "database unreachable" });
  });
  // Readiness: healthy, and the work begun after listening (search index, services' bundles) done.
  // Until then pages are served, searches wait and service screens are checked by the server only;
  // a load balancer may wait for this before sending a new process residents (docs/deploy.md).
  let warm = false;
  const warmedUp = serving.then(() => Promise.all([searchIndex.built(), workflows.browserBundlesBuilt()]));
  void warmedUp.then(() => {
    warm = true;
  });
  app.get("/readyz", async (_req, res) => {
    const ok = await db.ping();
    const status = !ok ? "database unreachable" : warm ? "ready" : "starting";
    res.status(ok && warm ? 200 : 503).json({ status });
  });
  app.use("/graphql", contentServiceEndpoint(contentService));
  app.post(
    "/api/v1/metrics/refusals",
    ...refusalBeacon({ workflow: (name) => workflows.get(name), backOffice }),
  );
  search.mount(app);
  mountAddresses(app, propertyRecords);
  // Each service for the browser: its workflow and compiled validators (src/server/service-bundles.ts).
  // The hash in the address changes with the code, so browsers may keep a bundle forever.
  app.get("/assets/services/:file", (req, res) => {
    const code = workflows.browserBundleCode(req.path);
    if (!code) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    res.type("text/javascript").set("Cache-Control", "public, max-age=31536000, immutable").send(code);
  });

  // The no-JavaScript language switch: store the choice and go back where the resident was.
  app.get("/language", (req, res) => {
    const lang = req.query.lang === "es" ? "es" : "en";
    res.cookie(LANGUAGE_COOKIE, lang, {
      path: "/",
      maxAge: 365 * 24 * 3600 * 1000,
      sameSite: "lax",
      secure: config.secureCookies,
    });
    res.redirect(303, addressInLanguage(sameSitePath(req.query.return), lang));
  });
  // Editors open /preview?token=… once; the browser then keeps a signed, expiring session (never
  // the credential itself).
  app.get("/preview", async (req, res) => {
    res.set("Cache-Control", "private, no-store");
    if (!sameSecret(req.query.token, config.draftToken)) {
      res.status(403).type("text/plain").send("That preview link is not valid.");
      return;
    }
    res.set("Set-Cookie", await preview.start());
    res.redirect(303, "/?stage=draft");
  });

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = join(config.root, "build/client");
    app.use("/assets", express.static(join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(filesOnly(express.static(client, { maxAge: "1h" })));
  }
  app.use(filesOnly(express.static(join(config.root, "public"), { maxAge: "1h" })));

  // Form posts are read whole, up to a bound: a body too large is refused (413) before any route
  // runs, a compressed one is inflated once, and the connection is never left half-read.
  app.use(
    express.raw({
      type: (req) =>
        String(req.headers["content-type"]).startsWith("multipart/form-data") &&
        (req.url ?? "").startsWith("/workflow/"),
      limit: UPLOAD_BODY_LIMIT,
    }),
  );
  app.use(express.raw({ type: () => true, limit: FORM_BODY_LIMIT }));
  // Every other address goes to React Router. (No path pattern here: Express would try to decode
  // `/activity/%` itself and fail before the Bad Request page could be shown.)
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      // A form posted from another site is refused here, with a page, rather than deep in React
      // Router's own check (which throws). Behind a TLS proxy this needs TRUST_PROXY.
      if (req.method === "POST" && !sameOriginPost(req)) {
        refuse(req, res, 403);
        return;
      }
      const url = new URL(req.originalUrl, "http://x");
      const locale = requestLocale(url, req.headers.cookie);
      // A visitor who has not chosen a language keeps the one their first address named (a
      // cache hit before Express gets it from the page cache's `cookieFor`).
      const remembered = addressLanguageCookie(url, req.headers.cookie, config.secureCookies);
      if (remembered) res.append("Set-Cookie", remembered);
      const staff = await preview.holds(req.headers.cookie);
      const draft = url.searchParams.get("stage") === "draft" && staff;
      // Most hits were answered before Express; a page some rate limit counts (/search) is looked
      // up here, once counted.
      const cacheable =
        pages.enabled && (req.method === "GET" || req.method === "HEAD") && cacheablePage(url);
      const key = cacheable
        ? pages.keyOf(locale, await services.contentVersion(), req.headers.host, req.originalUrl)
        : "";
      const hit = cacheable ? pages.get(key) : undefined;
      if (hit) {
        pages.send(req, res, hit, "hit", false);
        return;
      }
      const context: RequestContext = {
        services,
        locale,
        draft,
        staff,
        origin: config.publicOrigin,
        islandsScript,
        nonce: nonceOf(res),
        rateLimit: (_kind, recipient) => rateLimits.email(clientKey(req.ip), recipient),
      };
      const response = await handleRequest(
        toFetchRequest(req, res, isDecodable(req.originalUrl) ? undefined : "/bad-request"),
        context as unknown as AppLoadContext,
      );
      if (cacheable && req.method === "GET" && response.status === 200) {
        const body = Buffer.from(await response.arrayBuffer());
        const page = await pages.store(key, response.headers, body, context.nonce);
        if (page) {
          pages.send(req, res, page, "miss", false);
          return;
        }
        await sendFetchResponse(res, response, body);
        return;
      }
      // Drafts are for the editor who asked, never for a shared cache.
      if (draft) response.headers.set("Cache-Control", "private, no-store");
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Last resort: React Router renders its own error pages; this catches what escapes it.
  app.use((error: Error, req: Request, res: Response, _next: NextFunction) => {
    // A bad request (undecodable address, malformed or oversized body) is the client's, not ours.
    const status = clientErrorStatus(error);
    if (status && !res.headersSent) {
      refuse(req, res, status);
      return;
    }
    // The address is an argument, not part of the format: `%f` in it would be read as one.
    console.error("%s %s:", req.method, redactUrl(req.originalUrl), redactError(error));
    if (res.headersSent) {
      res.end();
      return;
    }
    const locale = requestLocale(new URL("http://x/"), req.headers.cookie);
    res.status(500).type("html").send(fallbackErrorPage(locale));
  });

  // Development: a saved content or workflow file is live at once (production reads them at start-up).
  const watchers: ReturnType<typeof watch>[] = [];
  const onChange = (dir: string, reload: () => Promise<unknown>) => {
    if (!config.dev || !existsSync(dir)) return;
    let timer: NodeJS.Timeout | undefined;
    watchers.push(
      watch(dir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void reload().catch((e) => console.error(`reload of ${dir}:`, e)), 200);
      }),
    );
  };
  onChange(config.contentDir, reloadContent);
  onChange(config.workflowsDir, async () => {
    await workflows.reload();
    await searchIndex.changed();
  });

  return {
    app,
    serving() {
      void priority.quiet(WARM_UP_QUIET_MS, WARM_UP_AT_MOST_MS).then(() => {
        markServing();
        void searchIndex.built();
      });
    },
    db,
    services,
    reloadContent,
    async close() {
      for (const w of watchers) w.close();
      await vite?.close();
      workflows.close();
      backOfficePurge.stop();
      // The dashboard's counts kept in memory (src/back-office/metric-buffer.ts), while the database is open.
      await backOffice.close();
      payments.stop();
      await outbox.stop();
      await rateLimits.close();
      await db.close();
    },
  };
}

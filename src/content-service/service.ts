import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import express, { type NextFunction, type Request, type Response, type Router } from "express";
import type { GraphQLSchema } from "graphql";
import type { YogaServerInstance } from "graphql-yoga";
import { type InProcessFetch, inProcessGraphql } from "./in-process";
import type { ContentContext } from "./resolvers";
import { contentSchema } from "./schema";
import type { ContentStore } from "./store";

/** Largest /graphql request body: the largest site query is under 2 KB with its variables. */
export const CONTENT_MAX_BODY_BYTES = 16 * 1024;

export interface ContentServiceOptions {
  store: ContentStore;
  /** The draft credential this server holds; requests present it as `Authorization: Bearer …`. */
  draftToken: string;
  now?: () => Date;
  /** Answer `__schema` and `__type` queries (for development tools). Default false. */
  introspection?: boolean;
}

export function hasDraftCredential(header: string | null, draftToken: string): boolean {
  const presented = /^Bearer (.+)$/.exec(header ?? "")?.[1];
  if (!presented || !draftToken) return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(draftToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The public endpoint's GraphQL server (graphql-yoga). */
type PublicServer = YogaServerInstance<object, ContentContext>;

/** The public endpoint: graphql-yoga with the query limits (query-limits.ts), on the given schema. */
async function createPublicServer(
  schema: GraphQLSchema,
  context: (authorization: string | null) => Promise<ContentContext>,
  introspection: boolean,
): Promise<PublicServer> {
  const [{ createYoga }, { armorPlugin, fanOutLimitPlugin, noIntrospectionPlugin }] = await Promise.all([
    import("graphql-yoga"),
    import("./query-limits"),
  ]);
  return createYoga<object, ContentContext>({
    schema,
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    // The site calls /graphql in-process or from its own origin: no cross-origin access at all.
    cors: false,
    // Errors never leak internals: unexpected errors are masked, even when NODE_ENV=development
    // (yoga would otherwise add the original message and stack). in-process.ts masks the same way.
    maskedErrors: { isDev: false },
    plugins: [
      // Limits per operation (query-limits.ts); the site's own queries stay well within them.
      armorPlugin(),
      fanOutLimitPlugin(),
      ...(introspection ? [] : [noIntrospectionPlugin]),
    ],
    context: ({ request }) => context(request.headers.get("authorization")),
    logging: false,
  });
}

/**
 * The embedded content service (SPEC §7.2), one schema answering two ways (issue 17):
 * - `inProcessFetch`, for the site's own queries (graphql-request's fetch): graphql's execute
 *   directly, without graphql-yoga (in-process.ts);
 * - `fetch`, the public GraphQL-over-HTTP endpoint at /graphql: graphql-yoga with its limits,
 *   loaded and created at its first request, so that a server start does not load it.
 */
export function createContentService({
  store,
  draftToken,
  now = () => new Date(),
  introspection = false,
}: ContentServiceOptions) {
  const schema = contentSchema();
  const context = async (authorization: string | null): Promise<ContentContext> => ({
    snapshot: await store.snapshot(),
    draftAllowed: hasDraftCredential(authorization, draftToken),
    includeDrafts: false,
    now: now(),
  });
  let publicServer: Promise<PublicServer> | undefined;
  const publicFetch = async (url: string, init: RequestInit = {}): Promise<globalThis.Response> => {
    if (!publicServer) {
      const created = createPublicServer(schema, context, introspection);
      // A failed import is tried again at the next request rather than remembered.
      created.catch(() => {
        if (publicServer === created) publicServer = undefined;
      });
      publicServer = created;
    }
    return (await publicServer).fetch(url, init);
  };
  const inProcessFetch: InProcessFetch = inProcessGraphql({ schema, context });
  return { schema, fetch: publicFetch, inProcessFetch };
}
export type ContentService = ReturnType<typeof createContentService>;

/** The GraphQL-over-HTTP error shape, with nothing of the server's internals in it. */
function sendError(res: Response, status: number, message: string): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res
    .status(status)
    .type("application/json")
    .send(JSON.stringify({ errors: [{ message }] }));
}

/** The request's headers minus those about the connection and the body framing, which was read already. */
const DROPPED_HEADERS = new Set(["host", "connection", "keep-alive", "transfer-encoding", "content-length"]);

function fetchHeaders(headers: IncomingHttpHeaders): [string, string][] {
  const result: [string, string][] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_HEADERS.has(name)) continue;
    for (const v of Array.isArray(value) ? value : [value]) result.push([name, v]);
  }
  return result;
}

/** What the endpoint needs of the service: the public server's fetch handler (yoga's). */
export interface FetchHandler {
  fetch(url: string, init: RequestInit): globalThis.Response | Promise<globalThis.Response>;
}

export interface ContentEndpointOptions {
  maxBodyBytes?: number;
  log?: (message: string, error: unknown) => void;
}

/**
 * The content service over HTTP, for Express to mount at /graphql. The request is rebuilt on a
 * fixed internal origin instead of handing Node's request to yoga, whose adapter builds the URL from
 * the `Host` header and answers an unparsable one with a stack trace. The body is read with a cap
 * (an oversized body is read off and answered 413, so a keep-alive connection stays usable), and
 * whatever fails answers a JSON error without internals.
 */
export function contentServiceEndpoint(
  service: FetchHandler,
  { maxBodyBytes = CONTENT_MAX_BODY_BYTES, log = console.error }: ContentEndpointOptions = {},
): Router {
  const router = express.Router();
  // inflate: false: the site never compresses its queries; an encoded body is refused with 415.
  router.use(express.raw({ type: () => true, limit: maxBodyBytes, inflate: false }));
  router.use(async (req: Request, res: Response) => {
    const abort = new AbortController();
    res.once("close", () => abort.abort());
    try {
      // a copy (at most maxBodyBytes) as the Uint8Array fetch's types want
      const body = Buffer.isBuffer(req.body) && req.body.length > 0 ? Uint8Array.from(req.body) : undefined;
      const url = new URL(req.originalUrl, "http://content.internal");
      const response = await service.fetch(url.href, {
        method: req.method,
        headers: fetchHeaders(req.headers),
        signal: abort.signal,
        ...(body && req.method !== "GET" && req.method !== "HEAD" ? { body } : {}),
      });
      const payload = Buffer.from(await response.arrayBuffer());
      res.status(response.status);
      for (const [name, value] of response.headers) {
        if (name !== "content-length") res.setHeader(name, value);
      }
      res.end(payload);
    } catch (error) {
      if (abort.signal.aborted) return;
      log("graphql endpoint error", error);
      sendError(res, 500, "Unexpected error.");
    }
  });
  router.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: unknown } | null)?.status;
    if (status === 413) return sendError(res, 413, `Request body larger than ${maxBodyBytes} bytes`);
    if (status === 415) return sendError(res, 415, "Compressed request bodies are not accepted");
    if (typeof status === "number" && status >= 400 && status < 500)
      return sendError(res, 400, "Malformed request");
    log("graphql endpoint error", error);
    sendError(res, 500, "Unexpected error.");
  });
  return router;
}

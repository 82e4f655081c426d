import { ClientError, GraphQLClient } from "graphql-request";

/**
 * The content client (SPEC §7.2, §8). Same-origin `/graphql` by default; optional headers, a
 * custom fetch (the server passes the in-process content service: no network hop) and a
 * per-request hook. It fails loudly on a status of 300 or more, a body that is not JSON, a
 * response with neither data nor errors, and any GraphQL error.
 */
export interface ContentOperation {
  query: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  extensions?: Record<string, unknown>;
  /** Per-request options: extra headers (e.g. the draft credential). */
  context?: { headers?: Record<string, string> };
}

const OPERATION_KEYS = new Set(["query", "operationName", "variables", "extensions", "context"]);

export class ContentClientError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly errors?: ReadonlyArray<{ message: string }>,
  ) {
    super(message);
    this.name = "ContentClientError";
  }
}

export interface ContentClientOptions {
  endpoint?: string;
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Called before each request, e.g. to add tracing headers. */
  onRequest?: (request: { url: string; headers: Headers }) => void;
}

export interface ContentClient {
  request<T>(operation: ContentOperation): Promise<T>;
}

export function assertOperation(operation: object): asserts operation is ContentOperation {
  const extra = Object.keys(operation).filter((key) => !OPERATION_KEYS.has(key));
  if (extra.length > 0) throw new ContentClientError(`Invalid operation key(s): ${extra.join(", ")}`);
  if (typeof (operation as { query?: unknown }).query !== "string") {
    throw new ContentClientError("An operation needs a query");
  }
}

export function createContentClient(options: ContentClientOptions = {}): ContentClient {
  const baseFetch = options.fetch ?? globalThis.fetch;

  const checkedFetch: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    options.onRequest?.({ url: String(input instanceof Request ? input.url : input), headers });
    const response = await baseFetch(input, { ...init, headers });
    if (response.status >= 300) {
      throw new ContentClientError(`Content service answered ${response.status}`, response.status);
    }
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ContentClientError("Content service answered with a body that is not JSON", response.status);
    }
    if (!body || typeof body !== "object" || (!("data" in body) && !("errors" in body))) {
      throw new ContentClientError("Content service answered with neither data nor errors", response.status);
    }
    return new Response(text, { status: response.status, headers: { "content-type": "application/json" } });
  };

  const endpoint = options.endpoint ?? "/graphql";
  const client = new GraphQLClient(endpoint, {
    fetch: checkedFetch,
    headers: options.headers,
    credentials: "same-origin",
    method: "POST",
  });

  return {
    async request<T>(operation: ContentOperation): Promise<T> {
      assertOperation(operation);
      try {
        const result = await client.rawRequest<T>({
          query: operation.query,
          variables: operation.variables,
          requestHeaders: operation.context?.headers,
        });
        if (result.errors?.length) {
          throw new ContentClientError(
            result.errors[0]?.message ?? "GraphQL error",
            result.status,
            result.errors,
          );
        }
        return result.data;
      } catch (error) {
        if (error instanceof ContentClientError) throw error;
        if (error instanceof ClientError) {
          throw new ContentClientError(
            error.response.errors?.[0]?.message ?? "GraphQL error",
            error.response.status,
            error.response.errors,
          );
        }
        throw new ContentClientError((error as Error).message);
      }
    },
  };
}

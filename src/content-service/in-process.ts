import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  getOperationAST,
  parse,
  validate,
} from "graphql";

/**
 * The site's own content queries, answered in-process by graphql's parse/validate/execute on the
 * content service's schema, without graphql-yoga (issue 17): a fetch function for graphql-request
 * (src/content/client.ts), answering as the public /graphql endpoint would — the same context, the
 * same error masking, the same status codes.
 *
 * No query limits here (query-limits.ts; armor, fan-out, no introspection): only the site's fixed
 * queries (src/content/queries.ts) come through this function, never a request from outside, and
 * query-limits.test.ts and tests/integration/content-service.test.ts (which runs them through yoga
 * too) keep those within the limits the public endpoint applies.
 */
export type InProcessFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface InProcessOptions<C> {
  schema: GraphQLSchema;
  /** The context of one request, from its Authorization header (as the public endpoint builds it). */
  context: (authorization: string | null) => Promise<C>;
  /** Parsed and validated documents kept, by query text: the site's queries are a fixed dozen. */
  maxDocuments?: number;
}

/** graphql-yoga's masked message (maskedErrors' default errorMessage), for errors that are not GraphQL errors. */
export const UNEXPECTED_ERROR = "Unexpected error.";

/** A GraphQL error raised on purpose (by a resolver or graphql itself), which yoga shows as it is. */
function isOriginalGraphQLError(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  return error.originalError == null || isOriginalGraphQLError(error.originalError);
}

/** As yoga's maskError with isDev false: the location and path are kept, nothing of the cause. */
function maskError(error: unknown): GraphQLError {
  if (isOriginalGraphQLError(error)) return error as GraphQLError;
  if (!(error instanceof GraphQLError)) {
    return new GraphQLError(UNEXPECTED_ERROR, {
      extensions: { code: "INTERNAL_SERVER_ERROR", unexpected: true },
    });
  }
  const http = error.extensions?.http;
  return new GraphQLError(UNEXPECTED_ERROR, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code: "INTERNAL_SERVER_ERROR", unexpected: true, ...(http ? { http } : {}) },
  });
}

interface HttpExtension {
  status?: number;
  headers?: Record<string, string>;
}

/** As yoga's getResponseInitByRespectingErrors for a client that accepts application/graphql-response+json. */
function statusOf(result: ExecutionResult): number {
  if (!result.errors?.length) return 200;
  let status: number | undefined;
  let unexpected = false;
  for (const error of result.errors) {
    const http = error.extensions?.http as HttpExtension | undefined;
    if (http) {
      if (http.status && (!status || http.status > status)) status = http.status;
    } else if (!isOriginalGraphQLError(error) || error.extensions?.unexpected) {
      unexpected = true;
    }
  }
  return status ?? (unexpected && !("data" in result) ? 500 : 200);
}

/** As yoga serialises an error: without the `http` and `unexpected` extensions, which are its own. */
function publicError(error: GraphQLError): GraphQLFormattedError {
  const { http: _http, unexpected: _unexpected, ...extensions } = error.extensions ?? {};
  const { extensions: _all, ...json } = error.toJSON();
  return Object.keys(extensions).length > 0 ? { ...json, extensions } : json;
}

function answer(result: ExecutionResult, status = statusOf(result)): Response {
  const body = result.errors?.length ? { ...result, errors: result.errors.map(publicError) } : result;
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/graphql-response+json; charset=utf-8" },
  });
}

/** A request the function cannot read: 400, as the endpoint answers a malformed request. */
function malformed(message: string): Response {
  return answer({ errors: [new GraphQLError(message, { extensions: { http: { status: 400 } } })] });
}

/** The error with the code yoga gives a query it cannot parse or validate (the status is 400 all the same). */
function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    extensions: { code, ...error.extensions },
  });
}

interface Params {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

function paramsOf(text: string): Params | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "POST body sent invalid JSON.";
  }
  if (!body || typeof body !== "object" || Array.isArray(body))
    return "POST body is expected to be an object.";
  const { query, variables, operationName } = body as Record<string, unknown>;
  if (typeof query !== "string") return "Must provide query string.";
  if (variables != null && (typeof variables !== "object" || Array.isArray(variables))) {
    return "Invalid variables: expected an object.";
  }
  if (operationName != null && typeof operationName !== "string") return "Invalid operationName.";
  return {
    query,
    ...(variables ? { variables: variables as Record<string, unknown> } : {}),
    ...(operationName ? { operationName } : {}),
  };
}

export function inProcessGraphql<C>({
  schema,
  context,
  maxDocuments = 64,
}: InProcessOptions<C>): InProcessFetch {
  const documents = new Map<string, DocumentNode>();

  /** The query parsed and validated, from the cache when it was seen before; or why it is refused. */
  const documentOf = (query: string): DocumentNode | readonly GraphQLError[] => {
    const cached = documents.get(query);
    if (cached) return cached;
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return [error instanceof GraphQLError ? withCode(error, "GRAPHQL_PARSE_FAILED") : maskError(error)];
    }
    const errors = validate(schema, document);
    if (errors.length > 0) return errors.map((error) => withCode(error, "GRAPHQL_VALIDATION_FAILED"));
    // Bounded: a query built from outside input cannot grow it without limit.
    if (documents.size >= maxDocuments) documents.delete(documents.keys().next().value as string);
    documents.set(query, document);
    return document;
  };

  return async (input, init) => {
    try {
      const request = input instanceof Request ? input : undefined;
      const headers = new Headers(init?.headers ?? request?.headers);
      const text =
        typeof init?.body === "string" ? init.body : await new Request(request ?? String(input), init).text();
      const params = paramsOf(text);
      if (typeof params === "string") return malformed(params);
      const document = documentOf(params.query);
      if (!("kind" in document)) {
        // As yoga: parse and validation errors are the client's, answered 400 without data.
        return answer({ errors: document }, 400);
      }
      if (!getOperationAST(document, params.operationName)) {
        return answer(
          {
            errors: [
              new GraphQLError("Could not determine what operation to execute.", {
                extensions: { code: "OPERATION_RESOLUTION_FAILURE" },
              }),
            ],
          },
          400,
        );
      }
      const result = await execute({
        schema,
        document,
        variableValues: params.variables,
        operationName: params.operationName,
        contextValue: await context(headers.get("authorization")),
      });
      return answer(result.errors?.length ? { ...result, errors: result.errors.map(maskError) } : result);
    } catch (error) {
      // e.g. the content store failing while the context is built: masked, 500 (no data).
      return answer({ errors: [maskError(error)] });
    }
  };
}

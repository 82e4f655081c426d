/**
 * The subset of Algolia's search REST API that algoliasearch v5 uses, answered by the embedded
 * engine, so the site's search client runs unchanged against Algolia or against its own process.
 * Framework-free: the web server mounts `handleAlgoliaRequest` under SEARCH_API_PREFIX, reading each
 * body with the bound `bodyLimit` gives. A body may come compressed (gzip, deflate) or already
 * decompressed by the server (then without its Content-Encoding header); it is decompressed once.
 *
 * Read (public, any API key):
 *   POST /1/indexes/{indexName}/query        one query
 *   POST /1/indexes/* /queries                several queries ({ requests: [{ indexName, ... }] })
 * Write (only with the admin key given to the handler, sent as x-algolia-api-key):
 *   POST /1/indexes/{indexName}/batch        addObject, updateObject, deleteObject, clear, delete
 *   POST /1/indexes/{indexName}/clear
 *   POST /1/indexes/{indexName}/operation    copy, move (used by replaceAllObjects)
 *   GET/PUT /1/indexes/{indexName}/settings  stored, not used: ranking is the engine's configuration
 *   POST /1/indexes/{indexName}/synonyms/batch  accepted, not used: synonyms come from the synonyms file
 *   GET  /1/indexes/{indexName}/task/{taskID}   every task is published at once
 *   DELETE /1/indexes/{indexName}
 */
import { timingSafeEqual } from "node:crypto";
import { gunzipSync, inflateSync } from "node:zlib";
import { ParamsError, readSearchParams } from "./algolia-params";
import { type EngineResult, IndexNotFoundError, type SearchEngine } from "./engine";
import { FilterSyntaxError } from "./filters";
import { coerceRecord, type SearchRecord } from "./records";

/** Where the web server mounts the handler; the search client's embedded host points here. */
export const SEARCH_API_PREFIX = "/search-api";

export type RequestHeaders = Record<string, string | string[] | undefined>;

export interface AlgoliaHttpResponse {
  status: number;
  body: unknown;
}

export interface AlgoliaHandlerOptions {
  /** Key that allows writes (the indexer's push). Without one, every write is refused. */
  adminApiKey?: string | null;
  /** Largest request body, decompressed, in bytes, for anyone (searches). */
  maxQueryBodyBytes?: number;
  /** Largest request body, decompressed, in bytes, for requests carrying the admin key (writes). */
  maxWriteBodyBytes?: number;
  /** Most queries in one multi-query request. */
  maxQueries?: number;
}

/**
 * Searches: the site's client sends well under 1 KB per query, and a multi-query holds at most
 * DEFAULT_MAX_QUERIES of them.
 */
export const DEFAULT_MAX_QUERY_BODY = 64 * 1024;
/**
 * Writes come over HTTP only from `npm run index -- --target algolia --host <site>/search-api`
 * (src/search-service/cli.ts), which sends batches of 500 records (indexer.ts). A record is about
 * 3 KB today; Algolia itself caps a record at 10 KB on its base plan, so 500 of them are 5 MB: twice
 * that leaves room for JSON and longer content. Only requests with the admin key get this limit.
 */
export const DEFAULT_MAX_WRITE_BODY = 10 * 1024 * 1024;
/**
 * Algolia's parameters and records nest a few levels (facetFilters: two). Anything much deeper is
 * an attempt on the recursion of the code that reads it, and is refused before it is read.
 */
export const MAX_JSON_DEPTH = 32;
const DEFAULT_MAX_QUERIES = 50;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function header(headers: RequestHeaders | undefined, name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The body as sent, decompressed once, to at most maxBytes (so a small bomb cannot grow large). */
function decompress(bytes: Uint8Array, encoding: string, maxBytes: number): Uint8Array {
  const name = encoding.trim().toLowerCase();
  if (name === "" || name === "identity") return bytes;
  const inflate = name === "gzip" || name === "x-gzip" ? gunzipSync : name === "deflate" ? inflateSync : null;
  if (!inflate) throw new HttpError(415, "Unsupported content encoding");
  try {
    return inflate(bytes, { maxOutputLength: maxBytes });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE")
      throw new HttpError(413, "Request body too large");
    throw new HttpError(400, `Invalid ${name} body`);
  }
}

/** True when objects and arrays nest deeper than max (walked without recursion). */
function nestedDeeperThan(value: unknown, max: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop() as [unknown, number];
    if (item === null || typeof item !== "object") continue;
    if (depth > max) return true;
    for (const child of Object.values(item)) {
      if (child !== null && typeof child === "object") pending.push([child, depth + 1]);
    }
  }
  return false;
}

function decodeBody(body: unknown, headers: RequestHeaders | undefined, maxBytes: number): unknown {
  if (body === undefined || body === null) return {};
  let value: unknown = body;
  if (typeof body === "string" || body instanceof Uint8Array) {
    const bytes =
      typeof body === "string"
        ? Buffer.from(body, "utf8")
        : decompress(body, header(headers, "content-encoding") ?? "", maxBytes);
    if (bytes.byteLength > maxBytes) throw new HttpError(413, "Request body too large");
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
    if (text.trim() === "") return {};
    try {
      value = JSON.parse(text);
    } catch {
      throw new HttpError(400, "Invalid JSON body");
    }
  }
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw new HttpError(400, "JSON body nested too deeply");
  return value;
}

function splitPath(path: string): string[] {
  let clean = (path.split("?")[0] ?? "").replace(/\/+$/, "");
  if (clean.startsWith(SEARCH_API_PREFIX)) clean = clean.slice(SEARCH_API_PREFIX.length);
  return clean
    .split("/")
    .filter((segment) => segment !== "")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw new HttpError(400, "Malformed path");
      }
    });
}

function queryParam(path: string, name: string): string | undefined {
  const query = path.split("?")[1];
  return query ? (new URLSearchParams(query).get(name) ?? undefined) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === "object" && !Array.isArray(value);
}

export class AlgoliaCompatibleHandler {
  private taskCounter = 0;
  private readonly maxQueryBodyBytes: number;
  private readonly maxWriteBodyBytes: number;
  private readonly maxQueries: number;

  constructor(
    private readonly engine: SearchEngine,
    private readonly options: AlgoliaHandlerOptions = {},
  ) {
    this.maxQueryBodyBytes = options.maxQueryBodyBytes ?? DEFAULT_MAX_QUERY_BODY;
    this.maxWriteBodyBytes = options.maxWriteBodyBytes ?? DEFAULT_MAX_WRITE_BODY;
    this.maxQueries = options.maxQueries ?? DEFAULT_MAX_QUERIES;
  }

  /**
   * The largest body this request may send, decompressed: the write limit for the admin key's
   * holder, the search limit for everyone else. Servers read the body with this bound before calling
   * the handler, so nobody without the key can make the process hold megabytes.
   */
  bodyLimit = (path: string, headers?: RequestHeaders): number =>
    this.isAdmin(path, headers) ? this.maxWriteBodyBytes : this.maxQueryBodyBytes;

  /** Answers one request; never throws: failures become Algolia-shaped error bodies. */
  handleAlgoliaRequest = async (
    method: string,
    path: string,
    body?: unknown,
    headers?: RequestHeaders,
  ): Promise<AlgoliaHttpResponse> => {
    try {
      return await this.route(method.toUpperCase(), path, body, headers);
    } catch (error) {
      if (error instanceof HttpError) return this.error(error.status, error.message);
      if (error instanceof ParamsError || error instanceof FilterSyntaxError)
        return this.error(400, error.message);
      if (error instanceof IndexNotFoundError) return this.error(404, "Index does not exist");
      console.error("search backend error", error);
      return this.error(500, "Internal error");
    }
  };

  private error(status: number, message: string): AlgoliaHttpResponse {
    return { status, body: { message, status } };
  }

  private nextTask(): { taskID: number; updatedAt: string } {
    this.taskCounter += 1;
    return { taskID: this.taskCounter, updatedAt: new Date().toISOString() };
  }

  private isAdmin(path: string, headers: RequestHeaders | undefined): boolean {
    const expected = this.options.adminApiKey;
    const given = header(headers, "x-algolia-api-key") ?? queryParam(path, "x-algolia-api-key");
    return !!expected && !!given && sameSecret(given, expected);
  }

  private requireAdmin(path: string, headers: RequestHeaders | undefined): void {
    if (!this.isAdmin(path, headers)) throw new HttpError(403, "Method not allowed with this API key");
  }

  private async route(
    method: string,
    path: string,
    rawBody: unknown,
    headers: RequestHeaders | undefined,
  ): Promise<AlgoliaHttpResponse> {
    const segments = splitPath(path);
    if (segments[0] !== "1" || segments[1] !== "indexes" || segments.length < 3) {
      throw new HttpError(404, "Path not found");
    }
    const indexName = segments[2] as string;
    const action = segments.slice(3).join("/");
    const maxBodyBytes = this.bodyLimit(path, headers);

    if (method === "POST" && indexName === "*" && action === "queries") {
      return this.multiQuery(decodeBody(rawBody, headers, maxBodyBytes));
    }
    if (indexName === "*" || indexName.length > 256) throw new HttpError(404, "Path not found");
    if (method === "POST" && action === "query") {
      return {
        status: 200,
        body: await this.query(indexName, decodeBody(rawBody, headers, maxBodyBytes)),
      };
    }

    // everything below changes or reveals the index configuration: admin key only
    const known =
      (method === "POST" && ["batch", "clear", "operation", "synonyms/batch"].includes(action)) ||
      ((method === "GET" || method === "PUT") && action === "settings") ||
      (method === "GET" && /^task\/\d+$/.test(action)) ||
      (method === "DELETE" && action === "");
    if (!known) throw new HttpError(404, "Path not found");
    this.requireAdmin(path, headers);
    const body = method === "GET" || method === "DELETE" ? {} : decodeBody(rawBody, headers, maxBodyBytes);

    switch (action) {
      case "batch":
        return { status: 200, body: await this.batch(indexName, body) };
      case "clear":
        this.engine.index(indexName, true).clear();
        return { status: 200, body: this.nextTask() };
      case "operation":
        return { status: 200, body: await this.operation(indexName, body) };
      case "synonyms/batch":
        this.engine.index(indexName, true);
        return { status: 200, body: { ...this.nextTask(), id: String(this.taskCounter) } };
      case "settings": {
        const index = this.engine.index(indexName, method === "PUT");
        if (method === "GET") return { status: 200, body: index.settings };
        if (!isObject(body)) throw new HttpError(400, "Invalid settings");
        index.settings = { ...index.settings, ...body };
        return { status: 200, body: this.nextTask() };
      }
      case "":
        this.engine.delete(indexName);
        return { status: 200, body: { taskID: this.nextTask().taskID, deletedAt: new Date().toISOString() } };
      default:
        // task/{id}: the embedded engine applies every write before answering
        return { status: 200, body: { status: "published", pendingTask: false } };
    }
  }

  private async query(
    indexName: string,
    body: unknown,
  ): Promise<EngineResult & { query: string; params: string }> {
    const params = readSearchParams(body);
    const result = await this.engine.search(indexName, {
      query: params.query,
      filter: params.filter,
      ...(params.page !== undefined ? { page: params.page } : {}),
      ...(params.hitsPerPage !== undefined ? { hitsPerPage: params.hitsPerPage } : {}),
      ...(params.facets ? { facets: params.facets } : {}),
      ...(params.attributesToRetrieve ? { attributesToRetrieve: params.attributesToRetrieve } : {}),
    });
    return { ...result, query: params.query, params: params.echo };
  }

  private async multiQuery(body: unknown): Promise<AlgoliaHttpResponse> {
    if (!isObject(body) || !Array.isArray(body.requests)) {
      throw new HttpError(400, "Invalid request body: expected { requests: [...] }");
    }
    if (body.requests.length > this.maxQueries) throw new HttpError(400, "Too many queries");
    const results = [];
    for (const request of body.requests) {
      if (!isObject(request) || typeof request.indexName !== "string" || request.indexName === "") {
        throw new HttpError(400, "Each request needs an indexName");
      }
      if (request.type === "facet") throw new HttpError(400, "Facet queries are not supported");
      const { indexName, type: _type, ...params } = request;
      results.push({ ...(await this.query(indexName, params)), index: indexName });
    }
    return { status: 200, body: { results } };
  }

  private async batch(indexName: string, body: unknown): Promise<unknown> {
    if (!isObject(body) || !Array.isArray(body.requests)) {
      throw new HttpError(400, "Invalid request body: expected { requests: [...] }");
    }
    const index = this.engine.index(indexName, true);
    const objectIDs: string[] = [];
    let toSave: SearchRecord[] = [];
    let toDelete: string[] = [];
    const flush = async () => {
      if (toDelete.length > 0) await index.remove(toDelete);
      if (toSave.length > 0) await index.save(toSave);
      toSave = [];
      toDelete = [];
    };
    for (const request of body.requests) {
      if (!isObject(request) || typeof request.action !== "string")
        throw new HttpError(400, "Invalid batch request");
      const target = isObject(request.body) ? request.body : {};
      switch (request.action) {
        case "addObject":
        case "updateObject": {
          const record = coerceRecord(target);
          if (!record) throw new HttpError(400, "Each record needs an objectID and a known __typename");
          // keep the order of mixed writes: a later delete must see an earlier add
          if (toDelete.length > 0) await flush();
          toSave.push(record);
          objectIDs.push(record.objectID);
          break;
        }
        case "deleteObject": {
          if (typeof target.objectID !== "string") throw new HttpError(400, "deleteObject needs an objectID");
          if (toSave.length > 0) await flush();
          toDelete.push(target.objectID);
          objectIDs.push(target.objectID);
          break;
        }
        case "clear":
        case "delete":
          await flush();
          index.clear();
          break;
        default:
          throw new HttpError(400, `Unsupported batch action: ${request.action}`);
      }
    }
    await flush();
    return { taskID: this.nextTask().taskID, objectIDs };
  }

  private async operation(indexName: string, body: unknown): Promise<unknown> {
    if (!isObject(body) || (body.operation !== "copy" && body.operation !== "move")) {
      throw new HttpError(400, "operation must be copy or move");
    }
    if (typeof body.destination !== "string" || body.destination === "") {
      throw new HttpError(400, "operation needs a destination");
    }
    const scope = Array.isArray(body.scope)
      ? body.scope.filter((s): s is string => typeof s === "string")
      : undefined;
    await this.engine.operation(indexName, body.destination, body.operation, scope);
    return this.nextTask();
  }
}

/** The handler as a plain function, for servers that only want to call one. */
export function createAlgoliaHandler(engine: SearchEngine, options: AlgoliaHandlerOptions = {}) {
  return new AlgoliaCompatibleHandler(engine, options).handleAlgoliaRequest;
}

import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Express } from "express";
import { limitClassOf } from "./rate-limits";
import { requestLocale } from "./request-locale";
import { cspNonce } from "./security-headers";

/**
 * An in-memory cache of whole rendered pages, for GET and HEAD requests to content pages, answered
 * before Express (issue 17: a cached page at the speed of a static file server).
 *
 * The key holds the language (from `?lang=` or the language cookie), the content version, the
 * host and the whole address, so editing content or switching language never serves a stale or
 * wrong page; entries also expire after `ttlMs`. Bounded in entries and bytes (least recently
 * used goes first) so a crawler cannot grow it without limit.
 *
 * Each page is stored once with its gzip and brotli bodies and a strong ETag per encoding, so an
 * answer is a lookup and one write: no compression, no rendering, and a 304 to a browser that has
 * the page already. The answer carries the same headers the full stack sends (security headers
 * with a fresh nonce included), compared in tests/integration/page-cache.test.ts.
 */

/**
 * Which pages may be kept, by address: only pages that are the same for everyone who asks in a
 * language. The staff pages (/preview/...) answer differently with and without the preview
 * session, and drafts (`?stage=`) are for the editor who asked; an invoice's balance
 * (/payments/...) changes with every payment; each download of a bid packet (/bids/<number>/packet)
 * is recorded, and the bid list's statuses change at midnight; a parcel's page (/property/<parcel>)
 * shows its taxes due, which change with every payment; workflow screens are a resident's own
 * answers; the staff console and a resident's status are someone's own.
 */
export function cacheablePage(url: URL): boolean {
  return (
    !url.searchParams.has("stage") &&
    !/^\/(workflow|api|preview|bids|staff|request-status)\b/.test(url.pathname) &&
    !url.pathname.startsWith("/payments/") &&
    !url.pathname.startsWith("/property/")
  );
}

/**
 * A response is kept only when a shared cache may keep it (RFC 9111 §3): a page that says
 * `private` (one resident's search), `no-store` or `no-cache` is rendered for each request.
 */
const NOT_SHARED = /\b(private|no-store|no-cache)\b/i;

/** The compression middleware's threshold: below it the full stack sends a page uncompressed. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|xhtml\+xml)|image\/svg\+xml)/i;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
/**
 * Brotli quality 10, not 11: on the activity page 11 takes about twice as long (41 against 23 ms)
 * for 3 % fewer bytes (4,865 against 5,011; gzip -9 gives 5,866), and every page is compressed
 * again when its entry expires.
 */
const BROTLI_QUALITY = 10;

type Encoding = "identity" | "gzip" | "br";

interface Variant {
  body: Buffer;
  etag: string;
  /** The header fields of a 200, flat (name, value, …): the page's own, Vary, length, encoding, ETag. */
  fields: string[];
  /** The header fields of a 304: the same without the body's type, length and encoding. */
  notModified: string[];
}

export interface CachedPage {
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  bytes: number;
  storedAt: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  /** The security headers of every answer, for this answer's nonce (src/server/security-headers.ts). */
  securityFields: (nonce: string) => string[];
  /** The content version now (the store re-reads it from the database every few seconds). */
  contentVersion: () => Promise<string>;
  /**
   * A cookie an answer before Express sets for this request (the language an address names:
   * src/server/request-locale.ts `addressLanguageCookie`); later answers get it from Express.
   */
  cookieFor?: (url: URL, cookieHeader: string | undefined) => string | undefined;
}

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private version: string | undefined;
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;

  constructor(private readonly options: PageCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  }

  /** PAGE_CACHE_SECONDS=0 (and development) keep nothing. */
  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The key of a request. The host is in it because search results differ between the test and
   * production index (SPEC §7.1); it is the Host header's name, as the renderer sees it
   * (react-router-adapter.ts), which the host guard has checked before any page is stored. The
   * links in a page never depend on it (they come from config.publicOrigin).
   */
  keyOf(locale: string, version: string, host: string | undefined, url: string): string {
    // Pages of an older content version can never be asked for again: their memory is freed now.
    if (version !== this.version) {
      if (this.version !== undefined) this.clear();
      this.version = version;
    }
    return `${locale} ${version} ${hostnameOf(host)} ${url}`;
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (now - hit.storedAt > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Refresh its place in the LRU order.
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  /**
   * Keeps a rendered 200 page and returns the entry to answer with, or undefined when the page may
   * not be kept. `nonce` is the one the page was rendered with (see withoutNonce).
   */
  async store(
    key: string,
    headers: Headers,
    rendered: Buffer,
    nonce: string,
  ): Promise<CachedPage | undefined> {
    if (!this.enabled || headers.has("set-cookie")) return undefined;
    if (NOT_SHARED.test(headers.get("cache-control") ?? "")) return undefined;
    const body = withoutNonce(rendered, nonce);
    if (!body) return undefined;
    const own: string[] = [];
    let vary = "";
    for (const [name, value] of headers) {
      if (name === "vary") vary = value;
      else if (!OWN_FIELDS_DROPPED.has(name)) own.push(name, value);
    }
    const type = headers.get("content-type") ?? "";
    const compressible = COMPRESSIBLE.test(type);
    if (compressible && !/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
      vary = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
    if (vary) own.push("Vary", vary);
    // A 304 carries no body: its type goes too (RFC 9110 §15.4.5).
    const ownNotModified: string[] = [];
    for (let i = 0; i < own.length; i += 2)
      if (own[i] !== "content-type") ownNotModified.push(own[i]!, own[i + 1]!);
    // Strong ETags, one per encoding: each encoding is a different representation (RFC 9110 §8.8.3).
    const tag = createHash("sha256").update(body).digest("base64url").slice(0, 27);
    const variant = (encoded: Buffer, encoding: Encoding): Variant => {
      const etag = encoding === "identity" ? `"${tag}"` : `"${tag}-${encoding}"`;
      const encodingFields = encoding === "identity" ? [] : ["Content-Encoding", encoding];
      return {
        body: encoded,
        etag,
        fields: [...own, ...encodingFields, "Content-Length", String(encoded.length), "ETag", etag],
        notModified: [...ownNotModified, "ETag", etag],
      };
    };
    const page: CachedPage = {
      identity: variant(body, "identity"),
      bytes: body.length,
      storedAt: Date.now(),
    };
    if (compressible && body.length >= COMPRESS_FROM_BYTES) {
      // On libuv's thread pool: the event loop keeps answering while a page is compressed.
      const [gz, br] = await Promise.all([
        gzipAsync(body, { level: 9 }),
        brotliAsync(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      ]);
      page.gzip = variant(gz, "gzip");
      page.br = variant(br, "br");
      page.bytes += gz.length + br.length;
    }
    page.storedAt = Date.now();
    this.set(key, page);
    return page;
  }

  private set(key: string, page: CachedPage): void {
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += page.bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const page = this.entries.get(key);
    if (!page) return;
    this.bytes -= page.bytes;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * Answers with a stored page: the encoding the request accepts (brotli, gzip, or none), a 304
   * when its If-None-Match holds that encoding's ETag, headers only for HEAD. `early`: before
   * Express, so the security headers are sent here (with a fresh nonce, as Express's middleware
   * would); otherwise that middleware has set them already.
   */
  send(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    label: "hit" | "miss",
    early: boolean,
    cookie?: string,
  ): void {
    const variant = page[negotiate(req.headers["accept-encoding"])] ?? page.identity;
    const condition = req.headers["if-none-match"];
    const notModified = condition !== undefined && etagMatches(condition, variant.etag);
    const fields = notModified ? variant.notModified : variant.fields;
    const status = notModified ? 304 : 200;
    if (early) {
      const own = cookie ? ["set-cookie", cookie] : [];
      res.writeHead(status, [
        ...this.options.securityFields(cspNonce()),
        ...fields,
        ...own,
        "x-page-cache",
        label,
      ]);
    } else {
      for (let i = 0; i < fields.length; i += 2) res.setHeader(fields[i]!, fields[i + 1]!);
      res.setHeader("x-page-cache", label);
      res.statusCode = status;
    }
    res.end(notModified || req.method === "HEAD" ? undefined : variant.body);
  }

  /**
   * Answers a request from the cache before Express sees it, when it may: false when it is not
   * one (at once, for any method but GET and HEAD), else a promise of whether it was.
   * A request some rate limit counts (src/server/rate-limits.ts; /search among content pages) goes
   * through Express, whose middleware counts it first; so do those the cache may not answer.
   */
  answerEarly(req: IncomingMessage, res: ServerResponse): false | Promise<boolean> {
    if (!this.enabled || this.entries.size === 0) return false;
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const raw = req.url ?? "/";
    const query = raw.indexOf("?");
    if (limitClassOf(method, query === -1 ? raw : raw.slice(0, query)) !== undefined) return false;
    let url: URL;
    try {
      url = new URL(raw, "http://x");
    } catch {
      return false;
    }
    if (!cacheablePage(url)) return false;
    const locale = requestLocale(url, req.headers.cookie);
    const answer = (version: string) => {
      const page = this.get(this.keyOf(locale, version, req.headers.host, raw));
      if (!page) return false;
      this.send(req, res, page, "hit", true, this.options.cookieFor?.(url, req.headers.cookie));
      return true;
    };
    return this.options.contentVersion().then(answer);
  }
}

/**
 * Puts the page cache in front of an Express app: a hit is answered before Express sets up its
 * request and router. Express's per-request work alone (prototypes, router, middleware chain)
 * holds an answer to about a third of what node:http manages (8,000 against 28,000 req/s for
 * the same bytes, measured here). Express calls `app.handle` for every request (express.js
 * createApplication), in 4 and 5 alike.
 */
export function answerBeforeExpress(app: Express, pages: PageCache): void {
  const express = app as unknown as {
    handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
  };
  if (typeof express.handle !== "function") throw new Error("page cache: this Express has no app.handle");
  const handle = express.handle.bind(app);
  // Whatever goes wrong before an answer is sent (the content version cannot be read), the full
  // stack answers, or fails with its error page.
  const fallBack = (req: IncomingMessage, res: ServerResponse, next: unknown) => {
    if (!res.headersSent) handle(req, res, next);
  };
  express.handle = (req, res, next) => {
    let early: boolean | Promise<boolean>;
    try {
      early = pages.answerEarly(req, res);
    } catch {
      early = false;
    }
    if (early === false) {
      fallBack(req, res, next);
      return;
    }
    early.then(
      (answered) => {
        if (!answered) fallBack(req, res, next);
      },
      () => fallBack(req, res, next),
    );
  };
}

/** Header fields of a rendered page that the cache sets itself for each stored body. */
const OWN_FIELDS_DROPPED = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "etag",
  "x-page-cache",
]);

/**
 * The page as it may be kept. React Router writes the render's CSP nonce on the stylesheet link
 * too (`<link nonce=…>`), where the policy does not need it (styles are allowed from 'self'): it is
 * removed, so every render of a page is the same bytes with the same ETag, in every process. A page
 * with a script that carries the nonce (a hydrated page; React's streamed Suspense) needs its own
 * response's nonce, and is never kept.
 */
function withoutNonce(body: Buffer, nonce: string): Buffer | undefined {
  if (!nonce) return body;
  // latin1: one character per byte, so the bytes come back unchanged.
  const text = body.toString("latin1");
  if (!text.includes(nonce)) return body;
  if (/<script\b[^>]*\snonce=/i.test(text)) return undefined;
  const stripped = Buffer.from(text.replaceAll(` nonce="${nonce}"`, ""), "latin1");
  return stripped.includes(nonce) ? undefined : stripped;
}

/** `host` or `host:port` → the host name, lower case (IPv6 in brackets kept whole). */
function hostnameOf(host: string | undefined): string {
  if (!host) return "";
  const lower = host.toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  const colon = lower.indexOf(":");
  return colon === -1 ? lower : lower.slice(0, colon);
}

const negotiated = new Map<string, Encoding>();

/**
 * The encoding for an Accept-Encoding header, as the compression middleware chooses it: the
 * highest q of br and gzip, brotli on a tie, none when neither is accepted. Browsers send a handful
 * of distinct headers: each is worked out once.
 */
export function negotiate(header: string | undefined): Encoding {
  if (!header) return "identity";
  const known = negotiated.get(header);
  if (known) return known;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";");
    let q = 1;
    for (const param of params) {
      const [k = "", v = ""] = param.split("=");
      if (k.trim().toLowerCase() === "q") q = Number(v.trim()) || 0;
    }
    const coding = name.trim().toLowerCase();
    if (coding === "br") br = q;
    else if (coding === "gzip") gz = q;
    else if (coding === "*") any = q;
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gz ?? any ?? 0;
  const chosen: Encoding = brQ > 0 && brQ >= gzQ ? "br" : gzQ > 0 ? "gzip" : "identity";
  if (negotiated.size >= 100) negotiated.clear();
  negotiated.set(header, chosen);
  return chosen;
}

/** If-None-Match against an ETag, with the weak comparison RFC 9110 §13.1.2 asks for. */
function etagMatches(condition: string, etag: string): boolean {
  if (condition.trim() === "*") return true;
  for (const candidate of condition.split(",")) {
    const tag = candidate.trim();
    if ((tag.startsWith("W/") ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}

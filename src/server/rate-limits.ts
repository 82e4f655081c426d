import { createHash } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Redis } from "ioredis";
import ipaddr from "ipaddr.js";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { ConfigError } from "./config";
import { requestLocale } from "./request-locale";
import { tooManyRequestsMessage, tooManyRequestsPage } from "./too-many-requests-page";

/**
 * Per-client rate limits (issue 9 item 4): everywhere a stranger can cost the city money, mail or
 * CPU. Counted in memory by default, in Redis when REDIS_URL is set, so that every web process
 * shares one count (with an in-memory insurance limiter per process: a Redis outage neither takes
 * the site down nor opens the gates).
 *
 * Content pages are not limited here: they come from the page cache, and flooding them is the CDN's
 * or load balancer's job (docs/deploy.md).
 *
 * The numbers: a "client" is one IPv4 address or one IPv6 /64, and many residents may share one
 * (a library branch, city hall's public computers, a carrier's NAT). Each limit leaves room for
 * about thirty residents behind one address working at a brisk human pace, and stops a script
 * within seconds of it starting to flood.
 */
export interface Limit {
  points: number;
  seconds: number;
  /** After the limit is exceeded the client waits this long, not just until the window ends. */
  blockSeconds?: number;
}

export const LIMITS = {
  /**
   * POSTs on /workflow/* (starting a journey, answering, going back, saving): one per screen, a
   * brisk resident does 4 a minute; 30 residents behind one address, 120 a minute. A script posting
   * as fast as it can is stopped in seconds and then gets at most 2 a second through.
   */
  workflow: { points: 1200, seconds: 600 },
  /** The search results page: a resident searches a few times a minute; search costs CPU. */
  search: { points: 600, seconds: 300 },
  /** Quick results (/api/v1/search): debounced to one request per pause in typing. */
  typeahead: { points: 300, seconds: 60 },
  /** Address suggestions (/api/v1/addresses): debounced like quick results, one per pause in typing. */
  addresses: { points: 300, seconds: 60 },
  /** The Algolia-compatible API (/search-api): for other systems; the site's pages search in-process. */
  "search-api": { points: 300, seconds: 60 },
  /** /graphql: the site's own pages query it in-process; from outside it is for integrators. */
  graphql: { points: 120, seconds: 60 },
  /** /preview?token=: an editor opens a preview link a few times a day; a guesser must not get far. */
  preview: { points: 30, seconds: 600, blockSeconds: 1800 },
  /** Save-and-return links (/workflow/<name>/resume/<token>): opened once, perhaps twice. */
  resume: { points: 60, seconds: 600, blockSeconds: 1800 },
  /**
   * Staff sign-in (POST /staff/login; through the identity provider, its callback): a person
   * mistypes a password a few times a day; each account also locks after 5 wrong ones
   * (src/back-office/accounts.ts). This stops one client trying many accounts.
   */
  "staff-login": { points: 20, seconds: 600, blockSeconds: 1800 },
  /**
   * A resident's status lookup (POST /request-status): a reference with their e-mail or parcel.
   * A few tries each; a client guessing references is stopped long before it finds one.
   */
  "request-status": { points: 30, seconds: 600, blockSeconds: 1800 },
  /**
   * The workflow page's beacon of fields the browser refused (/api/v1/metrics): at most one per
   * press of Continue; a client sending more is only adding noise to a dashboard.
   */
  metrics: { points: 120, seconds: 60 },
  /** Payments (/api/v1/payments, when they exist): a resident pays once, maybe retries a card. */
  payments: { points: 30, seconds: 3600 },
  /** E-mailed save-and-return links per client: one or two per journey. */
  email: { points: 20, seconds: 3600 },
  /** …per recipient address: nobody's inbox is flooded, whoever asks. */
  "email-recipient": { points: 5, seconds: 3600 },
  /** …for the whole site: the city's mail relay and its sender reputation. */
  "email-all": { points: 500, seconds: 3600 },
} satisfies Record<string, Limit>;

export type LimitClass = keyof typeof LIMITS;

/** Classes counted by the middleware from the request alone (e-mail is checked by its route). */
export type RequestLimitClass = Exclude<LimitClass, "email" | "email-recipient" | "email-all">;

export interface RateLimitDecision {
  allowed: boolean;
  /** Whole seconds until the client may try again (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * The client a request is counted against: its address as express reports it (`req.ip`, which
 * believes X-Forwarded-For only from the proxies `trust proxy` names), with IPv6 grouped by /64,
 * since one home or phone is given a whole /64 and can pick any address in it.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return "unknown";
  const address = ipaddr.parse(ip);
  if (address.kind() === "ipv4") return address.toString();
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(":")}::/64`;
}

/** The path as routers match it: decoded, lower case, no repeated or trailing slash. */
function normalPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // a malformed escape: matched as sent (the router answers 400 anyway)
  }
  const collapsed = decoded.toLowerCase().replace(/\/{2,}/g, "/");
  return collapsed.length > 1 ? collapsed.replace(/\/$/, "") : collapsed;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** Which limit a request counts against, if any. */
export function limitClassOf(method: string, rawPath: string): RequestLimitClass | undefined {
  const m = method.toUpperCase();
  if (m === "OPTIONS") return undefined;
  const path = normalPath(rawPath);
  if (under(path, "/workflow")) {
    if (/^\/workflow\/[^/]+\/resume\/[^/]+$/.test(path)) return "resume";
    // Journeys are created by POSTs; the start address GET /workflow/<name> is counted with them,
    // so a bot crawling service starts is slowed like one posting to them.
    if (m === "POST" || /^\/workflow\/[^/]+$/.test(path)) return "workflow";
    return undefined;
  }
  if (path === "/search") return "search";
  if (under(path, "/api/v1/search")) return "typeahead";
  if (under(path, "/api/v1/addresses")) return "addresses";
  if (under(path, "/api/v1/payments")) return "payments";
  if (under(path, "/api/v1/metrics")) return "metrics";
  if (under(path, "/search-api")) return "search-api";
  if (under(path, "/graphql")) return "graphql";
  if (path === "/preview") return "preview";
  if (m === "POST" && path === "/staff/login") return "staff-login";
  // A sign-in through the identity provider counts once, when the provider sends the browser back
  // (each such callback may cost the site requests to the provider).
  if (path === "/staff/login/callback") return "staff-login";
  if (m === "POST" && path === "/request-status") return "request-status";
  return undefined;
}

/** Routes answered in JSON: their refusal is JSON too. */
export function isApiPath(rawPath: string): boolean {
  const path = normalPath(rawPath);
  return under(path, "/api") || under(path, "/search-api") || under(path, "/graphql");
}

export interface RateLimitSettings {
  /** Multiplies every limit (tests and the bench raise them; 1 in production). */
  scale: number;
  /** Redis keys start with this (several sites, or test runs, may share one Redis). */
  keyPrefix: string;
}

/** RATE_LIMIT_SCALE (default 1) and RATE_LIMIT_PREFIX (default `cedarport:rate`). */
export function readRateLimitSettings(
  env: Record<string, string | undefined> = process.env,
): RateLimitSettings {
  const scale = env.RATE_LIMIT_SCALE ? Number(env.RATE_LIMIT_SCALE) : 1;
  if (!Number.isFinite(scale) || scale <= 0)
    throw new ConfigError(`RATE_LIMIT_SCALE must be a positive number, got ${env.RATE_LIMIT_SCALE}`);
  return { scale, keyPrefix: env.RATE_LIMIT_PREFIX || "cedarport:rate" };
}

export interface RateLimits {
  /** Counts and refuses the requests `limitClassOf` names; mount before the routes it guards. */
  middleware: RequestHandler;
  /** Counts one request of `cls` for `client` (a `clientKey`). */
  consume(cls: LimitClass, client: string): Promise<RateLimitDecision>;
  /** One save-and-return e-mail: per client, per recipient and for the whole site. */
  email(client: string, recipient: string | undefined): Promise<RateLimitDecision>;
  close(): Promise<void>;
}

export interface RateLimitOptions extends Partial<RateLimitSettings> {
  /** `redis://…`: counts shared by every web process; unset: this process's memory. */
  redisUrl?: string | undefined;
  /** How long start-up waits for Redis before counting in memory meanwhile. */
  connectTimeoutMs?: number;
}

const ALLOWED: RateLimitDecision = { allowed: true, retryAfterSeconds: 0 };

/** Recipients are counted by a hash: Redis never holds residents' addresses. */
const recipientKey = (address: string) =>
  createHash("sha256").update(address.trim().toLowerCase()).digest("hex").slice(0, 32);

async function connectRedis(url: string, timeoutMs: number): Promise<Redis> {
  // Loaded only when REDIS_URL is set: ioredis is a tenth of a second of every start-up otherwise.
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    // Fail fast while Redis is away (the insurance limiter answers), never queue or hang a request.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 500, 5000),
  });
  // The URL may hold a password: never logged.
  let down = false;
  client.on("error", (error: Error) => {
    if (down) return;
    down = true;
    console.warn(`rate limits: Redis unreachable (${error.message}); counting in memory until it is back`);
  });
  client.on("ready", () => {
    if (down) console.warn("rate limits: Redis is back; counting there again");
    down = false;
  });
  return new Promise((resolve) => {
    // Ready, refused or silent: start either way (a refused Redis is retried in the background).
    const done = () => {
      clearTimeout(timer);
      client.off("ready", done);
      client.off("error", done);
      resolve(client);
    };
    const timer = setTimeout(done, timeoutMs);
    client.once("ready", done);
    client.once("error", done);
  });
}

export async function createRateLimits(options: RateLimitOptions = {}): Promise<RateLimits> {
  const scale = options.scale ?? 1;
  const prefix = options.keyPrefix ?? "cedarport:rate";
  const redis = options.redisUrl
    ? await connectRedis(options.redisUrl, options.connectTimeoutMs ?? 2000)
    : undefined;

  const limiters = new Map<LimitClass, RateLimiterAbstract>();
  for (const [cls, limit] of Object.entries(LIMITS) as [LimitClass, Limit][]) {
    const opts = {
      keyPrefix: `${prefix}:${cls}`,
      points: Math.max(1, Math.round(limit.points * scale)),
      duration: limit.seconds,
      blockDuration: limit.blockSeconds ?? 0,
    };
    const memory = new RateLimiterMemory(opts);
    limiters.set(
      cls,
      redis
        ? new RateLimiterRedis({
            ...opts,
            storeClient: redis,
            rejectIfRedisNotReady: true,
            // Per process, so with N processes a Redis outage at worst multiplies a limit by N.
            insuranceLimiter: memory,
          })
        : memory,
    );
  }

  const consume = async (cls: LimitClass, key: string): Promise<RateLimitDecision> => {
    try {
      await limiters.get(cls)!.consume(key);
      return ALLOWED;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes)
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      // Neither Redis nor the insurance answered: a limiter fault must not become an outage.
      console.error(`rate limits: ${cls} could not be counted:`, (refusal as Error).message);
      return ALLOWED;
    }
  };

  const refuse = (req: Request, res: Response, retryAfterSeconds: number) => {
    let url: URL;
    try {
      url = new URL(req.originalUrl, "http://x");
    } catch {
      url = new URL("http://x/"); // e.g. `//host:99999`: the language then comes from the cookie
    }
    const locale = requestLocale(url, req.headers.cookie);
    res.status(429).set({ "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" });
    // A refused body is not worth reading: close the connection instead of draining it.
    if (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0")
      res.set("Connection", "close");
    else if (req.headers["transfer-encoding"]) res.set("Connection", "close");
    if (isApiPath(req.path))
      res.json({ message: tooManyRequestsMessage(locale, retryAfterSeconds), status: 429 });
    else
      res.type("html").set("Content-Language", locale).send(tooManyRequestsPage(locale, retryAfterSeconds));
  };

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const cls = limitClassOf(req.method, req.path);
    if (!cls) {
      next();
      return;
    }
    consume(cls, clientKey(req.ip))
      .then((decision) => (decision.allowed ? next() : refuse(req, res, decision.retryAfterSeconds)))
      .catch(next);
  };

  return {
    middleware,
    consume,
    async email(client, recipient) {
      const byClient = await consume("email", client);
      if (!byClient.allowed) return byClient;
      if (recipient) {
        const byRecipient = await consume("email-recipient", recipientKey(recipient));
        if (!byRecipient.allowed) return byRecipient;
      }
      return consume("email-all", "all");
    },
    async close() {
      if (redis?.status === "ready") await redis.quit().catch(() => redis.disconnect());
      else redis?.disconnect();
    },
  };
}

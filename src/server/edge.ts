import type { Request, RequestHandler, Response } from "express";
import { type FallbackStatus, fallbackPage } from "./fallback-page";
import { requestLocale } from "./request-locale";

/**
 * What the server refuses before any route sees a request: a Host it does not serve, a method no
 * route takes, a body too large. Each refusal is a small page in the resident's language (JSON
 * for the APIs), never a stack trace.
 */

/** Paths answered in JSON: programs call them, not people. */
const API_PATH = /^\/(api|search-api|graphql)(\/|$)/;

function localeOf(req: Request) {
  try {
    return requestLocale(new URL(req.originalUrl, "http://x"), req.headers.cookie);
  } catch {
    return requestLocale(new URL("http://x/"), req.headers.cookie);
  }
}

export function refuse(
  req: Request,
  res: Response,
  status: FallbackStatus,
  headers: Record<string, string> = {},
) {
  res.status(status).set(headers);
  // A refused body may be unread: closing the connection is cheaper than reading it to the end.
  if (status === 413) res.set("Connection", "close");
  if (API_PATH.test(req.path)) {
    res.json({ status, message: fallbackPage("en", status).match(/<title>(.*?)<\/title>/)?.[1] ?? "Error" });
    return;
  }
  res.type("html").send(fallbackPage(localeOf(req), status));
}

/** `host` or `host:port`, as RFC 9110 allows it (names, IPv4, bracketed IPv6). */
const HOST_HEADER =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

const hostnameOf = (host: string) =>
  host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0]!;

/**
 * Answers only to the site's own host names (config.allowedHosts; a port is not part of the
 * match). A forged Host could otherwise reach caches and anything built from the request's
 * address. /healthz and /readyz are exempt: load balancers probe them by IP address.
 */
export function hostGuard(allowedHosts: string[]): RequestHandler {
  const allowed = new Set(allowedHosts.map((h) => hostnameOf(h.toLowerCase())));
  return (req, res, next) => {
    if (req.path === "/healthz" || req.path === "/readyz") return next();
    const host = req.headers.host?.toLowerCase();
    if (!host || !HOST_HEADER.test(host)) return refuse(req, res, 400);
    if (!allowed.has(hostnameOf(host))) return refuse(req, res, 421);
    next();
  };
}

const SITE_METHODS = new Set(["GET", "HEAD", "POST"]);

/**
 * The pages take GET, HEAD and POST only (TRACE and friends used to reach the renderer and fail
 * there). The embedded search API keeps the methods of the API it imitates.
 */
export function methodGuard(): RequestHandler {
  return (req, res, next) => {
    if (SITE_METHODS.has(req.method) || req.path.startsWith("/search-api")) return next();
    if (req.method === "OPTIONS") {
      res.status(204).set("Allow", "GET, HEAD, POST").end();
      return;
    }
    refuse(req, res, 405, { Allow: "GET, HEAD, POST" });
  };
}

/**
 * An address whose path begins with two slashes (or a slash and a backslash, which browsers read
 * alike), `//staff/inbox`: URL parsers read what follows as a host name, so each layer would see
 * a different path (the page cache and React Router one, the file server another) and some fail.
 * A GET or HEAD is sent to the same path with one slash, on this site (never `//elsewhere`: that
 * would be an open redirect); anything else is a bad request.
 */
export function singleLeadingSlash(): RequestHandler {
  return (req, res, next) => {
    const url = req.originalUrl;
    if (url.length < 2 || (url[1] !== "/" && url[1] !== "\\")) return next();
    if (req.method !== "GET" && req.method !== "HEAD") return refuse(req, res, 400);
    res.redirect(301, `/${url.replace(/^[/\\]+/, "")}`);
  };
}

/**
 * A POST whose Origin (when the browser sends one) is this site as the request reached it. The
 * host was already checked against the allow-list; the scheme comes from `trust proxy`.
 */
export function sameOriginPost(req: Request): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  return origin === `${req.protocol}://${req.headers.host}`;
}

/** The 4xx status an error from Express or a body parser carries (bad encoding, too large…). */
export function clientErrorStatus(error: unknown): FallbackStatus | undefined {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status !== "number" || status < 400 || status >= 500) return undefined;
  return status === 403 || status === 405 || status === 413 || status === 421 ? status : 400;
}

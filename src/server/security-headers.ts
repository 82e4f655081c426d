import { randomFillSync } from "node:crypto";
import type { RequestHandler, Response } from "express";

/** The per-request CSP nonce, for the inline scripts React Router writes into hydrated pages. */
export const nonceOf = (res: Response): string => String(res.locals.cspNonce ?? "");

export interface SecurityHeaderOptions {
  dev: boolean;
  /** The site is served over https in a real deployment: browsers must never use plain http. */
  hsts: boolean;
  /**
   * Other origins a form may lead to: a hosted payment page, where a payment form posted without
   * JavaScript is redirected (browsers check form-action on a form's redirects too).
   */
  formOrigins?: readonly string[];
}

/**
 * Security headers for every response. Scripts run only from our own origin or with this
 * response's nonce: no `'unsafe-inline'` scripts (content pages carry no inline script at all, so
 * a cached page needs no nonce; hydrated pages get a fresh one per request). Styles may be inline
 * (the city's theme colours); images from anywhere https (content images may live on a CDN);
 * frames only from the embed hosts rich text may use (SPEC §5: the video-embed and city-maps
 * prefixes).
 *
 * As a flat list of names and values (the form `writeHead` takes): the page cache answers before
 * Express (src/server/page-cache.ts) and sends these same fields.
 */
export function securityHeaderFields({
  dev,
  hsts,
  formOrigins = [],
}: SecurityHeaderOptions): (nonce: string) => string[] {
  const policy = (nonce: string) =>
    [
      "default-src 'self'",
      // Vite's development client injects inline scripts and evaluates modules.
      dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: https:",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws: wss:" : ""} https://*.algolia.net https://*.algolianet.com`,
      "frame-src https://www.youtube.com https://maps.cedarport.gov",
      ["form-action 'self'", ...formOrigins].join(" "),
      "frame-ancestors 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  const rest = [
    "X-Content-Type-Options",
    "nosniff",
    "Referrer-Policy",
    "strict-origin-when-cross-origin",
    "X-Frame-Options",
    "SAMEORIGIN",
    "Permissions-Policy",
    "camera=(), microphone=(), geolocation=(), payment=(self)",
    "Cross-Origin-Opener-Policy",
    "same-origin",
    ...(hsts ? ["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] : []),
  ];
  // Built once around the nonce: each answer only joins three strings.
  const [before, after] = policy("\u0000").split("\u0000") as [string, string?];
  if (after === undefined) return () => ["Content-Security-Policy", before, ...rest];
  return (nonce) => ["Content-Security-Policy", before + nonce + after, ...rest];
}

/**
 * Random bytes for nonces are drawn 4 KB at a time: one call into the CSPRNG per 256 responses
 * rather than one per response (as crypto.randomUUID does). Each nonce is still 16 fresh random bytes.
 */
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let noncePoolAt = noncePool.length;

/** A fresh CSP nonce: 16 random bytes, base64. */
export function cspNonce(): string {
  if (noncePoolAt === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** The security headers on every response Express answers, with this response's nonce. */
export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  const fieldsFor = securityHeaderFields(options);
  return (_req, res, next) => {
    const nonce = cspNonce();
    res.locals.cspNonce = nonce;
    const fields = fieldsFor(nonce);
    for (let i = 0; i < fields.length; i += 2) res.setHeader(fields[i]!, fields[i + 1]!);
    next();
  };
}

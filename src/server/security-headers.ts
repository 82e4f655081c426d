import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

/** The per-request CSP nonce, for the inline scripts React Router writes into hydrated pages. */
export const nonceOf = (res: Response): string => String(res.locals.cspNonce ?? "");

export interface SecurityHeaderOptions {
  dev: boolean;
  /** The site is served over https in a real deployment: browsers must never use plain http. */
  hsts: boolean;
}

/**
 * Security headers for every response. Scripts run only from our own origin or with this
 * response's nonce: no `'unsafe-inline'` scripts (content pages carry no inline script at all, so
 * a cached page needs no nonce; hydrated pages get a fresh one per request). Styles may be inline
 * (the city's theme colours); images from anywhere https (content images may live on a CDN);
 * frames only from the embed hosts rich text may use (SPEC §5: the video-embed and city-maps
 * prefixes).
 */
export function securityHeaders({ dev, hsts }: SecurityHeaderOptions): RequestHandler {
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
      "form-action 'self'",
      "frame-ancestors 'self'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; ");
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", policy(nonce));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

import type { RequestHandler } from "express";

/**
 * Security headers for every response. The content security policy allows our own scripts and
 * styles, images from anywhere https (content images may live on a CDN), and frames only from
 * the embed hosts rich text may use (SPEC §5: the video-embed and city-maps prefixes).
 */
export function securityHeaders({ dev }: { dev: boolean }): RequestHandler {
  const csp = [
    "default-src 'self'",
    // React Router inlines small hydration scripts; dev mode also needs eval for Vite.
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
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
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  };
}

import { gzipSync } from "node:zlib";

/**
 * The JavaScript a page loads: every script and modulepreload in its HTML, fetched from the server
 * that sent the page and gzipped, plus inline scripts (hydration data, the islands' strings). What
 * a cheap phone downloads and parses before the page is interactive.
 */
export async function pageJavaScriptGzip(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ files: number; gzipBytes: number }> {
  const html = await (await fetch(url, { headers })).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g))
    srcs.add(m[1]!);
  for (const m of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) srcs.add(m[1]!);
  let gzipBytes = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    gzipBytes += gzipSync(body).length;
  }
  for (const m of html.matchAll(/<script(?![^>]*src=)[^>]*>([\s\S]*?)<\/script>/g))
    gzipBytes += gzipSync(m[1]!).length;
  return { files: srcs.size, gzipBytes };
}

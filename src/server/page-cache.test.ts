import { describe, expect, it } from "vitest";
import { cacheablePage, negotiate, PageCache } from "./page-cache";

const cache = (options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) =>
  new PageCache({
    ttlMs: 60_000,
    ...options,
    securityFields: () => [],
    contentVersion: async () => "v1",
  });

const page = (nonce: string, extra = "") =>
  Buffer.from(
    `<!DOCTYPE html><html lang="en"><head><link nonce="${nonce}" rel="stylesheet" href="/a.css"/></head>` +
      `<body>${"<p>Pay your property taxes</p>".repeat(60)}${extra}</body></html>`,
  );
const html = (more: Record<string, string> = {}) => new Headers({ "content-type": "text/html", ...more });
const NONCE_A = "K4J7DbkXgBdTNqbc959cEg==";
const NONCE_B = "5NClpPpAo6BsSrkQnDs9mQ==";

describe("page cache", () => {
  it("keeps a page without the render's nonce: every render is the same bytes and ETag", async () => {
    const pages = cache();
    const a = await pages.store("a", html(), page(NONCE_A), NONCE_A);
    const b = await pages.store("b", html(), page(NONCE_B), NONCE_B);
    expect(a?.identity.body.toString()).not.toContain("nonce");
    expect(a?.identity.body.toString()).toContain('<link rel="stylesheet" href="/a.css"/>');
    expect(a?.identity.etag).toBe(b?.identity.etag);
    expect(a?.gzip?.etag).toBe(`${a?.identity.etag.slice(0, -1)}-gzip"`);
    expect(a?.br?.etag).toBe(`${a?.identity.etag.slice(0, -1)}-br"`);
  });

  it("never keeps a page whose script needs its response's nonce", async () => {
    const pages = cache();
    const hydrated = page(NONCE_A, `<script nonce="${NONCE_A}">window.__x=1</script>`);
    expect(await pages.store("a", html(), hydrated, NONCE_A)).toBeUndefined();
    expect(pages.size).toBe(0);
  });

  it("never keeps a page that says private or no-store, or sets a cookie", async () => {
    const pages = cache();
    for (const headers of [
      html({ "cache-control": "private, max-age=300" }),
      html({ "cache-control": "no-store" }),
      html({ "cache-control": "public, no-cache" }),
      html({ "set-cookie": "a=b" }),
    ])
      expect(await pages.store("a", headers, page(NONCE_A), NONCE_A)).toBeUndefined();
    expect(
      await pages.store("a", html({ "cache-control": "public, max-age=60" }), page(NONCE_A), NONCE_A),
    ).toBeDefined();
  });

  it("keeps nothing when off (PAGE_CACHE_SECONDS=0)", async () => {
    const pages = cache({ ttlMs: 0 });
    expect(pages.enabled).toBe(false);
    expect(await pages.store("a", html(), page(NONCE_A), NONCE_A)).toBeUndefined();
  });

  it("compresses only what the compression middleware would (1 KB and more, text)", async () => {
    const pages = cache();
    const small = await pages.store("s", html(), Buffer.from("<p>hi</p>"), "");
    expect(small?.gzip).toBeUndefined();
    expect(small?.identity.fields).not.toContain("Content-Encoding");
    const image = await pages.store(
      "i",
      new Headers({ "content-type": "image/png" }),
      Buffer.alloc(4096),
      "",
    );
    expect(image?.gzip).toBeUndefined();
    expect(image?.identity.fields).not.toContain("Vary");
  });

  it("expires entries, and drops the least recently used past its entries or bytes", async () => {
    const pages = cache({ ttlMs: 1000, maxEntries: 2 });
    await pages.store("a", html(), page(NONCE_A), NONCE_A);
    await pages.store("b", html(), page(NONCE_A), NONCE_A);
    expect(pages.get("a")).toBeDefined(); // a is now the most recent
    await pages.store("c", html(), page(NONCE_A), NONCE_A);
    expect(pages.get("b")).toBeUndefined();
    expect(pages.get("a")).toBeDefined();
    expect(pages.get("a", Date.now() + 1001)).toBeUndefined();

    const one = (await cache().store("x", html(), page(NONCE_A), NONCE_A))!.bytes;
    const byBytes = cache({ maxBytes: Math.floor(one * 2.5) });
    for (const key of ["a", "b", "c"]) await byBytes.store(key, html(), page(NONCE_A), NONCE_A);
    expect(byBytes.size).toBe(2);
    expect(byBytes.get("a")).toBeUndefined();
  });

  it("forgets every page when the content version changes", async () => {
    const pages = cache();
    const old = pages.keyOf("en", "v1", "www.cedarport.gov:443", "/topics");
    await pages.store(old, html(), page(NONCE_A), NONCE_A);
    expect(pages.keyOf("es", "v1", "WWW.cedarport.gov", "/topics")).toBe("es v1 www.cedarport.gov /topics");
    expect(pages.size).toBe(1);
    pages.keyOf("en", "v2", "www.cedarport.gov", "/topics");
    expect(pages.size).toBe(0);
  });

  it("chooses the encoding as the compression middleware does", () => {
    expect(negotiate(undefined)).toBe("identity");
    expect(negotiate("gzip, deflate, br")).toBe("br");
    expect(negotiate("gzip, deflate")).toBe("gzip");
    expect(negotiate("br;q=0.5, gzip")).toBe("gzip");
    expect(negotiate("br;q=0, gzip;q=0")).toBe("identity");
    expect(negotiate("deflate")).toBe("identity");
    expect(negotiate("*")).toBe("br");
    expect(negotiate("*;q=0.1, gzip")).toBe("gzip");
    expect(negotiate("identity")).toBe("identity");
  });

  it("keeps none of the pages that are someone's own, nor drafts", () => {
    const may = (path: string) => cacheablePage(new URL(path, "http://x"));
    for (const path of [
      "/",
      "/topics",
      "/activity/pay-property-taxes?lang=es",
      "/search?term=tax",
      "/workflows-guide",
    ])
      expect(may(path), path).toBe(true);
    for (const path of [
      "/workflow/contact-the-mayor",
      "/workflow/contact-the-mayor/name",
      "/payments/invoices/RP-1",
      "/property/1000002",
      "/request-status",
      "/staff",
      "/staff/submissions/ABC",
      "/preview/workflows",
      "/bids",
      "/bids/123/packet",
      "/api/v1/search",
      "/topics?stage=draft",
      "/topics?stage=published",
    ])
      expect(may(path), path).toBe(false);
  });
});

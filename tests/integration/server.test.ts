import { afterAll, describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The whole server over HTTP on 127.0.0.1 (production build, fresh SQLite database): health,
 * GraphQL, the page cache, language and preview cookies, and failures that must not leak.
 */
const hasBuild = builtSite("the server integration tests");

describe.runIf(hasBuild)("web server", () => {
  const site = useInProcessApp({ prefix: "cedarport-server-", env: { DRAFT_TOKEN: "preview-secret" } });

  it("reports health", async () => {
    const r = await fetch(`${site.base}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: "ok" });
  });

  it("serves the content service at /graphql", async () => {
    const r = await fetch(`${site.base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: '{ activity(slug: "pay-property-taxes") { title activity_type } }' }),
    });
    expect(await r.json()).toEqual({
      data: { activity: { title: expect.any(String), activity_type: "Payment" } },
    });
  });

  it("caches content pages per language, and sends security headers", async () => {
    const first = await fetch(`${site.base}/topics`);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect(first.headers.get("content-security-policy")).toContain("default-src 'self'");
    const second = await fetch(`${site.base}/topics`);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    const spanish = await fetch(`${site.base}/topics?lang=es`);
    expect(await spanish.text()).toContain('<html lang="es"');
  });

  it("stores the language choice without JavaScript and goes back", async () => {
    const r = await fetch(`${site.base}/language?lang=es&return=/agencies`, { redirect: "manual" });
    expect(r.status).toBe(303);
    expect(r.headers.get("location")).toBe("/agencies");
    expect(r.headers.get("set-cookie")).toMatch(/^lang=es;/);
    const offsite = await fetch(`${site.base}/language?lang=es&return=//evil.example`, {
      redirect: "manual",
    });
    expect(offsite.headers.get("location")).toBe("/");
    // On an address that names its language, the choice wins over it.
    const named = await fetch(
      `${site.base}/language?lang=en&return=${encodeURIComponent("/activity/contact-the-mayor?lang=es")}`,
      { redirect: "manual" },
    );
    expect(named.headers.get("location")).toBe("/activity/contact-the-mayor?lang=en");
  });

  it("gives drafts only to editors with the preview cookie", async () => {
    expect((await fetch(`${site.base}/preview?token=wrong`)).status).toBe(403);
    const r = await fetch(`${site.base}/preview?token=preview-secret`, { redirect: "manual" });
    const cookie = (r.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(cookie).toMatch(/^preview_session=/);
    expect(cookie).not.toContain("preview-secret");
    expect((await fetch(`${site.base}/activity/try-the-new-permit-portal?stage=draft`)).status).toBe(404);
    expect(
      (await fetch(`${site.base}/activity/try-the-new-permit-portal?stage=draft`, { headers: { cookie } }))
        .status,
    ).toBe(200);
    const draft = await fetch(`${site.base}/activity/try-the-new-permit-portal?stage=draft`, {
      headers: { cookie },
    });
    expect(draft.headers.get("cache-control")).toBe("private, no-store");
    expect(draft.headers.get("x-page-cache")).toBeNull();
  });

  it("serves files by their names, and never a folder of files for a page's address", async () => {
    const logo = await fetch(`${site.base}/images/logo.svg`);
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect((await fetch(`${site.base}/islands.json`)).status).toBe(200);
    // A folder of public/ is not a page: the site's own Not Found page, not a redirect to "/images/".
    const folder = await fetch(`${site.base}/images`, { redirect: "manual" });
    expect(folder.status).toBe(404);
    expect(await folder.text()).toContain("<html");
    expect((await fetch(`${site.base}/images/no-such.svg`)).status).toBe(404);
  });

  it("answers bad requests with the right pages", async () => {
    expect((await fetch(`${site.base}/activity/nope`)).status).toBe(404);
    expect((await fetch(`${site.base}/activities?page=%E0%A4%A`)).status).toBe(400);
  });

  it("serves the last good content without details when the database fails, and reports ill health", async () => {
    await site.running.db.close();
    // Content is answered from memory for up to 5 s after its last check: wait until it is re-read.
    await new Promise((r) => setTimeout(r, 5_200));
    // Stale-if-error (issue 9 item 7; tests/integration/database-faults.test.ts): still a page.
    const page = await fetch(`${site.base}/agency/auditor?nocache=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/SqliteError|at .*\.ts:\d+|database connection/i);
    expect((await fetch(`${site.base}/healthz`)).status).toBe(503);
  });
});

describe.runIf(hasBuild)("web server with the search backend down", () => {
  // An index that does not exist answers every search with an error, as a backend outage would.
  // Site search reads it from the process environment, not from the config, on each request.
  const site = useInProcessApp({
    prefix: "cedarport-nosearch-",
    env: () => {
      process.env.SEARCH_INDEX = "missing_index";
      return {};
    },
  });
  afterAll(() => {
    delete process.env.SEARCH_INDEX;
  });

  it("shows the error state on the results page, and the rest of the page still works", async () => {
    const r = await fetch(`${site.base}/search?term=taxes`);
    expect(r.status).toBe(503);
    const html = await r.text();
    expect(html).toContain("There was an error processing your request. Please try again in a few moments.");
    expect(html).toContain('href="/topics"');
    expect((await fetch(`${site.base}/activities`)).status).toBe(200);
  });

  it("answers the typeahead endpoint with a 503, not a crash", async () => {
    const r = await fetch(`${site.base}/api/v1/search?term=taxes`);
    expect(r.status).toBe(503);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentClientError, createContentClient } from "../../src/content/client";
import { contentQueries } from "../../src/content/queries";
import { readContent, storeContent } from "../../src/content-service/load";
import { createContentService } from "../../src/content-service/service";
import { ContentStore } from "../../src/content-service/store";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";

const content = readContent("content");

/** The site's own queries go in-process (issue 17); the public /graphql endpoint is graphql-yoga. */
const PATHS = ["in-process", "yoga"] as const;

const CASES = DATABASES.flatMap((kind) => PATHS.map((path) => [kind, path] as const));

describe.each(CASES)("content service on %s, %s", (kind, path) => {
  let t: TestDatabase;
  let service: ReturnType<typeof createContentService>;
  const client = () =>
    createContentClient({
      endpoint: "http://content.test/graphql",
      fetch:
        path === "yoga"
          ? (i, init) => service.fetch(i as string, init as RequestInit)
          : (i, init) => service.inProcessFetch(i, init),
    });

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    expect(await storeContent(t.db, content)).toBe(true);
    service = createContentService({
      store: new ContentStore(t.db, 0),
      draftToken: "secret",
      now: () => new Date("2026-11-22T12:00:00Z"),
    });
  });
  afterAll(() => t.drop());

  it("stores content once: an unchanged content folder is not stored again", async () => {
    expect(await storeContent(t.db, content)).toBe(false);
  });

  it("answers every query of the spec", async () => {
    const q = contentQueries(client());
    const activities = await q.activities();
    expect(activities.length).toBeGreaterThanOrEqual(30);
    expect(activities.map((a) => a.position)).toEqual(
      [...activities.map((a) => a.position)].sort((a, b) => a - b),
    );
    expect(activities.every((a) => a.stage === "PUBLISHED")).toBe(true);

    const homestead = await q.activity("apply-for-a-homestead-deduction");
    expect(homestead?.title).toBe("Apply for a homestead deduction");
    expect(homestead?.agency?.slug).toBe("auditor");
    expect(homestead?.localizations.map((l) => l.locale)).toEqual(["en", "es"]);
    expect(homestead?.location?.address1).toBeTruthy();

    const agency = await q.agency("auditor");
    expect(agency?.activities.some((a) => a.slug === "apply-for-a-homestead-deduction")).toBe(true);
    expect((await q.agencies()).length).toBeGreaterThanOrEqual(12);

    const topic = await q.topic("property-taxes");
    expect(topic?.activities.length).toBeGreaterThan(0);
    expect((await q.topics()).length).toBeGreaterThanOrEqual(10);

    const privacy = await q.page("privacy");
    expect(privacy?.title).toBe("Privacy policy");
    expect(privacy?.description?.markdown).toContain("30 days");
    expect(privacy?.localizations.map((l) => l.locale)).toEqual(["en", "es"]);
    expect(await q.page("no-such-page")).toBeNull();

    const landing = await q.landingPage();
    expect(landing.labels.map((l) => l.type).sort()).toEqual([
      "ElectedOfficials",
      "PopularActivities",
      "PopularTopics",
    ]);

    const banners = await q.banners();
    expect(banners.length).toBeGreaterThan(0);

    // People: one by id, with their council district and their office's contact details; all,
    // councilors first by district.
    const hill = await q.person("council-president-marcus-hill");
    expect(hill?.district).toBe(9);
    expect(hill?.contact?.phone).toBe("(555) 010-2450");
    expect(hill?.association?.agency?.slug).toBe("city-county-council");
    expect((await q.person("mayor-elena-vasquez"))?.district).toBeNull();
    expect(await q.person("no-such-person")).toBeNull();
    const persons = await q.persons();
    expect(persons.flatMap((p) => (p.district ? [p.district] : []))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(persons.length).toBe(content.docs.filter((d) => d.type === "person").length);
    const officials = landing.labels.find((l) => l.type === "ElectedOfficials")?.persons ?? [];
    expect(officials.find((p) => p.id === "mayor-elena-vasquez")?.contact?.email).toBe("mayor@cedarport.gov");

    const found = await q.search("homestead", ["en"]);
    expect(found.activities.map((a) => a.slug)).toContain("apply-for-a-homestead-deduction");
    const encontrado = await q.search("deduccion", ["es"]);
    expect(encontrado.activities.length).toBeGreaterThan(0);
  });

  it("hides banners outside their validity window", async () => {
    const ids = (await contentQueries(client()).banners()).map((b) => b.id);
    const all = content.docs
      .filter((d) => d.type === "banner")
      .map((d) => d.doc as { id: string; starts_at: string | null; ends_at: string | null });
    for (const b of all) {
      const expired = b.ends_at && b.ends_at < "2026-11-22";
      const future = b.starts_at && b.starts_at > "2026-11-22";
      expect(ids.includes(b.id)).toBe(!expired && !future);
    }
  });

  it("serves drafts only with stage DRAFT and the draft credential", async () => {
    // The demo content keeps a draft activity for this test: without one it would check nothing.
    const draftSlug = content.docs.find((d) => d.type === "activity" && d.doc.stage === "draft")?.doc as
      | { slug: string }
      | undefined;
    expect(draftSlug, "a draft activity in content/").toBeDefined();
    if (!draftSlug) return;
    const anonymous = contentQueries(client());
    expect(await anonymous.activity(draftSlug.slug)).toBeNull();
    await expect(anonymous.activity(draftSlug.slug, "DRAFT")).rejects.toBeInstanceOf(ContentClientError);
    const wrong = contentQueries(client(), { authorization: "Bearer nope" });
    await expect(wrong.activity(draftSlug.slug, "DRAFT")).rejects.toMatchObject({ status: 403 });
    const editor = contentQueries(client(), { authorization: "Bearer secret" });
    expect((await editor.activity(draftSlug.slug, "DRAFT"))?.stage).toBe("DRAFT");
  });

  it("answers a malformed query with a client error (status 400, which the client reports)", async () => {
    await expect(client().request({ query: "{ nope }" })).rejects.toMatchObject({ status: 400 });
  });
});

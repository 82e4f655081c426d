import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderRichText } from "../../src/app/components/RichText/render-rich-text.server";
import { createContentClient } from "../../src/content/client";
import { contentQueries } from "../../src/content/queries";
import { readContent, storeContent } from "../../src/content-service/load";
import { createContentService } from "../../src/content-service/service";
import { ContentStore } from "../../src/content-service/store";
import { localizeDeep } from "../../src/domain/localize";
import { DATABASES, openTestDatabase, type TestDatabase } from "./databases";

/**
 * The kitchen-sink fixture (tests/fixtures/kitchen-sink/): one item of every content type with
 * every field, in both languages, through the loader, the database, GraphQL, the localization
 * merge and the rich-text rules.
 */
const content = readContent("tests/fixtures/kitchen-sink");

describe.each(DATABASES)("kitchen-sink content on %s", (kind) => {
  let t: TestDatabase;
  let q: ReturnType<typeof contentQueries>;
  let editor: ReturnType<typeof contentQueries>;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    await storeContent(t.db, content);
    const service = createContentService({
      store: new ContentStore(t.db, 0),
      draftToken: "ks",
      now: () => new Date("2026-11-22T12:00:00Z"),
    });
    const fetch = (i: unknown, init: unknown) =>
      Promise.resolve(service.fetch(i as string, init as RequestInit));
    q = contentQueries(
      createContentClient({ endpoint: "http://ks/graphql", fetch: fetch as typeof globalThis.fetch }),
    );
    editor = contentQueries(
      createContentClient({ endpoint: "http://ks/graphql", fetch: fetch as typeof globalThis.fetch }),
      {
        authorization: "Bearer ks",
      },
    );
  });
  afterAll(() => t.drop());

  it("reads every file without a problem", () => {
    expect(content.problems).toEqual([]);
    expect(new Set(content.docs.map((d) => d.type))).toEqual(
      new Set(["site", "tag", "banner", "label", "activity", "agency", "topic", "person", "page"]),
    );
  });

  it("serves an activity with every field, in English and merged into Spanish", async () => {
    const a = await q.activity("kitchen-sink");
    expect(a).toMatchObject({
      title: "Kitchen sink activity",
      card_title: "Kitchen sink",
      activity_type: "Payment",
      status: "Coming soon",
      featured: true,
      workflow_url: "/workflow/demo-dog-licence",
      agency: { slug: "kitchen-sink-agency" },
      person: { name: "Pat Example" },
      location: { address3: "Floor 3", hours2: "Saturday by appointment" },
      header_image: { url: "/images/headers/property.svg", altText: "A house" },
      labels: [{ type: "PopularActivities" }],
    });
    expect(a?.tags.map((tag) => [tag.id, tag.type])).toEqual([
      ["ks-verb", "verb"],
      ["ks-user", "user"],
      ["ks-topic", "topic"],
    ]);
    // The related activity is a draft: hidden from the public.
    expect(a?.related_activities).toEqual([]);
    const es = localizeDeep(a!, "es");
    expect(es.title).toBe("Actividad de prueba completa");
    expect(es.header_image?.altText).toBe("Una casa");
    expect(es.header_image?.url).toBe("/images/headers/property.svg");
    expect(es.accordions?.[0]).toMatchObject({ id: "ks-accordion", title: "Un acordeón" });
    expect(es.accordions?.[0]?.items[0]).toMatchObject({ id: "ks-item", title: "Un elemento" });
    expect(es.agency?.title).toBe("Agencia de Prueba Completa");
    expect(es.tags.map((tag) => tag.title)).toEqual(["Solicitar", "Residentes", "Impuestos"]);
  });

  it("applies the rich-text rules to its description", async () => {
    const a = await q.activity("kitchen-sink");
    const html = renderRichText(a?.description?.markdown, "en") ?? "";
    expect(html).not.toContain("<script");
    expect(html).toContain('src="https://www.youtube.com/embed/abc"');
    expect(html).toMatch(
      /<iframe[^>]*src="https:\/\/elsewhere\.example\.com\/widget"[^>]*sandbox="allow-forms allow-scripts allow-presentation"/,
    );
    expect(html).not.toMatch(/<iframe[^>]*youtube[^>]*sandbox/);
    expect(html).toContain('href="https://images.cedarport.gov/form.pdf?v=2"');
    expect(html).toMatch(/href="https:\/\/www\.in\.gov\/dlgf\/"[^>]*target="_blank"/);
    expect(html).toContain('href="tel:+15550100001"');
    expect(html).toContain('scope="col"');
    expect(html).toContain('data-label="Fee"');
  });

  it("serves the agency, topic, person, page, banners and landing labels", async () => {
    const agency = await q.agency("kitchen-sink-agency");
    expect(agency).toMatchObject({
      quicklink: true,
      displayPerson: true,
      person: { name: "Pat Example" },
      location: { fax: "(555) 010-0002" },
    });
    expect(agency?.activities.map((a) => a.slug)).toEqual(["kitchen-sink"]);
    expect((await q.topic("kitchen-sink-topic"))?.activities.map((a) => a.slug)).toEqual(["kitchen-sink"]);
    expect(localizeDeep((await q.page("kitchen-sink-page"))!, "es").title).toBe("Página de prueba completa");
    expect((await q.banners()).map((b) => b.id)).toEqual(["ks-current"]);
    const landing = await q.landingPage();
    expect(landing.labels.find((l) => l.type === "ElectedOfficials")?.persons.map((p) => p.id)).toEqual([
      "kitchen-sink-person",
    ]);
  });

  it("shows the draft only to an editor asking for drafts", async () => {
    expect(await q.activity("kitchen-sink-draft")).toBeNull();
    const draft = await editor.activity("kitchen-sink-draft", "DRAFT");
    expect(draft?.stage).toBe("DRAFT");
    expect(draft?.related_activities.map((r) => r.slug)).toEqual(["kitchen-sink"]);
  });
});

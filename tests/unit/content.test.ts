import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ActivityDoc } from "../../src/content-service/documents";
import { readContent } from "../../src/content-service/load";
import { toSlug } from "../../src/domain/slug";

/** The demo content is complete: both languages, valid references, the spec's required items. */
const content = readContent("content");
const of = <T>(type: string) => content.docs.filter((d) => d.type === type).map((d) => d.doc as unknown as T);
const activities = of<ActivityDoc>("activity");
const ids = (type: string) =>
  new Set(of<{ id: string; slug?: string }>(type).flatMap((d) => [d.id, d.slug ?? d.id]));

describe("demo content", () => {
  it("reads without problems", () => {
    expect(content.problems).toEqual([]);
  });

  it("has the spec's deduction activities", () => {
    const slugs = new Set(activities.map((a) => a.slug));
    for (const slug of [
      "apply-for-a-homestead-deduction",
      "apply-for-a-mortgage-deduction",
      "apply-for-over-65-property-tax-deductions",
      "blind-or-disabled-persons-deduction",
      "property-tax-deductions-for-disabled-veterans-and-surviving-spouses",
    ]) {
      expect(slugs.has(slug), slug).toBe(true);
    }
  });

  it("gives every text field in Spanish too", () => {
    const missing: string[] = [];
    // Items, and the locations inside them (hours, rooms), carry their own localizations.
    const localizable = content.docs.flatMap(({ type, doc }) => {
      const location = (doc as { location?: { id: string; localizations?: unknown } | null }).location;
      return location?.localizations
        ? [
            { type, doc },
            { type: `${type} location`, doc: location },
          ]
        : [{ type, doc }];
    });
    for (const { type, doc } of localizable) {
      const locs = (doc as { localizations?: { locale: string }[] }).localizations;
      if (!locs) continue;
      const en = locs.find((l) => l.locale === "en") as Record<string, unknown> | undefined;
      const es = locs.find((l) => l.locale === "es") as Record<string, unknown> | undefined;
      if (!es) {
        missing.push(`${type} ${doc.id}: no es block`);
        continue;
      }
      for (const field of Object.keys(en ?? {})) {
        if (field === "name" || field === "locale") continue;
        if (es[field] === undefined) missing.push(`${type} ${doc.id}: es.${field}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("refers only to items that exist", () => {
    const [agencies, topics, tags, persons, slugs] = [
      ids("agency"),
      ids("topic"),
      ids("tag"),
      ids("person"),
      ids("activity"),
    ];
    const broken: string[] = [];
    for (const a of activities) {
      for (const x of a.agencies) if (!agencies.has(x)) broken.push(`${a.slug}: agency ${x}`);
      for (const x of a.topics) if (!topics.has(x)) broken.push(`${a.slug}: topic ${x}`);
      for (const x of a.tags) if (!tags.has(x)) broken.push(`${a.slug}: tag ${x}`);
      for (const x of a.related_activities) if (!slugs.has(x)) broken.push(`${a.slug}: related ${x}`);
      if (a.person && !persons.has(a.person)) broken.push(`${a.slug}: person ${a.person}`);
      for (const img of [a.image?.url, a.header_image?.url]) {
        if (img?.startsWith("/") && !existsSync(`public${img}`)) broken.push(`${a.slug}: image ${img}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("has a page for every footer link to a single-segment path", () => {
    const site = of<{ footer_links?: { href: string }[] }>("site")[0];
    const pages = ids("page");
    const missing = (site?.footer_links ?? [])
      .map((l) => l.href)
      .filter((href) => /^\/[^/]+$/.test(href) && !pages.has(href.slice(1)));
    expect(missing).toEqual([]);
  });

  it("names each file by its slug, written as the site writes slugs", () => {
    for (const a of activities) expect(toSlug(a.slug)).toBe(a.slug);
  });

  it("has enough to be a real city site", () => {
    expect(activities.length).toBeGreaterThanOrEqual(60);
    expect(of("agency").length).toBeGreaterThanOrEqual(12);
    expect(of("topic").length).toBeGreaterThanOrEqual(10);
    const types = new Set(of<{ type: string }>("tag").map((t) => t.type));
    expect([...types].sort()).toEqual(["topic", "user", "verb"]);
    expect(new Set(activities.map((a) => a.activity_type))).toEqual(new Set(["Learn", "Payment"]));
  });
});

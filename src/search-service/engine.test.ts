import { beforeAll, describe, expect, it } from "vitest";
import { IndexNotFoundError, SearchEngine } from "./engine";
import { FilterSyntaxError, parseFilters } from "./filters";
import { indexContent } from "./indexer";
import { buildRecords } from "./records";
import { SAMPLE_SYNONYMS, sampleSource } from "./test-fixtures";

const INDEX = "content_production";

async function slugs(
  engine: SearchEngine,
  query: string,
  locale = "en",
  extra: Record<string, unknown> = {},
) {
  const result = await engine.search(INDEX, { query, filter: parseFilters(`locale:${locale}`), ...extra });
  return result.hits.map((hit) => hit.slug);
}

describe("SearchEngine", () => {
  let engine: SearchEngine;

  beforeAll(async () => {
    engine = new SearchEngine({ synonyms: SAMPLE_SYNONYMS });
    await indexContent(engine, sampleSource());
  });

  it("serves both index names from one build", () => {
    expect(engine.indexNames().sort()).toEqual(["content_production", "content_test"]);
  });

  it("finds by title, prefix and in the language asked", async () => {
    expect((await slugs(engine, "pothole"))[0]).toBe("report-a-pothole");
    expect((await slugs(engine, "potho"))[0]).toBe("report-a-pothole");
    expect((await slugs(engine, "impuestos", "es"))[0]).toMatch(/property-taxes/);
    expect(await slugs(engine, "impuestos", "en")).not.toContain("pay-property-taxes");
  });

  it("ignores accents both ways", async () => {
    const accented = await slugs(engine, "deducción", "es");
    expect(accented[0]).toBe("apply-for-a-homestead-deduction");
    expect(await slugs(engine, "deduccion", "es")).toEqual(accented);
  });

  it("tolerates typos in words the index does not know", async () => {
    expect((await slugs(engine, "homstead"))[0]).toBe("apply-for-a-homestead-deduction");
    expect((await slugs(engine, "pothoel"))[0]).toBe("report-a-pothole");
    expect((await slugs(engine, "vasura", "es"))[0]).toBe("find-your-trash-pickup-day");
  });

  it("applies synonyms at query time, across languages", async () => {
    expect((await slugs(engine, "garbage"))[0]).toBe("find-your-trash-pickup-day");
    expect((await slugs(engine, "pothole", "es"))[0]).toBe("report-a-pothole");
  });

  it("searches services too", async () => {
    const result = await engine.search(INDEX, {
      query: "homestead application",
      filter: parseFilters("locale:en"),
    });
    expect(result.hits.map((hit) => hit.__typename)).toContain("Service");
  });

  it("returns only the attributes asked for, always with objectID", async () => {
    const result = await engine.search(INDEX, {
      query: "pothole",
      filter: parseFilters("locale:en"),
      attributesToRetrieve: ["slug", "__typename"],
    });
    expect(result.hits[0]).toEqual({
      objectID: "Activity:report-a-pothole:en",
      slug: "report-a-pothole",
      __typename: "Activity",
    });
  });

  it("pages like Algolia", async () => {
    const all = await engine.search(INDEX, {
      query: "",
      filter: parseFilters("locale:en"),
      hitsPerPage: 1000,
    });
    expect(all.nbHits).toBe(buildRecords(sampleSource()).filter((r) => r.locale === "en").length);
    const page1 = await engine.search(INDEX, {
      query: "",
      filter: parseFilters("locale:en"),
      hitsPerPage: 3,
      page: 1,
    });
    expect(page1).toMatchObject({
      page: 1,
      hitsPerPage: 3,
      nbPages: Math.ceil(all.nbHits / 3),
      nbHits: all.nbHits,
    });
    expect(page1.hits.map((h) => h.objectID)).toEqual(all.hits.slice(3, 6).map((h) => h.objectID));
  });

  it("filters and counts facets", async () => {
    const result = await engine.search(INDEX, {
      query: "",
      filter: parseFilters("locale:es AND (kind:topic OR kind:agency)"),
      facets: ["kind", "locale"],
    });
    expect(result.facets).toEqual({ kind: { topic: 1, agency: 1 }, locale: { es: 2 } });
    const negated = await engine.search(INDEX, {
      query: "",
      filter: parseFilters("NOT kind:activity AND locale:en"),
    });
    expect(negated.hits.every((hit) => hit.kind !== "activity")).toBe(true);
    const both = await engine.search(INDEX, { query: "pothole", facets: ["*"] });
    expect(both.facets?.locale).toEqual({ en: 1, es: 1 });
  });

  it("refuses filters on attributes that are not facets", async () => {
    await expect(
      engine.search(INDEX, { query: "x", filter: parseFilters("title:x") }),
    ).rejects.toBeInstanceOf(FilterSyntaxError);
  });

  it("reports unknown indexes", async () => {
    await expect(engine.search("nope", { query: "x" })).rejects.toBeInstanceOf(IndexNotFoundError);
  });

  it("updates and removes records by objectID", async () => {
    const local = new SearchEngine();
    const records = buildRecords(sampleSource());
    await local.replaceAll("i", records);
    const index = local.index("i");
    const pothole = records.find((r) => r.objectID === "Activity:report-a-pothole:en")!;
    await index.save([{ ...pothole, title: "Report a sinkhole", localizations: [] }]);
    expect((await local.search("i", { query: "sinkhole" })).hits[0]?.objectID).toBe(pothole.objectID);
    expect((await local.search("i", { query: "pothole", filter: parseFilters("locale:en") })).nbHits).toBe(0);
    await index.remove([pothole.objectID]);
    expect((await local.search("i", { query: "sinkhole" })).nbHits).toBe(0);
    // the vocabulary follows: a removed word is no longer a correction target
    expect((await local.search("i", { query: "sinkhol" })).nbHits).toBe(0);
  });

  it("copies and moves indexes", async () => {
    const local = new SearchEngine();
    await local.replaceAll("a", buildRecords(sampleSource()));
    const total = (await local.search("a", { query: "" })).nbHits;
    await local.operation("a", "b", "copy");
    expect((await local.search("b", { query: "" })).nbHits).toBe(total);
    local.index("a").settings = { hitsPerPage: 5 };
    await local.operation("a", "c", "copy", ["settings"]);
    expect((await local.search("c", { query: "" })).nbHits).toBe(0);
    expect(local.index("c").settings).toEqual({ hitsPerPage: 5 });
    await local.operation("a", "b", "copy", ["settings"]);
    expect((await local.search("b", { query: "" })).nbHits).toBe(total);
    await local.operation("b", "a", "move");
    expect(local.has("b")).toBe(false);
    expect((await local.search("a", { query: "" })).nbHits).toBe(total);
  });

  describe("bad input never throws", () => {
    const terms = [
      "",
      "   ",
      "a".repeat(10_000),
      "word ".repeat(2_000),
      "\u0000\u0001\u0002\ufffd\ud800\udfff\udc00",
      String.fromCharCode(...Array.from({ length: 256 }, (_, i) => i)),
      "'; DROP TABLE activities; --",
      "<script>alert(1)</script>",
      "locale:en OR 1=1",
      '" OR ""="',
      `$${"{"}process.exit()}`,
      "__proto__ constructor prototype",
      "🙂🙂🙂 taxes",
      "(((",
      "* ? [] {} \\",
    ];
    for (const term of terms) {
      it(`handles ${JSON.stringify(term.slice(0, 30))}`, async () => {
        const result = await engine.search(INDEX, {
          query: term,
          filter: parseFilters("locale:en"),
          hitsPerPage: 50,
        });
        expect(Array.isArray(result.hits)).toBe(true);
        expect(result.nbHits).toBeGreaterThanOrEqual(0);
      });
    }
  });
});

/**
 * Relevance on the demo content: every judged query goes through the real search client and the
 * embedded backend (in-process), as the results page would send it. Fails under a top-3 hit rate of
 * 0.9 or an nDCG@10 of 0.8.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { createSearchClient, type SearchClient } from "../../src/search/client";
import { AlgoliaCompatibleHandler } from "../../src/search-service/algolia-handler";
import { SearchEngine } from "../../src/search-service/engine";
import { indexContent } from "../../src/search-service/indexer";
import { buildRecords } from "../../src/search-service/records";
import { loadSynonyms } from "../../src/search-service/synonyms";
import { loadContent, PROJECT_ROOT } from "./load-content";
import { type Judgement, type QueryScore, scoreQuery, summarize } from "./metrics";

const judgements = (
  JSON.parse(readFileSync(new URL("./judgements.json", import.meta.url), "utf8")) as { queries: Judgement[] }
).queries;

describe("search relevance on the demo content", () => {
  let client: SearchClient;
  let known: Set<string>;

  beforeAll(async () => {
    const source = loadContent();
    const engine = new SearchEngine({ synonyms: loadSynonyms(`${PROJECT_ROOT}/config/synonyms.json`) });
    await indexContent(engine, source);
    known = new Set(buildRecords(source).map((record) => `${record.kind}/${record.slug}`));
    const handler = new AlgoliaCompatibleHandler(engine).handleAlgoliaRequest;
    client = createSearchClient({ backend: "embedded", indexName: "content_production", handler });
  });

  it("has at least 100 judged queries in both languages, a third with typos", () => {
    expect(judgements.length).toBeGreaterThanOrEqual(100);
    expect(judgements.some((j) => j.locale === "en")).toBe(true);
    expect(judgements.some((j) => j.locale === "es")).toBe(true);
    expect(judgements.filter((j) => j.tags.includes("typo")).length).toBeGreaterThanOrEqual(
      judgements.length / 3,
    );
    expect(judgements.some((j) => j.tags.includes("synonym"))).toBe(true);
  });

  it("finds what residents expect: top-3 hit rate >= 0.9 and nDCG@10 >= 0.8", async () => {
    const scores: QueryScore[] = [];
    for (const judgement of judgements) {
      const { results } = await client.contentSearch(judgement.query, {
        locale: judgement.locale,
        hitsPerPage: 10,
      });
      const ranked = results.map((result) => `${result.kind}/${result.slug}`);
      scores.push(scoreQuery(judgement, ranked, (key) => known.has(key)));
    }
    const all = summarize(scores);
    const line = (label: string, subset: QueryScore[]) => {
      const s = summarize(subset);
      return `${label.padEnd(8)} n=${String(s.count).padStart(3)}  top-3 ${s.top3.toFixed(3)}  nDCG@10 ${s.ndcg.toFixed(3)}`;
    };
    const misses = scores
      .filter((score) => !score.top3 || score.ndcg < 0.5)
      .map(
        (score) =>
          `  [${score.judgement.locale}] "${score.judgement.query}" -> ${score.ranked.slice(0, 3).join(", ")}`,
      );
    console.log(
      [
        line("all", scores),
        line(
          "en",
          scores.filter((s) => s.judgement.locale === "en"),
        ),
        line(
          "es",
          scores.filter((s) => s.judgement.locale === "es"),
        ),
        line(
          "typo",
          scores.filter((s) => s.judgement.tags.includes("typo")),
        ),
        line(
          "synonym",
          scores.filter((s) => s.judgement.tags.includes("synonym")),
        ),
        misses.length > 0 ? `weak queries:\n${misses.join("\n")}` : "no weak queries",
      ].join("\n"),
    );
    expect(all.top3).toBeGreaterThanOrEqual(0.9);
    expect(all.ndcg).toBeGreaterThanOrEqual(0.8);
  });
});

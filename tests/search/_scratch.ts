import { SearchEngine } from "../../src/search-service/engine";
import { buildRecords } from "../../src/search-service/records";
import { parseFilters } from "../../src/search-service/filters";
import { loadSynonyms } from "../../src/search-service/synonyms";
import { loadContent } from "./load-content";
const records = buildRecords(loadContent());
const engine = new SearchEngine({ synonyms: loadSynonyms("config/synonyms.json") });
await engine.replaceAll("content_production", records);
for (const [q, loc] of process.argv.slice(2).map((a) => a.split("@") as [string, string])) {
  const t = performance.now();
  const r = await engine.search("content_production", { query: q, filter: parseFilters(`locale:${loc ?? "en"}`), hitsPerPage: 4, attributesToRetrieve: ["slug", "__typename"] });
  console.log(q, loc ?? "en", (performance.now() - t).toFixed(1), "ms", r.nbHits, r.hits.map((h) => `${h.__typename}:${h.slug}`).join(" | "));
}

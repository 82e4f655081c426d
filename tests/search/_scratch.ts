import { SearchEngine } from "../../src/search-service/engine";
import { buildRecords } from "../../src/search-service/records";
import { parseFilters } from "../../src/search-service/filters";
import { loadContent } from "./load-content";
const src = loadContent();
const records = buildRecords(src);
console.log(records.length, src.activities.length, src.agencies.length, src.topics.length);
const engine = new SearchEngine({ synonyms: [["trash","garbage","basura","solid waste"],["pothole","bache"]] });
let t = performance.now();
await engine.replaceAll("content_production", records);
console.log("index ms", performance.now() - t);
for (const [q, loc] of process.argv.slice(2).map((a) => a.split("@") as [string, string])) {
  t = performance.now();
  const r = await engine.search("content_production", { query: q, filter: parseFilters(`locale:${loc ?? "en"}`), hitsPerPage: 5, attributesToRetrieve: ["slug", "__typename"] });
  console.log(q, loc, (performance.now() - t).toFixed(1), "ms", r.nbHits, r.hits.map((h) => `${h.__typename}:${h.slug}`).join(" | "));
}

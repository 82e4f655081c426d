import { generateCorpus } from "../../bench/search";
import { SearchEngine } from "../../src/search-service/engine";
import { parseFilters } from "../../src/search-service/filters";
const records = generateCorpus(10000);
const engine = new SearchEngine({ synonyms: [] });
await engine.replaceAll("b", records);
const f = parseFilters("locale:en");
for (const q of ["property", "property tax", "arbel", "tax bill deduction", "renew status office", "fee", "hours fee"]) {
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < 20; i++) { const t = performance.now(); const r = await engine.search("b", { query: q, filter: f, hitsPerPage: 50 }); n = r.nbHits; times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(q, n, times[10]?.toFixed(1));
}

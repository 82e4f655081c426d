import { generateCorpus, generateQueries } from "../../bench/search";
import { SearchEngine } from "../../src/search-service/engine";
import { parseFilters } from "../../src/search-service/filters";
import { loadSynonyms } from "../../src/search-service/synonyms";
const records = generateCorpus(Number(process.env.N ?? 10000));
const queries = generateQueries(records, 300);
for (const syn of [false, true]) {
  const engine = new SearchEngine({ synonyms: syn ? loadSynonyms() : [] });
  let t = performance.now();
  await engine.replaceAll("b", records);
  console.log("build", Math.round(performance.now() - t));
  const f = { en: parseFilters("locale:en"), es: parseFilters("locale:es") };
  const times: number[] = [];
  for (const q of queries) { t = performance.now(); await engine.search("b", { query: q.query, filter: f[q.locale], hitsPerPage: 50 }); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log("synonyms", syn, "p50", times[150]?.toFixed(1), "p99", times[296]?.toFixed(1));
}

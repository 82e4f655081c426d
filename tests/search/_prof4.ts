import { generateCorpus, generateQueries } from "../../bench/search";
import { SearchEngine } from "../../src/search-service/engine";
import { parseFilters } from "../../src/search-service/filters";
import { loadSynonyms } from "../../src/search-service/synonyms";
const records = generateCorpus(10000);
const queries = generateQueries(records, 1000);
const engine = new SearchEngine({ synonyms: loadSynonyms() });
await engine.replaceAll("b", records);
const f = { en: parseFilters("locale:en"), es: parseFilters("locale:es") };
for (const q of queries.slice(0, 50)) await engine.search("b", { query: q.query, filter: f[q.locale], hitsPerPage: 50 });
const rows: [number, number, string, boolean, number][] = [];
for (const q of queries) {
  const c = process.cpuUsage(); const t = performance.now();
  const r = await engine.search("b", { query: q.query, filter: f[q.locale], hitsPerPage: 50 });
  const wall = performance.now() - t; const cpu = process.cpuUsage(c); rows.push([wall, (cpu.user + cpu.system) / 1000, `${q.locale}:${q.query}`, q.typo, r.nbHits]);
}
const pct = (a: number[], p: number) => a.sort((x, y) => x - y)[Math.ceil(p / 100 * a.length) - 1]!.toFixed(2);
console.log("wall p50", pct(rows.map(r => r[0]), 50), "p99", pct(rows.map(r => r[0]), 99), "cpu p50", pct(rows.map(r => r[1]), 50), "p99", pct(rows.map(r => r[1]), 99));
rows.sort((a, b) => b[1] - a[1]);
for (const r of rows.slice(0, 15)) console.log(r[0].toFixed(1), r[1].toFixed(1), r[2], r[3] ? "typo" : "", r[4]);

import { generateCorpus } from "../../bench/search";
import { SearchEngine } from "../../src/search-service/engine";
import { parseFilters } from "../../src/search-service/filters";
const records = generateCorpus(10000);
const engine = new SearchEngine({ synonyms: [] });
await engine.replaceAll("b", records);
const f = parseFilters("locale:en");
const { Session } = await import("node:inspector/promises");
const session = new Session(); session.connect();
await session.post("Profiler.enable"); await session.post("Profiler.start");
const t = performance.now();
for (let i = 0; i < 30; i++) await engine.search("b", { query: "property tax", filter: process.env.NOF ? null : f, hitsPerPage: 50 });
console.log((performance.now() - t) / 30);
const { profile: p } = await session.post("Profiler.stop");
const self=new Map();const byId=new Map(p.nodes.map((n: any)=>[n.id,n]));
const dt=p.timeDeltas;const counts=new Map();p.samples.forEach((s: number,i: number)=>counts.set(s,(counts.get(s)||0)+(dt[i]||0)));
for(const [id,t] of counts){const n: any=byId.get(id);const k=n.callFrame.functionName+" "+n.callFrame.url.split("/").slice(-2).join("/")+":"+n.callFrame.lineNumber;self.set(k,(self.get(k)||0)+t);}
console.log([...self].sort((a,b)=>b[1]-a[1]).slice(0,15).map(([k,t])=>(t/1000).toFixed(0)+"ms "+k).join("\n"));

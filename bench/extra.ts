import { load } from "./http";
import { lookupBenchmarks } from "./lookups";
import { benchSearch } from "./search";
import { machineBuildTime, workflowHttp } from "./workflows";

type Row = [string, string | number, string];

/** Benchmarks of the online services and of search, given a running server at `base`. */
export async function extraBenchmarks(base: string): Promise<Row[]> {
  const rows: Row[] = [machineBuildTime(), ...(await workflowHttp(base))];
  const typeahead = await load(`${base}/api/v1/search?term=property%20tax&locale=en&limit=6`, { seconds: 8 });
  rows.push(["/api/v1/search req/s", typeahead.requestsPerSecond, ""]);
  rows.push(["/api/v1/search p50 / p99 ms", `${typeahead.p50} / ${typeahead.p99}`, ""]);
  rows.push(...(await lookupBenchmarks(base)));
  const search = await benchSearch();
  for (const [name, value] of Object.entries(search))
    rows.push([`search engine ${name}`, value, name.includes("p99") ? "<= 20" : ""]);
  return rows;
}

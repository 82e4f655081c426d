import { readdirSync, readFileSync, statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildMachine } from "../src/workflow/machine";
import { parseWorkflow } from "../src/workflow/parse";
import { load } from "./http";
import { pageJavaScriptGzip } from "./page-weight";

type Row = [string, string | number, string];

/** The largest file in workflows/, e.g. "over-65-deduction-application.json". */
function largestWorkflow(dir = "workflows"): string {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  return files.sort((a, b) => statSync(`${dir}/${b}`).size - statSync(`${dir}/${a}`).size)[0]!;
}

/** Machine build time for the largest workflow file, parsed afresh each time (no cache). */
export function machineBuildTime(dir = "workflows"): Row {
  const largest = largestWorkflow(dir);
  const json = JSON.parse(readFileSync(`${dir}/${largest}`, "utf8")) as unknown;
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    buildMachine(parseWorkflow(json, largest));
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return [`workflow parse + machine build ms (${largest}, p50)`, times[25]!.toFixed(2), ""];
}

/** A new journey through a service: its cookie and its first screen (redirects not followed). */
async function startJourney(base: string, service: string): Promise<{ cookie: string; first: string }> {
  const r = await fetch(`${base}/workflow/${service}`, { redirect: "manual" });
  return {
    cookie: (r.headers.getSetCookie()[0] ?? "").split(";")[0]!,
    first: new URL(r.headers.get("location") ?? "/", base).pathname,
  };
}

/** Screen POST (validate + advance + save) over HTTP, and the JavaScript of a workflow page. */
export async function workflowHttp(base: string): Promise<Row[]> {
  const { cookie } = await startJourney(base, "demo-dog-licence");
  const post = await load(`${base}/workflow/demo-dog-licence/residency`, {
    method: "POST",
    body: "root_livesInCedarport=true&_intent=continue",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    seconds: 8,
  });
  const rows: Row[] = [
    ["workflow screen POST req/s", post.requestsPerSecond, ""],
    ["workflow screen POST p50 / p99 ms", `${post.p50} / ${post.p99}`, "p99 <= 30"],
  ];
  // The demo, and the service with the most to load (its workflow and validators).
  for (const service of ["demo-dog-licence", largestWorkflow().replace(/\.json$/, "")]) {
    const journey = await startJourney(base, service);
    const js = await pageJavaScriptGzip(base + journey.first, { cookie: journey.cookie });
    rows.push([`JavaScript gzip KB workflow page (${service})`, (js.gzipBytes / 1024).toFixed(1), "<= 200"]);
  }
  return rows;
}

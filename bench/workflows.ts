import { readdirSync, readFileSync, statSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { buildMachine } from "../src/workflow/machine";
import { parseWorkflow } from "../src/workflow/parse";
import { load } from "./http";
import { pageJavaScriptGzip } from "./page-weight";

type Row = [string, string | number, string];

/** Machine build time for the largest workflow file, parsed afresh each time (no cache). */
export function machineBuildTime(dir = "workflows"): Row {
  const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
  const largest = files.sort((a, b) => statSync(`${dir}/${b}`).size - statSync(`${dir}/${a}`).size)[0]!;
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

/** A journey's cookie: start the demo service without following redirects. */
async function journeyCookie(base: string): Promise<string> {
  const r = await fetch(`${base}/workflow/demo-dog-licence`, { redirect: "manual" });
  return (r.headers.getSetCookie()[0] ?? "").split(";")[0]!;
}

/** Screen POST (validate + advance + save) over HTTP, and the JavaScript of a workflow page. */
export async function workflowHttp(base: string): Promise<Row[]> {
  const cookie = await journeyCookie(base);
  const post = await load(`${base}/workflow/demo-dog-licence/residency`, {
    method: "POST",
    body: "root_livesInCedarport=true&_intent=continue",
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
    seconds: 8,
  });
  const js = await pageJavaScriptGzip(`${base}/workflow/demo-dog-licence/residency`, { cookie });
  return [
    ["workflow screen POST req/s", post.requestsPerSecond, ""],
    ["workflow screen POST p50 / p99 ms", `${post.p50} / ${post.p99}`, "p99 <= 30"],
    ["JavaScript gzip KB workflow page", (js.gzipBytes / 1024).toFixed(1), "<= 200"],
  ];
}

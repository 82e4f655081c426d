import { existsSync } from "node:fs";
import { coldStart, firstAnswer } from "./cold-start";
import { extraBenchmarks } from "./extra";
import { load } from "./http";
import { lighthouse } from "./lighthouse";
import { pageJavaScriptGzip } from "./page-weight";
import { payPost } from "./payments";
import { againstReference, startReference } from "./reference";
import { startServer } from "./server";

/**
 * `npm run bench`: speed figures on this machine, printed as a table. Targets (issue 2):
 * content-page JavaScript <= 100 KB gzip (issue 17: stays <= 31 KB), CSS <= 30 KB gzip, Lighthouse mobile performance >= 95 and accessibility,
 * best practices, SEO = 100.
 * Content pages (issue 17): cached >= 20,000 req/s, uncached >= 1,000, each beside a reference
 * measured in the same run: a minimal static Node server sending the same HTML (bench/reference.ts).
 * They are asked for with `Accept-Encoding: gzip`, as browsers ask.
 * Cold start (issue 17): process start to the first rendered page <= 1 s (bench/cold-start.ts).
 * Only 127.0.0.1 is loaded, for a bounded time. `--quick` skips Lighthouse and times 30 pay POSTs, not 100.
 */
const quick = process.argv.includes("--quick");
if (!existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const ACTIVITY = "/activity/apply-for-a-homestead-deduction";
const rows: [string, string | number, string][] = [];

const cached = await startServer(3201);
const uncached = await startServer(3202, { PAGE_CACHE_SECONDS: "0" });
try {
  const html = await (await fetch(cached.url + ACTIVITY)).text();
  const gzip = { headers: { "accept-encoding": "gzip" } };
  const reference = await startReference(3203, html);
  let r: Awaited<ReturnType<typeof load>>;
  let referenceMb: number | undefined;
  try {
    r = await load(reference.url + ACTIVITY, gzip);
    referenceMb = reference.residentMb();
  } finally {
    await reference.stop();
  }
  rows.push(["reference: static node:http server, same HTML req/s", r.requestsPerSecond, ""]);
  // Cold start beside the reference's own: a process start to its first answer.
  const referenceStarted = performance.now();
  const starting = await startReference(3204, html);
  const referenceStart = await firstAnswer(starting.url, referenceStarted, () => false);
  await starting.stop();
  const cold = await coldStart(3205);
  rows.push(["reference: static server start to first answer ms", referenceStart, ""]);
  for (const [label, start] of [
    ["cold start to first page ms (empty data folder)", cold.first],
    ["cold start to first page ms (restart)", cold.restart],
  ] as const) {
    const cpu = start.cpuMs === undefined ? "" : `, ${start.cpuMs} ms CPU`;
    const ratio = (start.ms / Math.max(1, referenceStart)).toFixed(1);
    rows.push([label, `${start.ms} (${ratio} × reference${cpu})`, "<= 1000"]);
  }
  rows.push(["reference p50 / p99 ms", `${r.p50} / ${r.p99}`, ""]);
  const c = await load(cached.url + ACTIVITY, gzip);
  rows.push(["cached activity page req/s", againstReference(c, r), ">= 20000"]);
  rows.push(["cached activity page p50 / p99 ms", `${c.p50} / ${c.p99}`, ""]);
  const u = await load(uncached.url + ACTIVITY, gzip);
  rows.push(["uncached activity page req/s", againstReference(u, r), ">= 1000"]);
  rows.push(["uncached activity page p50 / p99 ms", `${u.p50} / ${u.p99}`, ""]);
  // The same with WEB_CONCURRENCY=2 (one process per core here; docs/deploy.md): what a city
  // gets from one command on a machine like this, beside the one process above.
  const two = await startServer(3206, { PAGE_CACHE_SECONDS: "0", WEB_CONCURRENCY: "2" });
  try {
    await bothWarm(two.url);
    const u2 = await load(two.url + ACTIVITY, gzip);
    const ratio = (u2.requestsPerSecond / Math.max(1, u.requestsPerSecond)).toFixed(2);
    rows.push([
      "uncached activity page, 2 processes req/s",
      `${u2.requestsPerSecond} (${ratio} × one process)`,
      "",
    ]);
  } finally {
    await two.stop();
  }
  for (const path of ["/", ACTIVITY, "/activities"]) {
    const js = await pageJavaScriptGzip(cached.url + path);
    rows.push([`JavaScript gzip KB ${path} (${js.files} files)`, (js.gzipBytes / 1024).toFixed(1), "<= 31"]);
    rows.push([`CSS gzip KB ${path}`, (js.cssGzipBytes / 1024).toFixed(1), "<= 30"]);
  }
  if (!quick) {
    for (const path of ["/", ACTIVITY, "/activities"]) {
      const scores = lighthouse(cached.url + path);
      rows.push([
        `Lighthouse ${path}`,
        Object.entries(scores)
          .map(([k, v]) => `${k} ${v}`)
          .join(", "),
        "95/100/100/100",
      ]);
    }
  }
  const resident = (server: { residentMb(): number | undefined }) =>
    `${server.residentMb() ?? "?"} (static reference after its load: ${referenceMb ?? "?"})`;
  rows.push(["server RSS MB after its load, uncached pages only", resident(uncached), "<= 200"]);
  await uncached.stop();
  // Timed before the search figures: their 300 MB index in this process would put its garbage
  // collection into the pay POSTs' client-side times. Its rows follow theirs. Issue 12.
  const pay = await payPost(cached.url, { journeys: quick ? 30 : 100 });
  rows.push(...(await extraBenchmarks(cached.url, r)), ...pay);
  // After everything it answered: pages, screens, lookups, searches and payments (issue 17).
  rows.push(["server RSS MB after the whole bench", resident(cached), "<= 200"]);
} finally {
  await cached.stop();
  await uncached.stop();
}

/**
 * Until several answers in a row say ready: each on a connection of its own, which the operating
 * system gives to either process, so both have built their search index and bundles.
 */
async function bothWarm(base: string): Promise<void> {
  for (let inRow = 0, tries = 0; inRow < 8; tries++) {
    if (tries > 600) throw new Error("bench: the two processes did not both become ready");
    const ready = await fetch(`${base}/readyz`, { headers: { connection: "close" } });
    inRow = ready.ok ? inRow + 1 : 0;
    if (!ready.ok) await new Promise((r) => setTimeout(r, 100));
  }
}

const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\n${"measure".padEnd(width)}  value  (target)`);
for (const [name, value, target] of rows)
  console.log(`${name.padEnd(width)}  ${value}${target ? `  (${target})` : ""}`);

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtFromCurrentSources } from "../../scripts/source-stamp.mjs";
import { required } from "./requirements";
import { childrenOf, type ServerProcess, startServer } from "./server-process";

/**
 * `npm start` (scripts/start.mjs) on a build made from the current sources: it serves the compiled
 * server (build/server/main.js) from its own process with plain `node`, so nothing else stays
 * running beside it (issue 17), and the compiled server finds the files its modules read beside
 * them (migrations, the GraphQL schema, locales, the validators' runtime).
 */
const ready = required(
  builtFromCurrentSources(process.cwd()),
  "No build from the current sources (run `npm run build`)",
  "the npm start tests",
);

describe.runIf(ready)("npm start", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "cedarport-npm-start-"));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the built site from one process, pages, search and a service's bundle included", async () => {
    server = await startServer({ DATA_DIR: dataDir }, 60_000, ["scripts/start.mjs"]);
    expect(server.output()).not.toContain("Building the site");

    const home = await fetch(`${server.base}/?lang=es`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('lang="es"');
    // The search index is built once the server listens; a search before then waits for it.
    const search = await fetch(`${server.base}/search?term=homestead`);
    expect(await search.text()).toContain("/activity/apply-for-a-homestead-deduction");
    // The services' browser bundles (compiled validators): built after start-up, then named on a screen.
    let bundle: string | undefined;
    for (let tries = 0; !bundle && tries < 120; tries++) {
      const screen = await (await fetch(`${server.base}/workflow/demo-dog-licence/residency`)).text();
      bundle = /\/assets\/services\/demo-dog-licence-[0-9a-f]+\.js/.exec(screen)?.[0];
      if (!bundle) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(bundle).toBeDefined();
    expect((await fetch(`${server.base}${bundle}`)).status).toBe(200);
    // No other process stays: the server runs in the one npm started (not under tsx or npx), and
    // esbuild's stops once it has built every service's bundle.
    const { pid } = server;
    for (let tries = 0; childrenOf(pid).length > 0 && tries < 120; tries++)
      await new Promise((resolve) => setTimeout(resolve, 500));
    expect(childrenOf(pid)).toEqual([]);
    // Ready (for a load balancer's readiness check) once the index and the bundles are built.
    const ready = await fetch(`${server.base}/readyz`, { headers: { host: "10.0.0.7" } });
    expect([ready.status, await ready.json()]).toEqual([200, { status: "ready" }]);
  }, 120_000);
});

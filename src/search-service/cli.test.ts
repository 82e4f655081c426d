import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AlgoliaCompatibleHandler, SEARCH_API_PREFIX } from "./algolia-handler";
import { runIndexCli } from "./cli";
import { SearchEngine } from "./engine";

const ROOT = resolve(import.meta.dirname, "../..");

function io(env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { env, out: (line: string) => out.push(line), err: (line: string) => err.push(line) },
    out,
    err,
  };
}

describe("npm run index", () => {
  it("--target embedded builds the index from content/ and prints counts", async () => {
    const run = io();
    expect(await runIndexCli(["--target", "embedded", "--root", ROOT], run.io)).toBe(0);
    expect(run.out[0]).toMatch(
      /^embedded index content_production: \d+ records \(Activity \d+.*en \d+, es \d+\)/,
    );
    expect(run.out[1]).toMatch(/^synonym groups: \d+$/);
  });

  it("--target algolia without credentials says so and exits 1", async () => {
    const run = io({ ALGOLIA_APP_ID: "APP" });
    expect(await runIndexCli(["--target", "algolia", "--root", ROOT], run.io)).toBe(1);
    expect(run.err.join("\n")).toContain("ALGOLIA_APP_ID and ALGOLIA_ADMIN_KEY");
  });

  it("refuses unknown targets and options", async () => {
    expect(await runIndexCli(["--target", "solr"], io().io)).toBe(2);
    expect(await runIndexCli(["--bogus"], io().io)).toBe(2);
  });

  describe("--target algolia against an Algolia-compatible host", () => {
    let server: Server;
    let host: string;
    const engine = new SearchEngine();
    const handler = new AlgoliaCompatibleHandler(engine, { adminApiKey: "admin" });

    beforeAll(async () => {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", async () => {
          const response = await handler.handleAlgoliaRequest(
            req.method ?? "GET",
            req.url ?? "/",
            Buffer.concat(chunks),
            req.headers,
          );
          res.writeHead(response.status, { "content-type": "application/json" });
          res.end(JSON.stringify(response.body));
        });
      });
      await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
      host = `http://127.0.0.1:${(server.address() as AddressInfo).port}${SEARCH_API_PREFIX}`;
    });

    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    it("pushes every record through the client's batch calls", async () => {
      const run = io({ ALGOLIA_APP_ID: "APP", ALGOLIA_ADMIN_KEY: "admin" });
      const code = await runIndexCli(
        ["--target", "algolia", "--index", "content_test", "--root", ROOT, "--host", host],
        run.io,
      );
      expect(run.err).toEqual([]);
      expect(code).toBe(0);
      expect(run.out[0]).toMatch(/^algolia index content_test \(app APP\): pushed \d+ records/);
      const pushed = await engine.search("content_test", { query: "pothole" });
      expect(pushed.hits.map((hit) => hit.slug)).toContain("report-a-pothole");
    });

    it("fails with exit 1 when the key is refused", async () => {
      const run = io({ ALGOLIA_APP_ID: "APP", ALGOLIA_ADMIN_KEY: "wrong" });
      expect(await runIndexCli(["--target", "algolia", "--root", ROOT, "--host", host], run.io)).toBe(1);
      expect(run.err[0]).toContain("Method not allowed with this API key");
    });
  });
});

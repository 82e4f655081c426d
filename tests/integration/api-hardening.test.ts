import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * Issue 9, items 1 and 8 for the APIs, against the whole server over HTTP (production build, fresh
 * SQLite database, not in development): /graphql, /search-api and /api/v1/search answer abuse with
 * small 4xx JSON errors, never a stack trace, and an oversized body does not wedge the connection.
 */
const hasBuild = builtSite("the API hardening tests");

const STACK_OR_PATH = /\s+at |\/work\/|\/home\/|node_modules|\.ts:\d|\.js:\d/;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  socket: unknown;
}

describe.runIf(hasBuild)("API hardening", () => {
  const site = useInProcessApp({ prefix: "cedarport-api-hardening-" });

  function send(
    method: string,
    path: string,
    body?: string | Buffer,
    headers: Record<string, string> = {},
    agent: Agent | false = false,
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port: site.port,
          method,
          path,
          agent,
          headers: {
            ...(body === undefined ? {} : { "content-length": String(Buffer.byteLength(body)) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString("utf8"),
              socket: req.socket,
            }),
          );
        },
      );
      req.setTimeout(10_000, () => req.destroy(new Error("timed out")));
      req.on("error", reject);
      req.end(body);
    });
  }

  const graphql = (query: string, headers: Record<string, string> = {}, agent: Agent | false = false) =>
    send(
      "POST",
      "/graphql",
      JSON.stringify({ query }),
      { "content-type": "application/json", ...headers },
      agent,
    );

  function expectJsonError(answer: Answer, label: string): void {
    expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, label).toBeLessThan(500);
    expect(String(answer.headers["content-type"]), label).toContain("application/json");
    expect(answer.text, label).not.toMatch(STACK_OR_PATH);
  }

  describe("/graphql", () => {
    it("answers the site's queries", async () => {
      const r = await graphql('{ activity(slug: "pay-property-taxes") { title activity_type } }');
      expect(JSON.parse(r.text)).toEqual({
        data: { activity: { title: expect.any(String), activity_type: "Payment" } },
      });
    });

    // Refused before it runs (the depth limit reads the query, no resolver is called): how fast
    // is a figure of `npm run bench` (bench/extra.ts), not a test's.
    it("refuses the six-level nested query, with a small answer", async () => {
      const r = await graphql(
        "{ activities { related_activities { agencies { activities { related_activities { agencies { title } } } } } } }",
      );
      expect(r.text.length).toBeLessThan(1000);
      const body = JSON.parse(r.text);
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/depth/i);
    });

    it("refuses an alias bomb and a 10,000-token query", async () => {
      const aliases = await graphql(
        `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: activities { id }`).join(" ")} }`,
      );
      expect(JSON.parse(aliases.text).errors[0].message).toMatch(/alias/i);
      // 10,000 tokens in 10 KB, under the body limit: only the token limit stops it
      const list = `${"[".repeat(5000)}${"]".repeat(5000)}`;
      const tokens = await graphql(`query Q($a: [Int] = ${list}) { __typename }`);
      expect(JSON.parse(tokens.text).errors[0].message).toMatch(/token/i);
    });

    it("refuses introspection outside development", async () => {
      const body = JSON.parse((await graphql("{ __schema { queryType { name } } }")).text);
      expect(body.data).toBeUndefined();
      expect(body.errors[0].message).toMatch(/introspection/i);
    });

    it("never reflects a foreign Origin in CORS headers", async () => {
      const origin = { origin: "https://evil.example" };
      const post = await graphql("{ __typename }", origin);
      const preflight = await send("OPTIONS", "/graphql", undefined, {
        ...origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      });
      for (const r of [post, preflight]) {
        expect(r.headers["access-control-allow-origin"]).not.toBe("https://evil.example");
        expect(r.headers["access-control-allow-credentials"]).toBeUndefined();
      }
    });

    it("refuses a body over the limit with 413, and the same keep-alive connection answers next", async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const big = JSON.stringify({ query: "{ __typename }", variables: { pad: "x".repeat(64 * 1024) } });
        const refused = await send("POST", "/graphql", big, { "content-type": "application/json" }, agent);
        expect(refused.status).toBe(413);
        expectJsonError(refused, "oversized");
        const next = await graphql("{ __typename }", {}, agent);
        expect(JSON.parse(next.text)).toEqual({ data: { __typename: "Query" } });
        expect(next.socket).toBe(refused.socket);
      } finally {
        agent.destroy();
      }
    });

    it("answers an invalid Host without a stack trace or a file path", async () => {
      for (const host of ["a b", "[::1", "%"]) {
        const body = JSON.stringify({ query: "{ __typename }" });
        const socket = connect(site.port, "127.0.0.1");
        socket.write(
          `POST /graphql HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
        );
        let out = "";
        socket.on("data", (chunk) => {
          out += chunk;
        });
        await new Promise((resolve) => socket.on("close", resolve));
        expect(out, host).toMatch(/^HTTP\/1\.1 [24]\d\d/);
        expect(out, host).not.toMatch(STACK_OR_PATH);
      }
    });
  });

  describe("/search-api", () => {
    const QUERY = "/search-api/1/indexes/content_production/query";
    const json = JSON.stringify({ query: "property taxes", filters: "locale:en" });

    it("takes a gzip or deflate body, decompressed once", async () => {
      for (const [encoding, body] of [
        ["gzip", gzipSync(json)],
        ["deflate", deflateSync(json)],
      ] as const) {
        const r = await send("POST", QUERY, body, {
          "content-type": "application/json",
          "content-encoding": encoding,
        });
        expect(r.status, `${encoding}: ${r.text.slice(0, 200)}`).toBe(200);
        expect(JSON.parse(r.text).nbHits).toBeGreaterThan(0);
      }
    });

    it("answers broken bodies with Algolia-shaped 4xx JSON errors", async () => {
      const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
      const cases: Array<[string, string | Buffer, Record<string, string>]> = [
        ["invalid gzip", "this is not gzip", { "content-encoding": "gzip" }],
        ["truncated deflate", deflateSync(json).subarray(0, 6), { "content-encoding": "deflate" }],
        ["unknown encoding", json, { "content-encoding": "snappy" }],
        ["5,000-level nested JSON", `{"query":"x","page":${deep}}`, {}],
        ["nested JSON, object", `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`, {}],
        ["not JSON", "hello{", {}],
      ];
      for (const [label, body, headers] of cases) {
        const r = await send("POST", QUERY, body, { "content-type": "application/json", ...headers });
        expectJsonError(r, label);
        expect(JSON.parse(r.text), label).toEqual({ status: r.status, message: expect.any(String) });
      }
    });

    it("refuses a body over the search limit with 413, and keeps the connection usable", async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const big = JSON.stringify({ query: "x".repeat(256 * 1024) });
        const refused = await send("POST", QUERY, big, { "content-type": "application/json" }, agent);
        expect(refused.status).toBe(413);
        expectJsonError(refused, "oversized");
        const next = await send("POST", QUERY, json, { "content-type": "application/json" }, agent);
        expect(next.status).toBe(200);
        expect(next.socket).toBe(refused.socket);
      } finally {
        agent.destroy();
      }
    });
  });

  describe("/api/v1/search", () => {
    it("answers malformed parameters with 400 JSON, and odd but valid ones with results", async () => {
      for (const query of [
        "term=a&term=b",
        "term=tax&limit=abc",
        "term=tax&limit=%",
        "term=tax&locale=zz",
        "limit=1e400",
      ]) {
        const r = await send("GET", `/api/v1/search?${query}`);
        expect(r.status, query).toBe(400);
        expectJsonError(r, query);
      }
      for (const query of [
        "term=%E0%A4%A",
        "term=%",
        "term=tax?x=1",
        `term=${"x".repeat(5000)}`,
        "term[]=x",
      ]) {
        const r = await send("GET", `/api/v1/search?${query}`);
        expect(r.status, query).toBe(200);
        expect(JSON.parse(r.text)).toEqual({ results: expect.any(Array) });
      }
    });
  });
});

import { Agent, request as httpRequest, type Server } from "node:http";
import { connect } from "node:net";
import { gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { openSqlite } from "../db/sqlite";
import { readContent, storeContent } from "./load";
import {
  CONTENT_MAX_BODY_BYTES,
  type ContentService,
  contentServiceEndpoint,
  createContentService,
} from "./service";
import { ContentStore } from "./store";

/**
 * The content service's defences (issue 9): query limits, introspection, CORS, and the HTTP endpoint
 * that caps bodies and never shows internals. The content is the site's own.
 */

/** The nested query of issue 9: six levels of lists, seconds and ~25 MB before the limits. */
const NESTED =
  "{ activities { related_activities { agencies { activities { related_activities { agencies { title } } } } } } }";
/** Five lists deep but within the depth limit: only the fan-out limit sees it. */
const FAN_OUT =
  "{ activities { related_activities { agencies { activities { related_activities { id slug title subtitle } } } } } }";

let db: Database;
let service: ContentService;

async function post(
  s: ContentService,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  text: string;
  json: { data?: unknown; errors?: { message: string }[] };
  ms: number;
  headers: Headers;
}> {
  const started = performance.now();
  const response = await s.fetch("http://content.internal/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: JSON.parse(text),
    ms: performance.now() - started,
    headers: response.headers,
  };
}

beforeAll(async () => {
  db = await openSqlite(":memory:");
  await migrate(db);
  await storeContent(db, readContent("content"));
  service = createContentService({ store: new ContentStore(db, 0), draftToken: "secret" });
  // The public endpoint loads graphql-yoga at its first request (issue 17): load it here, so that
  // the timings below are the refusals' own.
  await post(service, { query: "{ __typename }" });
});
afterAll(() => db.close());

describe("content service limits", () => {
  it("refuses the nested query at once, with a small answer", async () => {
    const r = await post(service, { query: NESTED });
    expect(r.json.data).toBeUndefined();
    expect(r.json.errors?.[0]?.message).toMatch(/depth limit of 6/);
    expect(r.text.length).toBeLessThan(500);
    expect(r.ms).toBeLessThan(500);
  });

  it("refuses a query whose lists fan out too far, though it is within the depth limit", async () => {
    const r = await post(service, { query: FAN_OUT });
    expect(r.json.data).toBeUndefined();
    expect(r.json.errors?.[0]?.message).toMatch(/Query too large/);
    expect(r.text.length).toBeLessThan(500);
  });

  it("refuses an alias bomb", async () => {
    const query = `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: activities { title }`).join(" ")} }`;
    const r = await post(service, { query });
    expect(r.json.data).toBeUndefined();
    expect(r.json.errors?.[0]?.message).toMatch(/Aliases limit/);
  });

  it("refuses a 10,000-token query, and too many directives", async () => {
    const tokens = await post(service, { query: `{ activities { ${"id ".repeat(10_000)} } }` });
    expect(tokens.json.errors?.[0]?.message).toMatch(/Token limit/);
    const directives = await post(service, {
      query: `{ activities { id ${"@include(if: true) ".repeat(20)} } }`,
    });
    expect(directives.json.errors?.[0]?.message).toMatch(/Directives limit/);
  });

  it("refuses introspection unless asked for, keeps __typename, and hides field suggestions", async () => {
    const schemaQuery = { query: "{ __schema { types { name } } }" };
    const refused = await post(service, schemaQuery);
    expect(refused.json.data).toBeUndefined();
    expect(refused.json.errors?.[0]?.message).toMatch(/introspection has been disabled/);
    expect(
      (await post(service, { query: '{ __type(name: "Activity") { name } }' })).json.data,
    ).toBeUndefined();
    expect((await post(service, { query: "{ __typename }" })).json.data).toEqual({ __typename: "Query" });

    const dev = createContentService({
      store: new ContentStore(db, 0),
      draftToken: "s",
      introspection: true,
    });
    expect((await post(dev, schemaQuery)).json.data).toMatchObject({
      __schema: { types: expect.any(Array) },
    });

    const typo = await post(service, { query: "{ activitie { title } }" });
    expect(typo.text).not.toMatch(/Did you mean/);
  });

  it("answers no cross-origin request: no Access-Control headers, whatever the Origin", async () => {
    const r = await post(service, { query: "{ __typename }" }, { origin: "https://evil.example" });
    expect(r.headers.get("access-control-allow-origin")).toBeNull();
    expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    const preflight = await service.fetch("http://content.internal/graphql", {
      method: "OPTIONS",
      headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("content service endpoint over HTTP", () => {
  let server: Server;
  let port: number;
  const logged: unknown[] = [];

  beforeAll(async () => {
    const app = express();
    app.use("/graphql", contentServiceEndpoint(service, { log: (_m, e) => logged.push(e) }));
    app.use(
      "/broken",
      contentServiceEndpoint(
        {
          fetch: () => {
            throw new Error(`failed in ${import.meta.filename}`);
          },
        },
        { log: (_m, e) => logged.push(e) },
      ),
    );
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** One raw HTTP/1.1 exchange, so the Host header can be anything. */
  async function raw(host: string, path = "/graphql"): Promise<string> {
    const body = JSON.stringify({ query: "{ __typename }" });
    const socket = connect(port, "127.0.0.1");
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    let out = "";
    socket.on("data", (chunk) => {
      out += chunk;
    });
    await new Promise((resolve) => socket.on("close", resolve));
    return out;
  }

  function send(
    agent: Agent,
    body: string | Buffer,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; socket: unknown }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/graphql",
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
            ...headers,
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk) => {
            text += chunk;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text, socket: req.socket }));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }

  it("answers a request with an unparsable Host without a stack trace or a file path", async () => {
    for (const host of ["a b", "[::1", "x:99999", "%"]) {
      const out = await raw(host);
      expect(out, host).toMatch(/^HTTP\/1\.1 200/);
      expect(out).toContain('{"data":{"__typename":"Query"}}');
      expect(out).not.toMatch(/\s+at |\/work\/|node_modules|TypeError/);
    }
  });

  it("answers a failure inside the service with a JSON 500 that shows nothing of it", async () => {
    const out = await raw("localhost", "/broken");
    expect(out).toMatch(/^HTTP\/1\.1 500/);
    expect(out).toContain('{"errors":[{"message":"Unexpected error."}]}');
    expect(out).not.toMatch(/service\.test|\s+at |failed in/);
    expect(logged.length).toBeGreaterThan(0);
  });

  it("refuses a body over the limit with 413, and the same keep-alive connection answers the next request", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = JSON.stringify({ query: "{ __typename }", padding: "x".repeat(CONTENT_MAX_BODY_BYTES) });
      const refused = await send(agent, big);
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.text)).toEqual({
        errors: [{ message: expect.stringMatching(/larger than/) }],
      });
      const next = await send(agent, JSON.stringify({ query: "{ __typename }" }));
      expect(next.status).toBe(200);
      expect(JSON.parse(next.text)).toEqual({ data: { __typename: "Query" } });
      expect(next.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });

  it("refuses a compressed body with 415", async () => {
    const agent = new Agent({ keepAlive: false });
    try {
      const r = await send(agent, gzipSync(JSON.stringify({ query: "{ __typename }" })), {
        "content-encoding": "gzip",
      });
      expect(r.status).toBe(415);
      expect(JSON.parse(r.text).errors[0].message).toMatch(/Compressed/);
    } finally {
      agent.destroy();
    }
  });

  it("serves the site's queries over GET and POST", async () => {
    const get = await fetch(
      `http://127.0.0.1:${port}/graphql?query=${encodeURIComponent('{ activity(slug: "pay-property-taxes") { title } }')}`,
    );
    expect(await get.json()).toEqual({ data: { activity: { title: "Pay property taxes" } } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createContentClient } from "../content/client";
import { contentQueries, queries } from "../content/queries";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { openSqlite } from "../db/sqlite";
import { readContent, storeContent } from "./load";
import { type ContentService, createContentService } from "./service";
import { ContentStore } from "./store";

/**
 * The site's in-process queries skip graphql-yoga (issue 17): for every query of the site, published
 * and draft, and for the errors, inProcessFetch answers what the public endpoint (yoga) answers.
 */

/** What graphql-request sends (src/content/client.ts): its Accept header and a JSON body. */
const HEADERS = {
  accept: "application/graphql-response+json, application/json",
  "content-type": "application/json",
};

const content = readContent("content");
const draft = content.docs.find((d) => d.type === "activity" && d.doc.stage === "draft")?.doc as {
  slug: string;
};

/** Variables for each query: real items, so that the answers are full ones. */
const VARIABLES: Record<keyof typeof queries, Record<string, unknown>> = {
  activity: { slug: "apply-for-a-homestead-deduction" },
  activities: {},
  agency: { slug: "auditor" },
  agencies: {},
  topic: { slug: "property-taxes" },
  topics: {},
  page: { slug: "privacy" },
  banners: {},
  landingPage: {},
  person: { id: "council-president-marcus-hill" },
  persons: {},
  search: { search: "homestead", locale: ["en"] },
};

let db: Database;
let service: ContentService;

async function both(
  body: unknown,
  headers: Record<string, string> = {},
  s: ContentService = service,
): Promise<{
  yoga: { status: number; json: unknown };
  inProcess: { status: number; json: unknown };
  /** The in-process answer as sent. */
  text: string;
}> {
  const init = { method: "POST", headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) };
  const fromYoga = await s.fetch("http://content.internal/graphql", init);
  const fromInProcess = await s.inProcessFetch("http://content.internal/graphql", init);
  const text = await fromInProcess.text();
  return {
    yoga: { status: fromYoga.status, json: await fromYoga.json() },
    inProcess: { status: fromInProcess.status, json: JSON.parse(text) },
    text,
  };
}

beforeAll(async () => {
  db = await openSqlite(":memory:");
  await migrate(db);
  await storeContent(db, content);
  service = createContentService({
    store: new ContentStore(db, 0),
    draftToken: "secret",
    now: () => new Date("2026-11-22T12:00:00Z"),
  });
});
afterAll(() => db.close());

describe("in-process content queries", () => {
  it.each(Object.keys(queries) as (keyof typeof queries)[])("answers %s as yoga does", async (name) => {
    const published = await both({ query: queries[name], variables: VARIABLES[name] });
    expect(published.inProcess).toEqual(published.yoga);
    expect(published.inProcess.status).toBe(200);
    expect(JSON.stringify(published.inProcess.json).length).toBeGreaterThan(20);

    if (name === "search") return; // no stage
    const variables = {
      ...VARIABLES[name],
      ...(name === "activity" ? { slug: draft.slug } : {}),
      stage: "DRAFT",
    };
    const drafts = await both({ query: queries[name], variables }, { authorization: "Bearer secret" });
    expect(drafts.inProcess).toEqual(drafts.yoga);
    expect(drafts.inProcess.status).toBe(200);

    const refused = await both({ query: queries[name], variables }, { authorization: "Bearer nope" });
    expect(refused.inProcess).toEqual(refused.yoga);
    expect(refused.inProcess.status).toBe(403);
  });

  it("serves the draft activity only with the credential, through the content client", async () => {
    const client = (headers?: Record<string, string>) =>
      contentQueries(
        createContentClient({ endpoint: "http://content.internal/graphql", fetch: service.inProcessFetch }),
        headers,
      );
    expect(await client().activity(draft.slug)).toBeNull();
    await expect(client().activity(draft.slug, "DRAFT")).rejects.toMatchObject({ status: 403 });
    expect((await client({ authorization: "Bearer secret" }).activity(draft.slug, "DRAFT"))?.stage).toBe(
      "DRAFT",
    );
  });

  it("answers syntax and validation errors as yoga does (400, no data)", async () => {
    for (const query of [
      "{ nope }",
      "{ activities { ",
      'query A { page(slug: "x") { id } } query B { __typename }',
    ]) {
      const r = await both({ query });
      expect(r.inProcess, query).toEqual(r.yoga);
      expect(r.inProcess.status, query).toBe(400);
    }
    const named = await both({
      query: 'query A { page(slug: "x") { id } } query B { __typename }',
      operationName: "B",
    });
    expect(named.inProcess).toEqual(named.yoga);
  });

  it("masks an unexpected error in a resolver as yoga does, with nothing of its cause", async () => {
    const snapshot = await new ContentStore(db, 0).snapshot();
    const broken = {
      ...snapshot,
      all: new Proxy(snapshot.all, {
        get() {
          throw new Error(`secret internals in ${import.meta.filename}`);
        },
      }),
    };
    const store = { snapshot: async () => broken } as unknown as ContentStore;
    const s = createContentService({ store, draftToken: "secret" });
    const r = await both({ query: queries.activities, variables: {} }, {}, s);
    expect(r.inProcess).toEqual(r.yoga);
    expect(r.inProcess.json).toEqual({
      errors: [
        {
          message: "Unexpected error.",
          locations: [expect.any(Object)],
          path: ["activities"],
          extensions: { code: "INTERNAL_SERVER_ERROR" },
        },
      ],
      data: null,
    });
    expect(r.text).not.toMatch(/secret|internals|in-process\.test|\s+at /);
  });

  it("masks a failure of the content store as yoga does (500, no data)", async () => {
    const store = {
      snapshot: async () => {
        throw new Error("database password is hunter2");
      },
    } as unknown as ContentStore;
    const s = createContentService({ store, draftToken: "secret" });
    const r = await both({ query: queries.banners, variables: {} }, {}, s);
    expect(r.inProcess).toEqual(r.yoga);
    expect(r.inProcess.status).toBe(500);
    expect(r.text).not.toMatch(/hunter2/);
  });

  it("refuses a body that is not a GraphQL request with 400", async () => {
    for (const body of ["not json", "[]", JSON.stringify({ variables: {} })]) {
      const r = await service.inProcessFetch("http://content.internal/graphql", {
        method: "POST",
        headers: HEADERS,
        body,
      });
      expect(r.status, body).toBe(400);
      expect((await r.json()).errors[0].message).toEqual(expect.any(String));
    }
  });
});

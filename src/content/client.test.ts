import { describe, expect, it } from "vitest";
import { ContentClientError, createContentClient } from "./client";

const respond =
  (body: string, status = 200, type = "application/json") =>
  async () =>
    new Response(body, { status, headers: { "content-type": type } });

describe("content client", () => {
  it("returns data", async () => {
    const client = createContentClient({ endpoint: "http://x/graphql", fetch: respond('{"data":{"ok":1}}') });
    expect(await client.request<{ ok: number }>({ query: "{ ok }" })).toEqual({ ok: 1 });
  });

  it.each([
    ["a status of 300 or more", respond('{"data":{}}', 302)],
    ["a server error", respond("oops", 500, "text/plain")],
    ["a body that is not JSON", respond("<html>", 200, "text/html")],
    ["neither data nor errors", respond('{"hello":1}')],
    ["GraphQL errors", respond('{"errors":[{"message":"boom"}]}')],
  ])("fails on %s", async (_, fetch) => {
    const client = createContentClient({ endpoint: "http://x/graphql", fetch });
    await expect(client.request({ query: "{ ok }" })).rejects.toBeInstanceOf(ContentClientError);
  });

  it("rejects an operation with keys other than query, operationName, variables, extensions, context", async () => {
    const client = createContentClient({ endpoint: "http://x/graphql", fetch: respond('{"data":{}}') });
    await expect(client.request({ query: "{ ok }", mutation: "x" } as never)).rejects.toThrow(
      /Invalid operation key/,
    );
    await expect(
      client.request({ query: "{ ok }", operationName: "Q", variables: {}, extensions: {}, context: {} }),
    ).resolves.toEqual({});
  });

  it("sends optional headers, per-request headers and calls the per-request hook", async () => {
    const seen: Headers[] = [];
    const client = createContentClient({
      endpoint: "http://x/graphql",
      headers: { "x-site": "cedarport" },
      onRequest: ({ headers }) => headers.set("x-trace", "1"),
      fetch: async (_input, init) => {
        seen.push(new Headers(init?.headers));
        return new Response('{"data":{}}', { headers: { "content-type": "application/json" } });
      },
    });
    await client.request({ query: "{ ok }", context: { headers: { authorization: "Bearer t" } } });
    expect(seen[0]?.get("x-site")).toBe("cedarport");
    expect(seen[0]?.get("x-trace")).toBe("1");
    expect(seen[0]?.get("authorization")).toBe("Bearer t");
  });
});

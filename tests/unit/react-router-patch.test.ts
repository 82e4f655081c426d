import { createRequire } from "node:module";
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

// React Router as Node resolves it for the server (its ES module build, which the patch changes);
// Vitest's own import would hand this file the CommonJS build, which the server never loads.
const { createRequestHandler } = createRequire(import.meta.url)(
  "react-router",
) as typeof import("react-router");

/**
 * patches/react-router+7.18.4.patch, checked against the React Router that Node loads: the route
 * data meant for the browser is encoded only when an entry reads it (src/app/entry.server.tsx does
 * for pages that hydrate), not for every page.
 */
function siteWhoseEntry(seen: (context: Record<string, unknown>) => void): ServerBuild {
  return {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: unknown) => {
          seen(context as Record<string, unknown>);
          return new Response("<!DOCTYPE html><p>page</p>", { status, headers });
        },
      },
    },
    routes: {
      root: {
        id: "root",
        path: "",
        module: { default: () => null, loader: () => ({ greeting: "hello" }) },
      },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {
        root: {
          id: "root",
          path: "",
          module: "/root.js",
          hasAction: false,
          hasLoader: true,
          hasClientAction: false,
          hasClientLoader: false,
          hasClientMiddleware: false,
          hasErrorBoundary: false,
        },
      },
      url: "/manifest.js",
      version: "1",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

describe("React Router's document request, as patched", () => {
  it("encodes the route data for the browser only when the entry reads it", async () => {
    let context: Record<string, unknown> = {};
    const handler = createRequestHandler(
      siteWhoseEntry((c) => (context = c)),
      "production",
    );
    expect((await handler(new Request("http://localhost/"))).status).toBe(200);
    const handoff = Object.getOwnPropertyDescriptor(context, "serverHandoffStream");
    expect(typeof handoff?.get).toBe("function");
    const stream = context.serverHandoffStream as ReadableStream<Uint8Array>;
    expect(context.serverHandoffStream).toBe(stream);
    const text = await new Response(stream).text();
    expect(text).toContain("hello");
  });
});

import { renderToString } from "react-dom/server";
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { redactError } from "../server/redact-url";
import { NonceContext } from "./lib/nonce";
import { jsonInScript } from "./lib/script-json";

/**
 * React Router's server entry, with the response's CSP nonce on every script it writes (the page
 * shell's and the route data's), so the policy needs no 'unsafe-inline' scripts, and the page
 * rendered to one string rather than streamed (docs/adr/0009-speed.md, "One string per page").
 */
export const streamTimeout = 5_000;

/**
 * React Router's own error log (as its default), with credentials in addresses redacted: its
 * messages quote the path, e.g. a POST to a save-and-return link (/workflow/…/resume/<token>).
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A route error response keeps the original error in `error` (React Router's own default reads it).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  console.error(redactError(inner ?? error));
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD")
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = loadContext.nonce || undefined;
  // React Router writes the route data for hydration through a component that suspends on its
  // stream, which only React's streaming renderer waits for. No route defers data, so the page is
  // rendered without it (the context seen through one that hides the stream), to one string: no
  // stream, no chunks encoded and copied. The data's scripts are then written where that component
  // put them, last in the body, and only for pages that hydrate (<Scripts> rendered, ADR 3). React
  // Router encodes the data when the stream is first read (patches/react-router+*.patch), so the
  // other pages never pay for it.
  const withoutData: EntryContext = Object.create(routerContext, {
    serverHandoffStream: { value: undefined },
  });
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={withoutData} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  const hydrated = routerContext.renderMeta?.didRenderScripts === true;
  const stream = hydrated ? routerContext.serverHandoffStream : undefined;
  const data = stream ? await routeDataScripts(stream, nonce) : "";
  const end = data ? html.lastIndexOf("</body>") : -1;
  const page = end < 0 ? html + data : html.slice(0, end) + data + html.slice(end);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${page}`, {
    headers: responseHeaders,
    status: responseStatusCode,
  });
}

/** The browser's copy of the route data, as React Router's own `StreamTransfer` writes it. */
async function routeDataScripts(
  stream: ReadableStream<Uint8Array>,
  nonce: string | undefined,
): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let text = "";
  for (let read = await reader.read(); !read.done; read = await reader.read())
    text += decoder.decode(read.value, { stream: true });
  text += decoder.decode();
  const open = nonce ? `<script nonce="${nonce}">` : "<script>";
  const controller = "window.__reactRouterContext.streamController";
  return `${open}${controller}.enqueue(${jsonInScript(text)});</script>${open}${controller}.close();</script>`;
}

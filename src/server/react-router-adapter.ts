import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * Express ⇄ Fetch API conversion for React Router's request handler. Written here (rather than
 * using @react-router/express) so the server can cache whole responses and set limits.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, pathOverride?: string): Request {
  const origin = `${req.protocol}://${req.get("host") ?? "localhost"}`;
  const url = new URL(pathOverride ?? req.originalUrl, origin);
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  // Aborted only when the connection closes before the answer is sent: aborting after every
  // answer made an AbortError (a DOMException, with its stack) for each request.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    // The body is already read and bounded by the server (express.raw); a stream remains for
    // callers that did not read it.
    if (Buffer.isBuffer(req.body)) {
      init.body = new Uint8Array(req.body);
      headers.delete("content-encoding");
      headers.set("content-length", String(req.body.length));
    } else {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = "half";
    }
  }
  return new Request(url, init);
}

export async function sendFetchResponse(
  res: ExpressResponse,
  response: Response,
  body?: Buffer,
): Promise<void> {
  res.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === "set-cookie") continue;
    res.setHeader(key, value);
  }
  // Cookies set for this request before React Router answered (the address's language) are kept
  // beside the page's own.
  const earlier = res.getHeader("set-cookie");
  const cookies = [
    ...(earlier === undefined ? [] : [earlier].flat().map(String)),
    ...response.headers.getSetCookie(),
  ];
  if (cookies.length) res.setHeader("set-cookie", cookies);
  if (body) {
    res.end(body);
    return;
  }
  // A page is rendered whole (src/app/entry.server.tsx): one write, not a stream relayed chunk by chunk.
  if (response.headers.get("content-type")?.startsWith("text/html")) {
    res.end(Buffer.from(await response.arrayBuffer()));
    return;
  }
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve, reject) => {
    Readable.fromWeb(response.body as unknown as NodeReadableStream)
      .on("error", reject)
      .pipe(res)
      .on("finish", resolve)
      .on("error", reject);
  });
}

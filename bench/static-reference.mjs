import { createServer } from "node:http";
import { gzipSync } from "node:zlib";

/**
 * The reference the content-page figures are printed beside (issue 17; bench/reference.ts): the
 * least a Node server can do to send a page. It reads the HTML from stdin once, gzips it once, and
 * answers every request with those bytes (gzip when asked for), from node:http with nothing else.
 * `node bench/static-reference.mjs <port>`; says "ready" when it listens on 127.0.0.1.
 */
const port = Number(process.argv[2]);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const html = Buffer.concat(chunks);
const gzip = gzipSync(html, { level: 9 });
const head = (body, encoding) => ({
  "Content-Type": "text/html",
  Vary: "Accept-Encoding",
  "Content-Length": String(body.length),
  ...(encoding ? { "Content-Encoding": encoding } : {}),
});
const plainHead = head(html);
const gzipHead = head(gzip, "gzip");
createServer((req, res) => {
  const gzipped = /\bgzip\b/.test(req.headers["accept-encoding"] ?? "");
  res.writeHead(200, gzipped ? gzipHead : plainHead);
  res.end(gzipped ? gzip : html);
}).listen(port, "127.0.0.1", () => process.stdout.write("ready\n"));

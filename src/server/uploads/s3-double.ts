/**
 * A stand-in for an S3-compatible bucket, for tests only (nothing in the server imports it): an HTTP
 * server on 127.0.0.1 that answers PutObject, GetObject, HeadObject and DeleteObject as the S3 REST
 * API documents them, keeps objects in memory, and checks every request's AWS Signature Version 4
 * the way S3 does. Its signature check is written here from the documented canonical request
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html), not with the
 * signing library the adapter uses, so a request it accepts is one S3 would.
 *
 * Errors carry S3's XML error body (<Error><Code>…</Code><Message>…</Message>…</Error>).
 * Tests inject faults with `failNext` (an error status) and `hangNext` (no answer at all).
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface S3DoubleOptions {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  bucket: string;
  now?: () => Date;
}

export interface S3DoubleRequest {
  method: string;
  /** The object's key (without the bucket), or "" for the bucket itself. */
  key: string;
  headers: Record<string, string | string[] | undefined>;
  /** What the double answered. */
  status: number;
  code?: string;
}

export interface S3Double {
  /** `http://127.0.0.1:<port>`: the endpoint, for path-style requests. */
  readonly endpoint: string;
  /** Objects by key, as stored: the bytes exactly as they were sent. */
  readonly objects: Map<string, Buffer>;
  readonly requests: S3DoubleRequest[];
  /** The next `count` requests answer `status` with `code` (default 500 InternalError), unsigned or not. */
  failNext(count?: number, status?: number, code?: string): void;
  /** The next `count` requests are read and never answered (until `close`). */
  hangNext(count?: number): void;
  close(): Promise<void>;
}

const UNSIGNED = "UNSIGNED-PAYLOAD";
/** S3 refuses a request signed more than 15 minutes from its own clock. */
const MAX_SKEW_MS = 15 * 60_000;

const MESSAGES: Record<string, string> = {
  AccessDenied: "Access Denied",
  AuthorizationHeaderMalformed: "The authorization header is malformed.",
  InternalError: "We encountered an internal error. Please try again.",
  InvalidAccessKeyId: "The AWS Access Key Id you provided does not exist in our records.",
  MethodNotAllowed: "The specified method is not allowed against this resource.",
  NoSuchBucket: "The specified bucket does not exist",
  NoSuchKey: "The specified key does not exist.",
  RequestTimeTooSkewed: "The difference between the request time and the current time is too large.",
  SignatureDoesNotMatch:
    "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
  SlowDown: "Please reduce your request rate.",
  XAmzContentSHA256Mismatch: "The provided 'x-amz-content-sha256' header does not match what was computed.",
};

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function errorXml(code: string, resource: string, requestId: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(MESSAGES[code] ?? code)}</Message><Resource>${escapeXml(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
}

/** S3's UriEncode: every byte but A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex); "/" kept when asked. */
export function uriEncode(text: string, keepSlash: boolean): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The canonical request of S3's documentation, from the request as received. */
export function canonicalRequest(request: {
  method: string;
  /** The path and query as sent (percent-encoded). */
  rawUrl: string;
  headers: Record<string, string | string[] | undefined>;
  signedHeaders: string[];
  payloadHash: string;
}): string {
  const [rawPath = "/", rawQuery = ""] = request.rawUrl.split("?", 2);
  // Each segment decoded, then encoded once: S3 does not normalize the path (no "." removal).
  const uri = rawPath
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment), false))
    .join("/");
  const query = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf("=");
      const [name, value] = at < 0 ? [pair, ""] : [pair.slice(0, at), pair.slice(at + 1)];
      const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, "%20"));
      return [uriEncode(decode(name), false), uriEncode(decode(value), false)] as const;
    })
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const headerLines = request.signedHeaders.map((name) => {
    const raw = request.headers[name];
    const value = Array.isArray(raw) ? raw.join(",") : (raw ?? "");
    return `${name}:${value.trim().replace(/\s+/g, " ")}\n`;
  });
  return [
    request.method,
    uri,
    query,
    headerLines.join(""),
    request.signedHeaders.join(";"),
    request.payloadHash,
  ].join("\n");
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/** The signature of a canonical request: StringToSign, signed with the key derived from the secret. */
export function signatureOf(
  canonical: string,
  opts: { secretAccessKey: string; amzDate: string; region: string; service?: string },
): string {
  const date = opts.amzDate.slice(0, 8);
  const scope = `${date}/${opts.region}/${opts.service ?? "s3"}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", opts.amzDate, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(
    hmac(hmac(hmac(`AWS4${opts.secretAccessKey}`, date), opts.region), opts.service ?? "s3"),
    "aws4_request",
  );
  return createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/([^/\s,]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** Parses `20130524T000000Z`. */
function amzTime(value: string): number | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : undefined;
}

/** Why S3 would refuse this request's signature (an error code), or undefined when it holds. */
export function signatureProblem(
  req: { method: string; rawUrl: string; headers: Record<string, string | string[] | undefined> },
  body: Buffer,
  opts: S3DoubleOptions,
): { status: number; code: string } | undefined {
  const header = req.headers.authorization;
  if (typeof header !== "string") return { status: 403, code: "AccessDenied" };
  const m = AUTHORIZATION.exec(header);
  if (!m) return { status: 400, code: "AuthorizationHeaderMalformed" };
  const [, keyId, date, region, service, signed = "", signature = ""] = m;
  if (keyId !== opts.accessKeyId) return { status: 403, code: "InvalidAccessKeyId" };
  if (region !== opts.region || service !== "s3")
    return { status: 400, code: "AuthorizationHeaderMalformed" };
  const signedHeaders = signed.split(";");
  // Sorted, and covering what S3 requires to be signed.
  if (
    signedHeaders.join(";") !== [...signedHeaders].sort().join(";") ||
    !["host", "x-amz-date", "x-amz-content-sha256"].every((h) => signedHeaders.includes(h)) ||
    signedHeaders.some((h) => req.headers[h] === undefined)
  )
    return { status: 400, code: "AuthorizationHeaderMalformed" };
  const amzDate = String(req.headers["x-amz-date"]);
  const at = amzTime(amzDate);
  if (at === undefined || amzDate.slice(0, 8) !== date) return { status: 403, code: "AccessDenied" };
  if (Math.abs(at - (opts.now?.() ?? new Date()).getTime()) > MAX_SKEW_MS)
    return { status: 403, code: "RequestTimeTooSkewed" };
  const payloadHash = String(req.headers["x-amz-content-sha256"]);
  if (payloadHash !== UNSIGNED && payloadHash !== sha256Hex(body))
    return { status: 400, code: "XAmzContentSHA256Mismatch" };
  const expected = signatureOf(canonicalRequest({ ...req, signedHeaders, payloadHash }), {
    secretAccessKey: opts.secretAccessKey,
    amzDate,
    region: opts.region,
  });
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature)))
    return { status: 403, code: "SignatureDoesNotMatch" };
  return undefined;
}

/** The bucket and key a request names, path-style (/bucket/key) or virtual-hosted (bucket.host/key). */
function target(req: IncomingMessage, bucket: string): { bucket: string; key: string } {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const host = (req.headers.host ?? "").split(":")[0] ?? "";
  if (host.startsWith(`${bucket}.`)) return { bucket, key: decodeURIComponent(path.slice(1)) };
  const [, first = "", ...rest] = path.split("/");
  return { bucket: decodeURIComponent(first), key: decodeURIComponent(rest.join("/")) };
}

export async function startS3Double(options: S3DoubleOptions): Promise<S3Double> {
  const objects = new Map<string, Buffer>();
  const requests: S3DoubleRequest[] = [];
  let failures: { count: number; status: number; code: string } = { count: 0, status: 500, code: "" };
  let hangs = 0;
  let sequence = 0;

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const { bucket, key } = target(req, options.bucket);
      const requestId = `DOUBLE${String(++sequence).padStart(10, "0")}`;
      const record = (status: number, code?: string) =>
        requests.push({ method, key, headers: { ...req.headers }, status, ...(code ? { code } : {}) });
      const fail = (status: number, code: string) => {
        record(status, code);
        const xml = errorXml(code, `/${bucket}/${key}`, requestId);
        res.writeHead(status, {
          "content-type": "application/xml",
          "x-amz-request-id": requestId,
          // HEAD answers carry no body (RFC 9110), as S3's do not.
          ...(method === "HEAD" ? {} : { "content-length": Buffer.byteLength(xml) }),
        });
        res.end(method === "HEAD" ? undefined : xml);
      };

      if (hangs > 0) {
        hangs--;
        record(0, "hang");
        return;
      }
      if (failures.count > 0) {
        failures.count--;
        return fail(failures.status, failures.code);
      }
      const problem = signatureProblem(
        { method, rawUrl: req.url ?? "/", headers: req.headers },
        body,
        options,
      );
      if (problem) return fail(problem.status, problem.code);
      if (bucket !== options.bucket) return fail(404, "NoSuchBucket");
      if (!key) return fail(405, "MethodNotAllowed");

      const ok = (status: number, headers: Record<string, string | number> = {}, payload?: Buffer) => {
        record(status);
        res.writeHead(status, { "x-amz-request-id": requestId, ...headers });
        res.end(payload);
      };
      const etag = (bytes: Buffer) => `"${createHash("md5").update(bytes).digest("hex")}"`;
      switch (method) {
        case "PUT":
          objects.set(key, body);
          return ok(200, { etag: etag(body), "content-length": 0 });
        case "GET":
        case "HEAD": {
          const stored = objects.get(key);
          if (!stored) return fail(404, "NoSuchKey");
          const headers = {
            "content-type": "application/octet-stream",
            "content-length": stored.length,
            etag: etag(stored),
          };
          return ok(200, headers, method === "GET" ? stored : undefined);
        }
        case "DELETE":
          // S3 answers 204 whether or not there was such an object.
          objects.delete(key);
          return ok(204);
        default:
          return fail(405, "MethodNotAllowed");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    failNext(count = 1, status = 500, code = "InternalError") {
      failures = { count, status, code };
    },
    hangNext(count = 1) {
      hangs = count;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

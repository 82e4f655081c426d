/**
 * Uploaded documents in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, DigitalOcean
 * Spaces…), selected with UPLOAD_STORAGE=s3 (docs/deploy.md). It keeps what the folder storage
 * keeps: the bytes upload-store.ts sealed with DATA_KEY, by the upload's id, so the bucket never
 * holds a readable document nor a resident's file name.
 *
 *   put     PUT    /<bucket>/<prefix><id>   (the sealed bytes; their SHA-256 is signed)
 *   get     GET    /<bucket>/<prefix><id>   200 the bytes; 404 NoSuchKey: undefined
 *   delete  DELETE /<bucket>/<prefix><id>   204, whether or not it was there
 *
 * (path-style; virtual-hosted style puts the bucket in the host name instead.) Requests are signed
 * with AWS Signature Version 4 (aws4fetch). Objects are private: no ACL is ever sent, so an object
 * is readable by the bucket's owner alone, and nothing is served from the bucket to residents.
 *
 * Failures are errors (S3StorageError) for upload-store.ts to answer: an error status with S3's XML
 * error code, no answer within `timeoutMs`, or no connection. A 5xx or a dropped connection is tried
 * once more (S3 asks clients to retry InternalError and SlowDown, and a PUT, GET or DELETE of the
 * same key is safe twice); a request that timed out is not, so a bucket that hangs costs the
 * resident one timeout.
 */
import { createHash } from "node:crypto";
import { AwsV4Signer } from "aws4fetch";
import type { S3StorageConfig } from "../config";
import type { FileStorage } from "./file-storage";

export type S3Settings = Omit<S3StorageConfig, "kind">;

export class S3StorageError extends Error {
  constructor(
    message: string,
    /** S3's error code (NoSuchBucket, AccessDenied, SignatureDoesNotMatch…) when it answered with one. */
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "S3StorageError";
  }
}

/** Ids are ours (random, url-safe), as file-storage.ts checks them too. */
const SAFE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The object's address: the key needs no encoding (the id is url-safe, the prefix checked by config.ts). */
export function objectUrl(settings: Pick<S3Settings, "endpoint" | "bucket" | "forcePathStyle">, key: string) {
  const endpoint = new URL(settings.endpoint);
  if (settings.forcePathStyle) return `${endpoint.origin}/${settings.bucket}/${key}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}/${key}`;
}

/** `<Code>` of S3's XML error body, if the answer has one. */
function errorCode(xml: string): string | undefined {
  return /<Code>([^<]{1,100})<\/Code>/.exec(xml)?.[1];
}

const RETRYABLE = new Set([500, 502, 503, 504]);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const EMPTY_SHA256 = sha256(new Uint8Array());

export function s3Storage(
  settings: S3Settings,
  opts: { fetch?: typeof fetch; retryDelayMs?: number } = {},
): FileStorage {
  const doFetch = opts.fetch ?? fetch;
  const retryDelayMs = opts.retryDelayMs ?? 200;
  const where = `S3 bucket ${settings.bucket} at ${settings.endpoint}`;

  /** One signed request, tried a second time after a 5xx or a dropped connection. */
  async function send(
    method: "PUT" | "GET" | "DELETE",
    id: string,
    body?: Buffer,
  ): Promise<{ status: number; bytes: Buffer }> {
    if (!SAFE_ID.test(id)) throw new TypeError(`not an upload id: ${JSON.stringify(id)}`);
    const url = objectUrl(settings, `${settings.prefix}${id}`);
    let last: S3StorageError | undefined;
    for (let attempt = 1; attempt <= 2; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
      // Signed afresh each time: the signature carries the time, which S3 allows 15 minutes of skew.
      const signer = new AwsV4Signer({
        url,
        method,
        headers: {
          // The payload's hash is signed, so S3 refuses bytes altered on the way
          // (XAmzContentSHA256Mismatch) rather than storing them.
          "x-amz-content-sha256": body ? sha256(body) : EMPTY_SHA256,
          ...(body ? { "content-type": "application/octet-stream" } : {}),
        },
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
        service: "s3",
        region: settings.region,
      });
      const signed = await signer.sign();
      const signal = AbortSignal.timeout(settings.timeoutMs);
      let response: Response;
      let bytes: Buffer;
      try {
        response = await doFetch(signed.url, {
          method,
          headers: signed.headers,
          body: body ? new Uint8Array(body) : undefined,
          signal,
        });
        bytes = Buffer.from(await response.arrayBuffer());
      } catch (error) {
        if (signal.aborted)
          throw new S3StorageError(`${where}: no answer to ${method} within ${settings.timeoutMs} ms`);
        last = new S3StorageError(`${where}: ${method} failed: ${(error as Error).message}`);
        continue;
      }
      if (response.status < 300 || (response.status === 404 && method !== "PUT")) {
        const code = response.status === 404 ? errorCode(bytes.toString("utf8")) : undefined;
        // A missing bucket is a configuration problem, never an absent file.
        if (response.status === 404 && code !== "NoSuchKey")
          throw new S3StorageError(`${where}: ${method} answered 404 ${code ?? ""}`.trim(), code, 404);
        return { status: response.status, bytes };
      }
      const code = errorCode(bytes.toString("utf8"));
      last = new S3StorageError(
        `${where}: ${method} answered ${response.status}${code ? ` ${code}` : ""}`,
        code,
        response.status,
      );
      if (!RETRYABLE.has(response.status)) throw last;
    }
    throw last as S3StorageError;
  }

  return {
    async put(id, bytes) {
      await send("PUT", id, bytes);
    },
    async get(id) {
      const { status, bytes } = await send("GET", id);
      return status === 404 ? undefined : bytes;
    },
    async delete(id) {
      // 204 whether or not the object was there; a 404 NoSuchKey (some S3-compatible stores) is
      // the same outcome.
      await send("DELETE", id);
    },
  };
}

/**
 * What is wrong with the bucket's settings, if anything, asked once at start-up so a city sees a
 * wrong key or bucket in the log at once rather than at a resident's first upload: a GET of an
 * object that is never stored must answer 404 NoSuchKey (403 AccessDenied when the account may not
 * list the bucket: docs/deploy.md asks for s3:ListBucket so that a missing file is told apart).
 */
export async function s3StorageProblem(
  settings: S3Settings,
  opts: { fetch?: typeof fetch } = {},
): Promise<string | undefined> {
  const storage = s3Storage(settings, { ...opts, retryDelayMs: 1000 });
  try {
    // An id no upload ever has (they are random base64url of 24 characters).
    await storage.get("start-up-check-0000");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

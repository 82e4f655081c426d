import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/database";
import { migrate } from "../../db/migrate";
import { createFieldCipher } from "../field-crypto";
import {
  canonicalRequest,
  type S3Double,
  signatureOf,
  signatureProblem,
  startS3Double,
  uriEncode,
} from "./s3-double";
import { objectUrl, type S3Settings, S3StorageError, s3Storage, s3StorageProblem } from "./s3-storage";
import { createUploads } from "./upload-store";

const CREDENTIALS = {
  accessKeyId: "AKIDCEDARPORTTEST",
  secretAccessKey: "cedarport/secret+key/for-the-double",
  region: "us-east-2",
  bucket: "cedarport-uploads",
};
const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
const id = (n: number) => `upload-id-${String(n).padStart(10, "0")}`;

let double: S3Double;
let settings: S3Settings;

beforeAll(async () => {
  double = await startS3Double(CREDENTIALS);
  settings = {
    endpoint: double.endpoint,
    region: CREDENTIALS.region,
    bucket: CREDENTIALS.bucket,
    accessKeyId: CREDENTIALS.accessKeyId,
    secretAccessKey: CREDENTIALS.secretAccessKey,
    forcePathStyle: true,
    prefix: "documents/",
    timeoutMs: 2000,
  };
});
afterAll(() => double.close());
afterEach(() => {
  double.failNext(0);
  double.hangNext(0);
});

describe("the S3 double's signature check", () => {
  // AWS's worked examples (sig-v4-header-based-auth.html): with its example secret and date, these
  // canonical requests must give the signatures it prints, or the double checks something else.
  const AWS = { secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", amzDate: "20130524T000000Z" };
  const EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  const host = "examplebucket.s3.amazonaws.com";

  it("computes the signatures of AWS's documented GET Object and PUT Object examples", () => {
    const get = canonicalRequest({
      method: "GET",
      rawUrl: "/test.txt",
      headers: { host, range: "bytes=0-9", "x-amz-content-sha256": EMPTY, "x-amz-date": AWS.amzDate },
      signedHeaders: ["host", "range", "x-amz-content-sha256", "x-amz-date"],
      payloadHash: EMPTY,
    });
    expect(signatureOf(get, { ...AWS, region: "us-east-1" })).toBe(
      "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    const welcome = "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072";
    const put = canonicalRequest({
      method: "PUT",
      // "$" arrives encoded or not; the canonical URI encodes it once either way.
      rawUrl: "/test$file.text",
      headers: {
        date: "Fri, 24 May 2013 00:00:00 GMT",
        host,
        "x-amz-content-sha256": welcome,
        "x-amz-date": AWS.amzDate,
        "x-amz-storage-class": "REDUCED_REDUNDANCY",
      },
      signedHeaders: ["date", "host", "x-amz-content-sha256", "x-amz-date", "x-amz-storage-class"],
      payloadHash: welcome,
    });
    expect(put.split("\n")[1]).toBe("/test%24file.text");
    expect(signatureOf(put, { ...AWS, region: "us-east-1" })).toBe(
      "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd",
    );
  });

  it("encodes a key as S3 does: each byte but A-Z a-z 0-9 - . _ ~, slashes kept in the path", () => {
    expect(uriEncode("photos/été 2013/a+b (1)~x.jpg", true)).toBe(
      "photos/%C3%A9t%C3%A9%202013/a%2Bb%20%281%29~x.jpg",
    );
    expect(uriEncode("a/b", false)).toBe("a%2Fb");
  });

  it("refuses a request without a signature, with a skewed clock, or whose body is not the signed one", async () => {
    const base = { method: "GET", rawUrl: "/b/k", headers: { host: "h" } };
    expect(signatureProblem(base, Buffer.alloc(0), CREDENTIALS)).toEqual({
      status: 403,
      code: "AccessDenied",
    });
    const storage = s3Storage(settings);
    await storage.put(id(99), PDF);
    const signed = double.requests.at(-1)!;
    const request = {
      method: "PUT",
      rawUrl: `/${settings.bucket}/documents/${id(99)}`,
      headers: signed.headers,
    };
    expect(signatureProblem(request, PDF, CREDENTIALS)).toBeUndefined();
    expect(signatureProblem(request, Buffer.from("altered"), CREDENTIALS)).toEqual({
      status: 400,
      code: "XAmzContentSHA256Mismatch",
    });
    const later = { ...CREDENTIALS, now: () => new Date(Date.now() + 16 * 60_000) };
    expect(signatureProblem(request, PDF, later)).toEqual({ status: 403, code: "RequestTimeTooSkewed" });
    const otherPath = { ...request, rawUrl: `/${settings.bucket}/documents/${id(98)}` };
    expect(signatureProblem(otherPath, PDF, CREDENTIALS)).toEqual({
      status: 403,
      code: "SignatureDoesNotMatch",
    });
  });
});

describe("S3 file storage", () => {
  it("puts, gets and deletes a file, as a private object under the prefix", async () => {
    const storage = s3Storage(settings);
    await storage.put(id(1), PDF);
    expect(double.objects.get(`documents/${id(1)}`)?.equals(PDF)).toBe(true);
    expect((await storage.get(id(1)))?.equals(PDF)).toBe(true);
    await storage.delete(id(1));
    expect(double.objects.has(`documents/${id(1)}`)).toBe(false);
    expect(await storage.get(id(1))).toBeUndefined();
    // Deleting what is not there is no error (S3 answers 204 either way).
    await storage.delete(id(1));
    // Signed with the payload's hash, never an ACL: objects stay readable by the bucket's owner only.
    for (const request of double.requests.filter((r) => r.key === `documents/${id(1)}`)) {
      expect(request.headers["x-amz-acl"]).toBeUndefined();
      expect(request.headers["x-amz-content-sha256"]).not.toBe("UNSIGNED-PAYLOAD");
      expect(request.headers.authorization).toMatch(
        new RegExp(
          `^AWS4-HMAC-SHA256 Credential=${CREDENTIALS.accessKeyId}/\\d{8}/us-east-2/s3/aws4_request`,
        ),
      );
    }
  });

  it("answers undefined for a missing file: the double's 404 is S3's NoSuchKey XML", async () => {
    expect(await s3Storage(settings).get(id(2))).toBeUndefined();
    const answer = double.requests.at(-1);
    expect(answer).toMatchObject({ method: "GET", status: 404, code: "NoSuchKey" });
    const raw = await fetch(`${double.endpoint}/${settings.bucket}/nothing`);
    expect(raw.status).toBe(403);
    expect(raw.headers.get("content-type")).toBe("application/xml");
    expect(await raw.text()).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code>/,
    );
  });

  it("is refused with a wrong secret or key id, and a missing bucket is an error, not a missing file", async () => {
    const wrongSecret = s3Storage({ ...settings, secretAccessKey: "not-the-secret" });
    await expect(wrongSecret.put(id(3), PDF)).rejects.toMatchObject({
      name: "S3StorageError",
      code: "SignatureDoesNotMatch",
      status: 403,
    });
    await expect(wrongSecret.get(id(3))).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(double.objects.has(`documents/${id(3)}`)).toBe(false);
    const wrongKey = s3Storage({ ...settings, accessKeyId: "AKIDSOMEONEELSE" });
    await expect(wrongKey.get(id(3))).rejects.toMatchObject({ code: "InvalidAccessKeyId" });
    const wrongBucket = s3Storage({ ...settings, bucket: "cedarport-other" });
    await expect(wrongBucket.get(id(3))).rejects.toMatchObject({ code: "NoSuchBucket", status: 404 });
    // The start-up check says so in the log's words.
    expect(await s3StorageProblem({ ...settings, secretAccessKey: "x" })).toMatch(
      /403 SignatureDoesNotMatch/,
    );
    expect(await s3StorageProblem(settings)).toBeUndefined();
  });

  it("tries a 5xx once more, and then says what S3 answered", async () => {
    const storage = s3Storage(settings, { retryDelayMs: 10 });
    double.failNext(1, 503, "SlowDown");
    await storage.put(id(4), PDF);
    expect(double.objects.get(`documents/${id(4)}`)?.equals(PDF)).toBe(true);
    double.failNext(2, 500, "InternalError");
    const error = await storage.get(id(4)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(S3StorageError);
    expect(error).toMatchObject({ status: 500, code: "InternalError" });
    expect(String((error as Error).message)).toContain(`S3 bucket ${settings.bucket}`);
    expect(String((error as Error).message)).not.toContain(settings.secretAccessKey);
    // A refusal is not tried again.
    const before = double.requests.length;
    double.failNext(1, 403, "AccessDenied");
    await expect(storage.delete(id(4))).rejects.toMatchObject({ code: "AccessDenied" });
    expect(double.requests.length).toBe(before + 1);
  });

  it("gives up on a bucket that does not answer within the timeout, without trying again", async () => {
    const storage = s3Storage({ ...settings, timeoutMs: 300 });
    double.hangNext(2);
    const started = Date.now();
    await expect(storage.put(id(5), PDF)).rejects.toThrow(/no answer to PUT within 300 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
    double.hangNext(0);
  });

  it("addresses the bucket by host name (virtual-hosted) unless path style is asked for", () => {
    const aws = { endpoint: "https://s3.us-east-2.amazonaws.com", bucket: "cedarport-uploads" };
    expect(objectUrl({ ...aws, forcePathStyle: false }, "documents/abc")).toBe(
      "https://cedarport-uploads.s3.us-east-2.amazonaws.com/documents/abc",
    );
    expect(objectUrl({ ...aws, forcePathStyle: true }, "abc")).toBe(
      "https://s3.us-east-2.amazonaws.com/cedarport-uploads/abc",
    );
  });

  it("never sends anything but an upload's id as a key", async () => {
    await expect(s3Storage(settings).get("../other-bucket/x")).rejects.toThrow(TypeError);
  });
});

describe("uploads kept in an S3 bucket", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ file: ":memory:" });
    await migrate(db);
  });
  afterAll(() => db.close());

  it("stores the sealed bytes, never the document, and reads the document back", async () => {
    const uploads = createUploads(
      db,
      createFieldCipher(randomBytes(32).toString("base64")),
      s3Storage(settings),
    );
    const stored = await uploads.store("journey-s3", { name: "deed.pdf", bytes: PDF, truncated: false });
    if ("problem" in stored) throw new Error(`refused: ${stored.problem}`);
    const object = double.objects.get(`documents/${stored.id}`);
    expect(object).toBeDefined();
    expect(object?.includes(Buffer.from("%PDF"))).toBe(false);
    expect(object?.includes(Buffer.from("deed"))).toBe(false);
    expect(object?.length).toBeGreaterThan(PDF.length);
    expect((await uploads.read(stored.id))?.bytes.equals(PDF)).toBe(true);
  });

  it("tells the resident the file was not kept when the bucket fails or hangs, and keeps no row for it", async () => {
    const uploads = createUploads(
      db,
      createFieldCipher(randomBytes(32).toString("base64")),
      s3Storage({ ...settings, timeoutMs: 300 }, { retryDelayMs: 10 }),
    );
    const rows = async () =>
      Number(
        (await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM uploads WHERE journey_id = 'j-fail'"))[0]?.n,
      );
    double.failNext(2, 500, "InternalError");
    expect(await uploads.store("j-fail", { name: "deed.pdf", bytes: PDF, truncated: false })).toEqual({
      problem: "uploadUnavailable",
      name: "deed.pdf",
    });
    double.hangNext(1);
    expect(await uploads.store("j-fail", { name: "plat.pdf", bytes: PDF, truncated: false })).toEqual({
      problem: "uploadUnavailable",
      name: "plat.pdf",
    });
    expect(await rows()).toBe(0);
  });

  it("lets a resident remove a file while the bucket is down, keeping its row for a later purge", async () => {
    const uploads = createUploads(
      db,
      createFieldCipher(randomBytes(32).toString("base64")),
      s3Storage(settings, { retryDelayMs: 10 }),
    );
    const kept = await uploads.store("j-remove", { name: "old.pdf", bytes: PDF, truncated: false });
    if ("problem" in kept) throw new Error("refused");
    double.failNext(2, 500, "InternalError");
    await expect(uploads.forget("j-remove", [kept.id])).resolves.toBeUndefined();
    expect(double.objects.has(`documents/${kept.id}`)).toBe(true);
    const rows = await db.all<{ id: string }>("SELECT id FROM uploads WHERE journey_id = 'j-remove'");
    expect(rows.map((r) => r.id)).toEqual([kept.id]);
  });

  it("purges the files of ended journeys through the bucket, and tries a failed delete again later", async () => {
    const uploads = createUploads(
      db,
      createFieldCipher(randomBytes(32).toString("base64")),
      s3Storage(settings, { retryDelayMs: 10 }),
    );
    const a = await uploads.store("ended-journey", { name: "a.pdf", bytes: PDF, truncated: false });
    const b = await uploads.store("ended-journey", { name: "b.pdf", bytes: PDF, truncated: false });
    if ("problem" in a || "problem" in b) throw new Error("refused");
    // No journey holds these (nor the earlier tests' files). The first delete fails twice (both
    // tries): that stops the run, every row and file stays for the next one.
    const left = async () => (await db.all<{ id: string }>("SELECT id FROM uploads")).map((r) => r.id);
    const before = await left();
    expect(before.length).toBeGreaterThanOrEqual(2);
    double.failNext(2, 503, "SlowDown");
    await expect(uploads.purge()).rejects.toThrow(
      new RegExp(
        `^${before.length} of ${before.length} documents were not deleted from storage \\(0 were\\): .*503 SlowDown`,
      ),
    );
    expect(await left()).toEqual(before);
    expect(double.objects.has(`documents/${a.id}`) && double.objects.has(`documents/${b.id}`)).toBe(true);
    // The next run, the bucket back, takes them all.
    expect(await uploads.purge()).toBe(before.length);
    expect(await left()).toEqual([]);
    expect(double.objects.has(`documents/${a.id}`) || double.objects.has(`documents/${b.id}`)).toBe(false);
  });
});

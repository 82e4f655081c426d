import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { type S3Double, startS3Double } from "../../src/server/uploads/s3-double";
import { PDF, PNG } from "../fixtures/documents";
import { DocumentsResident, SERVICE, writeDocumentsService } from "./documents-service";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * Documents residents upload (issue 13) over HTTP, as a browser without JavaScript posts them:
 * multipart, the file checked by its bytes, sealed at rest, owned by the journey, removable, and
 * refused with a message naming the file. The site serves a small service of its own that asks
 * for up to two documents. The same journeys run with each storage a city can choose: the folder
 * under DATA_DIR, and an S3 bucket (the double in src/server/uploads/s3-double.ts).
 */
const hasBuild = builtSite("the upload tests");

const BUCKET = {
  accessKeyId: "AKIDCEDARPORTUPLOADS",
  secretAccessKey: "uploads-double-secret",
  region: "us-east-2",
  bucket: "cedarport-uploads",
};

/** The site with the documents service, its files in the data folder or (s3) in a bucket double. */
function useDocumentsSite(storage: "folder" | "s3", extra: Record<string, string> = {}) {
  let double: S3Double | undefined;
  const site = useInProcessApp({
    prefix: `cedarport-uploads-${storage}-`,
    env: async (dataDir) => {
      const dir = writeDocumentsService(dataDir);
      if (storage === "folder") return { WORKFLOWS_DIR: dir, ...extra };
      double = await startS3Double(BUCKET);
      return {
        WORKFLOWS_DIR: dir,
        UPLOAD_STORAGE: "s3",
        S3_ENDPOINT: double.endpoint,
        S3_FORCE_PATH_STYLE: "true",
        S3_BUCKET: BUCKET.bucket,
        S3_REGION: BUCKET.region,
        S3_ACCESS_KEY_ID: BUCKET.accessKeyId,
        S3_SECRET_ACCESS_KEY: BUCKET.secretAccessKey,
        S3_PREFIX: "uploads/",
        ...extra,
      };
    },
  });
  afterAll(() => double?.close());
  const bucket = () => {
    if (!double) throw new Error("no bucket: the site keeps its files in its data folder");
    return double;
  };
  /** The stored files' (sealed) bytes, by upload id. */
  const files = (): Map<string, Buffer> => {
    if (storage === "s3")
      return new Map([...bucket().objects].map(([key, bytes]) => [key.replace(/^uploads\//, ""), bytes]));
    const dir = join(site.dataDir, "uploads");
    return new Map(
      readdirSync(dir)
        .filter((f) => !f.endsWith(".partial"))
        .map((f) => [f, readFileSync(join(dir, f))]),
    );
  };
  return { site, files, bucket };
}

describe.runIf(hasBuild).each(["folder", "s3"] as const)(
  "uploaded documents over HTTP (%s storage)",
  (storage) => {
    const { site, files } = useDocumentsSite(storage);
    const stored = () => [...files().keys()];
    const rows = () =>
      site.running.db.all<{ id: string; name: string; type: string; size: number }>("SELECT * FROM uploads");

    it("shows a file input that posts the form as multipart, with the rules in the hint", async () => {
      const html = await new DocumentsResident(site.base).page(`${SERVICE}/documents`);
      expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
      expect(html).toMatch(/<label class="usa-label" for="root_files">The deed<\/label>/);
      expect(html).toMatch(/<input[^>]*type="file"[^>]*id="root_files"/);
      expect(html).toContain("PDF, JPG or PNG files, up to 10 MB each. You can upload up to 2 files.");
    });

    it("keeps good files sealed, lists them, and sends them with the application", async () => {
      const browser = new DocumentsResident(site.base);
      const before = (await rows()).length;
      const response = await browser.post("documents", [
        { name: "C:\\fakepath\\Deed of María.pdf", bytes: PDF, type: "application/pdf" },
        { name: "plat.png", bytes: PNG },
      ]);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`${SERVICE}/check-answers`);
      const check = await browser.page(`${SERVICE}/check-answers`);
      expect(check).toContain("Deed of María.pdf (2 KB)");
      expect(check).toContain("plat.png (1 KB)");

      const mine = (await rows()).slice(before);
      expect(mine.map((r) => r.type).sort()).toEqual(["application/pdf", "image/png"]);
      // Neither the name nor the bytes are readable at rest.
      for (const row of mine) expect(row.name).not.toContain("Deed");
      for (const row of mine) expect(files().has(row.id)).toBe(true);
      for (const bytes of files().values()) expect(bytes.includes("%PDF")).toBe(false);

      const html = await browser.page(`${SERVICE}/check-answers`);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
      const sent = await browser.fetch(`${SERVICE}/check-answers`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ _intent: "submit", _csrf: csrf }).toString(),
      });
      expect(sent.headers.get("location")).toBe(`${SERVICE}/confirmation`);
      const [submission] = await site.running.db.all<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM submissions WHERE workflow = 'send-documents'",
      );
      expect(Number(submission?.n)).toBe(1);
    });

    it("refuses a file by what it is, not its name, naming it, and keeps the good one", async () => {
      const browser = new DocumentsResident(site.base);
      const response = await browser.post("documents", [
        { name: "deed.pdf", bytes: PDF },
        { name: "notes.pdf", bytes: Buffer.from("just some text, not a PDF at all") },
      ]);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("“notes.pdf” is not a PDF, JPG or PNG file.");
      expect(html).toMatch(/<title>Error: /);
      // The good one is listed, with its Remove button.
      expect(html).toContain("deed.pdf");
      expect(html).toContain('value="remove:/files/0"');
    });

    it("says a file is too large, or empty, in the resident's language", async () => {
      const browser = new DocumentsResident(site.base, "?lang=es");
      const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 32)]);
      const html = await (
        await browser.post("documents", [
          { name: "escaneo.pdf", bytes: big },
          { name: "vacio.png", bytes: Buffer.alloc(0) },
        ])
      ).text();
      expect(html).toContain("“escaneo.pdf” pesa más de 10 MB.");
      expect(html).toContain("“vacio.png” está vacío.");
    });

    it("says when more files were picked than the field takes, and keeps them to choose from", async () => {
      const browser = new DocumentsResident(site.base);
      const response = await browser.post("documents", [
        { name: "a.pdf", bytes: PDF },
        { name: "b.pdf", bytes: PDF },
        { name: "c.png", bytes: PNG },
      ]);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("You can upload up to 2 files. Remove one to add another.");
      expect(/<ul class="cp-upload__files"[\s\S]*?<\/ul>/.exec(html)?.[0]).toContain("c.png");
    });

    it("asks for a file when none is kept, and never takes another journey's file", async () => {
      const owner = new DocumentsResident(site.base);
      await owner.post("documents", [{ name: "mine.pdf", bytes: PDF }]);
      const [theirs] = (await rows()).slice(-1);
      const intruder = new DocumentsResident(site.base);
      const response = await intruder.post(
        "documents",
        [],
        [
          ["root_files__count", "1"],
          ["root_files_0_id", theirs?.id ?? ""],
        ],
      );
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Select a file to upload.");
      expect(html).not.toContain("mine.pdf");
    });

    it("removes a file with its Remove button, without JavaScript, and deletes it", async () => {
      const browser = new DocumentsResident(site.base);
      await browser.post("documents", [
        { name: "one.pdf", bytes: PDF },
        { name: "two.png", bytes: PNG },
      ]);
      const count = stored().length;
      const removed = await browser.post("documents", [], [["_action", "remove:/files/0"]]);
      expect(removed.status).toBe(303);
      const html = await browser.page(`${SERVICE}/documents`);
      const listed = /<ul class="cp-upload__files"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";
      expect(listed).not.toContain("one.pdf");
      expect(listed).toContain("two.png");
      // Gone from storage once the answers without it are posted.
      const next = await browser.post("documents", []);
      expect(next.headers.get("location")).toBe(`${SERVICE}/check-answers`);
      expect(stored().length).toBe(count - 1);
    });

    it("keeps the files when the resident goes Back, which posts no answers", async () => {
      const browser = new DocumentsResident(site.base);
      await browser.post("documents", [{ name: "kept.pdf", bytes: PDF }]);
      const html = await browser.page(`${SERVICE}/documents`);
      const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
      const back = await browser.fetch(`${SERVICE}/documents`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ intent: "back", csrf }),
      });
      expect(back.status).toBe(303);
      const again = await browser.page(`${SERVICE}/documents`);
      expect(/<ul class="cp-upload__files"[\s\S]*?<\/ul>/.exec(again)?.[0]).toContain("kept.pdf");
    });
  },
);

describe.runIf(hasBuild)("uploaded documents when the S3 bucket fails", () => {
  const { site, files, bucket } = useDocumentsSite("s3", { S3_TIMEOUT_SECONDS: "1" });
  const listed = (html: string) => /<ul class="cp-upload__files"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "";

  it("was asked once at start-up whether it takes the site's key", async () => {
    await vi.waitFor(() =>
      expect(bucket().requests.find((r) => r.key === "uploads/start-up-check-0000")).toMatchObject({
        status: 404,
        code: "NoSuchKey",
      }),
    );
  });

  it("tells the resident a file was not kept when the bucket answers an error, and keeps the others", async () => {
    const browser = new DocumentsResident(site.base);
    // The first file's PUT fails twice (it is tried once more); the second goes through.
    bucket().failNext(2, 500, "InternalError");
    const response = await browser.post("documents", [
      { name: "deed.pdf", bytes: PDF },
      { name: "plat.png", bytes: PNG },
    ]);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("We could not keep “deed.pdf” just now. Upload it again in a few minutes");
    expect(html).toMatch(/<title>Error: /);
    expect(listed(html)).toContain("plat.png");
    expect(listed(html)).not.toContain("deed.pdf");
    // Sent again once the bucket is back: kept.
    const again = await browser.post("documents", [{ name: "deed.pdf", bytes: PDF }]);
    expect(again.status).toBe(303);
    expect(await browser.page(`${SERVICE}/check-answers`)).toContain("deed.pdf");
  });

  it("says so in Spanish when the bucket does not answer in time, and never as a server error", async () => {
    const browser = new DocumentsResident(site.base, "?lang=es");
    const before = files().size;
    bucket().hangNext(1);
    const started = Date.now();
    const response = await browser.post("documents", [{ name: "escritura.pdf", bytes: PDF }]);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(10_000);
    const html = await response.text();
    expect(html).toContain(
      "No pudimos guardar “escritura.pdf” en este momento. Vuelva a subirlo en unos minutos",
    );
    expect(files().size).toBe(before);
    const [{ n } = { n: 0 }] = await site.running.db.all<{ n: number | string }>(
      "SELECT COUNT(*) AS n FROM uploads",
    );
    expect(Number(n)).toBe(before);
  });
});

import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/database";
import { migrate } from "../../db/migrate";
import { MAX_FILE_BYTES } from "../../domain/uploads";
import { createFieldCipher } from "../field-crypto";
import { folderStorage } from "./file-storage";
import { readMultipart } from "./multipart";
import { cleanFileName, createUploads, type Uploads } from "./upload-store";

const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n");
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
  Buffer.from("JFIF\0"),
  Buffer.alloc(64),
]);
const file = (name: string, bytes: Buffer, truncated = false) => ({ name, bytes, truncated });

let db: Database;
let dir: string;
let uploads: Uploads;

beforeAll(async () => {
  db = await openDatabase({ file: ":memory:" });
  await migrate(db);
  dir = mkdtempSync(join(tmpdir(), "cedarport-upload-store-"));
  uploads = createUploads(db, createFieldCipher(randomBytes(32).toString("base64")), folderStorage(dir));
});
afterAll(async () => {
  await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("uploads", () => {
  it("keeps PDF and JPEG files by what their bytes are, sealed, and reads them back", async () => {
    const pdf = await uploads.store("journey-a", file("deed.PDF", PDF));
    const photo = await uploads.store("journey-a", file("photo", JPEG));
    expect(pdf).toMatchObject({ name: "deed.PDF", type: "application/pdf", size: PDF.length });
    expect(photo).toMatchObject({ name: "photo", type: "image/jpeg" });
    if ("problem" in pdf) throw new Error("refused");
    const onDisk = readFileSync(join(dir, pdf.id));
    expect(onDisk.includes(Buffer.from("%PDF"))).toBe(false);
    expect((await uploads.read(pdf.id))?.bytes.equals(PDF)).toBe(true);
    expect((await uploads.read(pdf.id))?.journeyId).toBe("journey-a");
  });

  it("refuses what is not a PDF, JPG or PNG whatever its name, an empty file, and a file over the limit", async () => {
    expect(await uploads.store("j", file("letter.pdf", Buffer.from("<html>not a pdf</html>")))).toEqual({
      problem: "uploadType",
      name: "letter.pdf",
    });
    expect(await uploads.store("j", file("empty.png", Buffer.alloc(0)))).toMatchObject({
      problem: "uploadEmpty",
    });
    expect(await uploads.store("j", file("scan.pdf", PDF, true))).toMatchObject({ problem: "uploadTooBig" });
    const over = Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES)]);
    expect(await uploads.store("j", file("scan.pdf", over))).toMatchObject({ problem: "uploadTooBig" });
  });

  it("answers only with a journey's own files, as stored, whatever the browser says of them", async () => {
    const mine = await uploads.store("journey-b", file("mine.pdf", PDF));
    const theirs = await uploads.store("journey-c", file("theirs.pdf", PDF));
    if ("problem" in mine || "problem" in theirs) throw new Error("refused");
    const posted = [
      { id: mine.id, name: "renamed.exe", size: 1 },
      { id: theirs.id },
      { id: "made-up-id-0000000000" },
      "x",
    ];
    expect(await uploads.owned("journey-b", posted)).toEqual([mine]);
  });

  it("forgets a removed file, and purges files of journeys that ended unsent", async () => {
    const kept = await uploads.store("journey-d", file("kept.pdf", PDF));
    const removed = await uploads.store("journey-d", file("removed.pdf", PDF));
    if ("problem" in kept || "problem" in removed) throw new Error("refused");
    await uploads.forget("journey-d", [removed.id]);
    expect(await uploads.read(removed.id)).toBeUndefined();
    expect(readdirSync(dir)).not.toContain(removed.id);
    // No journey row holds journey-d (nor a submission): its files go.
    expect(await uploads.purge()).toBeGreaterThan(0);
    expect(await uploads.read(kept.id)).toBeUndefined();
  });

  it("names a file without its folders or control characters", () => {
    expect(cleanFileName("C:\\fakepath\\deed.pdf")).toBe("deed.pdf");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("a\u0000b\u001f.pdf")).toBe("ab.pdf");
    expect(cleanFileName("")).toBe("file");
  });
});

describe("readMultipart", () => {
  const request = (body: FormData) => new Request("http://x/", { method: "POST", body });

  it("gives the fields as a form post would, and the files by field, marking one over the limit", async () => {
    const body = new FormData();
    body.append("_csrf", "token");
    body.append("root_files__count", "0");
    body.append("root_files", new Blob([new Uint8Array(PDF)]), "deed.pdf");
    body.append("root_files", new Blob([new Uint8Array(64)]), "big.pdf");
    body.append("root_files", new Blob([]), "");
    const read = await readMultipart(request(body), { fileBytes: 32, files: 5, fieldBytes: 1024 });
    expect(read?.fields.get("_csrf")).toBe("token");
    expect(read?.files.map((f) => [f.field, f.name, f.truncated])).toEqual([
      ["root_files", "deed.pdf", true],
      ["root_files", "big.pdf", true],
    ]);
    const roomy = await readMultipart(request(body), { fileBytes: 1024, files: 5, fieldBytes: 1024 });
    expect(roomy?.files[0]?.bytes.equals(PDF)).toBe(true);
  });

  it("refuses fields larger than a form of ours sends, and a body that is not multipart", async () => {
    const body = new FormData();
    body.append("note", "x".repeat(2000));
    expect(await readMultipart(request(body), { fileBytes: 32, files: 1, fieldBytes: 1024 })).toBeNull();
    const plain = new Request("http://x/", { method: "POST", body: "a=1" });
    expect(await readMultipart(plain, { fileBytes: 32, files: 1, fieldBytes: 1024 })).toBeNull();
  });
});

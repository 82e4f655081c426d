import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PDF, PNG } from "../fixtures/documents";
import { useInProcessApp } from "./in-process-app";

/**
 * Documents residents upload (issue 13) over HTTP, as a browser without JavaScript posts them:
 * multipart, the file checked by its bytes, sealed at rest, owned by the journey, removable, and
 * refused with a message naming the file. The site serves a small service of its own that asks
 * for up to two documents.
 */
const hasBuild = existsSync("build/server/index.js");

const SERVICE = "/workflow/send-documents";

const documentsService = {
  $schema: "../schemas/workflow.schema.json",
  type: "graph_composite",
  name: "send-documents",
  data: {
    id: "send-documents",
    type: "workflow",
    config: { title: { en: "Send documents", es: "Enviar documentos" }, start: "documents" },
  },
  nodes: [
    {
      type: "graph_composite",
      name: "documents",
      data: {
        id: "send-documents-documents",
        type: "question",
        config: {
          title: { en: "Upload the deed", es: "Suba la escritura" },
          schema: {
            type: "object",
            required: ["files"],
            properties: {
              files: {
                $ref: "definitions/common.json#/$defs/documents",
                maxItems: 2,
                title: { en: "The deed", es: "La escritura" },
              },
            },
          },
          next: [{ to: "check-answers" }],
        },
      },
    },
    {
      type: "graph_composite",
      name: "check-answers",
      data: {
        id: "send-documents-check-answers",
        type: "check-answers",
        config: {
          title: "checkAnswers.title",
          buttonLabel: "common.submit",
          call: { integration: "submit", operation: "send-documents", params: { service: "send-documents" } },
          next: [{ to: "confirmation" }],
        },
      },
    },
    {
      type: "graph_composite",
      name: "confirmation",
      data: {
        id: "send-documents-confirmation",
        type: "confirmation",
        config: { title: { en: "Documents sent", es: "Documentos enviados" } },
      },
    },
  ],
};

class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(
    private readonly base: string,
    /** "?lang=es" for a resident reading in Spanish. */
    private readonly query = "",
  ) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(`${this.base}${path}`, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  async page(path: string): Promise<string> {
    return (await this.fetch(path)).text();
  }

  /** Posts the screen's form as the browser would, with these files and fields. */
  async post(
    screen: string,
    files: { name: string; bytes: Buffer; type?: string }[],
    fields: [string, string][] = [],
  ) {
    const html = await this.page(`${SERVICE}/${screen}${this.query}`);
    const body = new FormData();
    body.append("_csrf", /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "");
    for (const [name, value] of /name="root_files__count" value="(\d+)"/.test(html) ? hiddenFields(html) : [])
      body.append(name, value);
    for (const [name, value] of fields) body.append(name, value);
    for (const file of files)
      body.append(
        "root_files",
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }),
        file.name,
      );
    if (files.length === 0) body.append("root_files", new Blob([]), "");
    return this.fetch(`${SERVICE}/${screen}${this.query}`, { method: "POST", body });
  }
}

/** The hidden inputs of the documents field (the files already uploaded). */
function hiddenFields(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="(root_files[^"]*)" value="([^"]*)"/g)].map(
    (m) => [m[1] ?? "", m[2] ?? ""] as [string, string],
  );
}

describe.runIf(hasBuild)("uploaded documents over HTTP", () => {
  const site = useInProcessApp({
    prefix: "cedarport-uploads-",
    env: (dataDir) => {
      const dir = join(dataDir, "workflows");
      mkdirSync(dir);
      writeFileSync(join(dir, "send-documents.json"), JSON.stringify(documentsService));
      return { WORKFLOWS_DIR: dir };
    },
  });
  const stored = () => readdirSync(join(site.dataDir, "uploads")).filter((f) => !f.endsWith(".partial"));
  const rows = () =>
    site.running.db.all<{ id: string; name: string; type: string; size: number }>("SELECT * FROM uploads");

  it("shows a file input that posts the form as multipart, with the rules in the hint", async () => {
    const html = await new Browser(site.base).page(`${SERVICE}/documents`);
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/i);
    expect(html).toMatch(/<label class="usa-label" for="root_files">The deed<\/label>/);
    expect(html).toMatch(/<input[^>]*type="file"[^>]*id="root_files"/);
    expect(html).toContain("PDF, JPG or PNG files, up to 10 MB each. You can upload up to 2 files.");
  });

  it("keeps good files sealed, lists them, and sends them with the application", async () => {
    const browser = new Browser(site.base);
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
    for (const file of stored())
      expect(readFileSync(join(site.dataDir, "uploads", file)).includes("%PDF")).toBe(false);

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
    const browser = new Browser(site.base);
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
    const browser = new Browser(site.base, "?lang=es");
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
    const browser = new Browser(site.base);
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
    const owner = new Browser(site.base);
    await owner.post("documents", [{ name: "mine.pdf", bytes: PDF }]);
    const [theirs] = (await rows()).slice(-1);
    const intruder = new Browser(site.base);
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
    const browser = new Browser(site.base);
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
    const browser = new Browser(site.base);
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
});

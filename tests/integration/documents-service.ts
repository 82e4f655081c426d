import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The documents service the upload and staff-document tests share (tests/integration/uploads.test.ts,
 * staff-documents.test.ts): written into a test site's data folder, and a resident that uses it.
 */
export const SERVICE = "/workflow/send-documents";

/** A small service of the tests' own that asks for up to two documents, then sends them. */
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

/**
 * A resident's browser without JavaScript on that service: it keeps cookies and posts a screen's
 * form as multipart, with the files already uploaded carried in its hidden fields.
 */
export class DocumentsResident {
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

  /** Sends the application from check-answers; answers its reference, as the confirmation shows it. */
  async send(): Promise<string> {
    const html = await this.page(`${SERVICE}/check-answers${this.query}`);
    const sent = await this.fetch(`${SERVICE}/check-answers${this.query}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        _intent: "submit",
        _csrf: /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "",
      }).toString(),
    });
    const confirmation = await this.page(sent.headers.get("location") ?? "");
    const reference = /class="cp-workflow__reference">([A-Z0-9]{8})</.exec(confirmation)?.[1];
    if (!reference) throw new Error(`not sent: ${sent.status} ${sent.headers.get("location")}`);
    return reference;
  }
}

/** The hidden inputs of the documents field (the files already uploaded). */
function hiddenFields(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="(root_files[^"]*)" value="([^"]*)"/g)].map(
    (m) => [m[1] ?? "", m[2] ?? ""] as [string, string],
  );
}

/** Writes the service into `dataDir`/workflows; answers the folder, for WORKFLOWS_DIR. */
export function writeDocumentsService(dataDir: string): string {
  const dir = join(dataDir, "workflows");
  mkdirSync(dir);
  writeFileSync(join(dir, "send-documents.json"), JSON.stringify(documentsService));
  return dir;
}

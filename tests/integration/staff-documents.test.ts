import { rmSync } from "node:fs";
import { join } from "node:path";
import { JSDOM } from "jsdom";
import { beforeAll, describe, expect, it } from "vitest";
import { saveAccount } from "../../src/back-office/accounts";
import { PDF, PNG } from "../fixtures/documents";
import { DocumentsResident, writeDocumentsService } from "./documents-service";
import { HttpResident, mainText, postForm } from "./http-resident";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * Staff open the documents a resident uploaded (docs/back-office.md), over HTTP: the submission
 * page links each by name, type and size; the link gives the file as sent, as a download, to staff
 * of that service only; a document another submission sent, an unknown one or one gone from
 * storage is 404; every opening is in the audit log.
 */
const hasBuild = builtSite("the staff document tests");

const PASSWORD = "correct horse battery staple";
const CLERK = "deeds-clerk@cedarport.gov";
const OTHER = "mayor-desk@cedarport.gov";
const ADMIN = "admin@cedarport.gov";

describe.runIf(hasBuild)("documents residents uploaded, opened in the staff console", () => {
  const app = useInProcessApp(
    {
      prefix: "cedarport-staff-documents-",
      env: (dataDir) => ({ WORKFLOWS_DIR: writeDocumentsService(dataDir) }),
    },
    60_000,
  );

  async function signedIn(email: string): Promise<HttpResident> {
    const browser = new HttpResident();
    const login = await browser.get(app.base, "/staff/login");
    const response = await browser.post(app.base, postForm(login, "/staff/login"), [
      ["email", email],
      ["password", PASSWORD],
    ]);
    expect(response.status).toBe(302);
    return browser;
  }

  /** The documents the submission page links: each link's text, address and what is said after it. */
  async function linked(browser: HttpResident, reference: string, query = "") {
    const page = await browser.get(app.base, `/staff/submissions/${reference}${query}`);
    expect(page.status).toBe(200);
    const { document } = new JSDOM(page.html).window;
    return [...document.querySelectorAll<HTMLAnchorElement>(".cp-staff-documents a")].map((a) => ({
      name: a.textContent,
      href: a.getAttribute("href") ?? "",
      about: document.getElementById(a.getAttribute("aria-describedby") ?? "")?.textContent,
    }));
  }

  const idOf = (href: string) => href.split("/").at(-1) ?? "";

  /** The appeal with a deed and a plat, another with one letter, and a journey never sent. */
  let deeds = "";
  let letters = "";
  let deed = "";
  let plat = "";
  let letter = "";
  let unsent = "";

  beforeAll(async () => {
    const at = new Date();
    const db = app.running.db;
    await saveAccount(
      db,
      { email: CLERK, password: PASSWORD, role: "staff", services: ["send-documents"] },
      at,
    );
    await saveAccount(
      db,
      { email: OTHER, password: PASSWORD, role: "staff", services: ["contact-the-mayor"] },
      at,
    );
    await saveAccount(db, { email: ADMIN, password: PASSWORD, role: "admin", services: [] }, at);

    const first = new DocumentsResident(app.base);
    await first.post("documents", [
      { name: "C:\\fakepath\\Deed of María.pdf", bytes: PDF },
      { name: "plat.png", bytes: PNG },
    ]);
    deeds = await first.send();
    const second = new DocumentsResident(app.base);
    await second.post("documents", [{ name: "letter.pdf", bytes: PDF }]);
    letters = await second.send();
    const third = new DocumentsResident(app.base);
    await third.post("documents", [{ name: "never-sent.pdf", bytes: PDF }]);

    const clerk = await signedIn(CLERK);
    const ids = async (reference: string) => (await linked(clerk, reference)).map((d) => idOf(d.href));
    [deed = "", plat = ""] = await ids(deeds);
    [letter = ""] = await ids(letters);
    const [row] = await db.all<{ id: string }>(
      "SELECT id FROM uploads WHERE journey_id NOT IN (SELECT journey_id FROM submissions)",
    );
    unsent = row?.id ?? "";
    for (const id of [deed, plat, letter, unsent]) expect(id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  }, 60_000);

  it("links each document on the submission page by its name, with its type and size", async () => {
    const clerk = await signedIn(CLERK);
    expect(await linked(clerk, deeds)).toEqual([
      {
        name: "Deed of María.pdf",
        href: `/staff/submissions/${deeds}/documents/${deed}`,
        about: "(PDF, 2 KB, downloads)",
      },
      {
        name: "plat.png",
        href: `/staff/submissions/${deeds}/documents/${plat}`,
        about: "(PNG, 1 KB, downloads)",
      },
    ]);
    expect((await linked(clerk, deeds, "?lang=es")).map((d) => d.about)).toEqual([
      "(PDF, 2 KB, se descarga)",
      "(PNG, 1 KB, se descarga)",
    ]);
  });

  it("gives staff of the service the file as the resident sent it, as a download that runs nothing", async () => {
    const clerk = await signedIn(CLERK);
    const response = await clerk.request(app.base, `/staff/submissions/${deeds}/documents/${deed}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    const header = (name: string) => response.headers.get(name);
    expect(header("content-type")).toBe("application/pdf");
    expect(header("content-length")).toBe(String(PDF.length));
    expect(header("content-disposition")).toBe(
      `attachment; filename="Deed of Maria.pdf"; filename*=UTF-8''Deed%20of%20Mar%C3%ADa.pdf`,
    );
    expect(header("x-content-type-options")).toBe("nosniff");
    expect(header("cache-control")).toMatch(/(?=.*\bno-store\b)(?=.*\bprivate\b)/);
    expect(header("content-security-policy")).toBe("sandbox; default-src 'none'");

    const image = await clerk.request(app.base, `/staff/submissions/${deeds}/documents/${plat}`);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const head = await clerk.request(app.base, `/staff/submissions/${deeds}/documents/${plat}`, {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-disposition")).toContain("plat.png");
    expect((await head.arrayBuffer()).byteLength).toBe(0);

    // An administrator opens every service's.
    const admin = await signedIn(ADMIN);
    const opened = await admin.request(app.base, `/staff/submissions/${letters}/documents/${letter}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("sends a browser without a session to sign in, and refuses another service's staff", async () => {
    const path = `/staff/submissions/${deeds}/documents/${deed}`;
    const anonymous = await new HttpResident().request(app.base, path);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/staff/login?return=${encodeURIComponent(path)}`);

    const other = await signedIn(OTHER);
    const refused = await other.request(app.base, path);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-disposition")).toBeNull();
    expect(await refused.text()).not.toContain("%PDF");
  });

  it("answers 404 for a document this submission did not send, or an unknown one", async () => {
    const clerk = await signedIn(CLERK);
    for (const path of [
      // Another submission's document, under this one's reference.
      `/staff/submissions/${deeds}/documents/${letter}`,
      `/staff/submissions/${letters}/documents/${deed}`,
      // A document of a journey never sent.
      `/staff/submissions/${deeds}/documents/${unsent}`,
      `/staff/submissions/${deeds}/documents/${"A".repeat(24)}`,
      `/staff/submissions/${deeds}/documents/..%2F..%2Fcedarport.sqlite`,
      `/staff/submissions/AAAA2222/documents/${deed}`,
      `/staff/submissions/not-a-reference/documents/${deed}`,
    ]) {
      const response = await clerk.request(app.base, path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(response.headers.get("content-disposition")).toBeNull();
      expect(await response.text()).toContain("<h1>Page not found</h1>");
    }
  });

  it("answers 404, never an error, for a document whose file is gone from storage", async () => {
    const clerk = await signedIn(CLERK);
    const path = `/staff/submissions/${letters}/documents/${letter}`;
    expect((await clerk.request(app.base, path)).status).toBe(200);
    rmSync(join(app.dataDir, "uploads", letter));
    const response = await clerk.request(app.base, path);
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toContain("<h1>Page not found</h1>");
  });

  it("writes every opening to the audit log: who, which submission, which document", async () => {
    const entries = await app.running.db.all<{ actor: string; target: string; detail: string }>(
      "SELECT actor, target, detail FROM staff_audit WHERE action = 'document'",
    );
    expect(entries).toContainEqual({ actor: CLERK, target: deeds, detail: `${deed} (application/pdf)` });
    expect(entries).toContainEqual({ actor: CLERK, target: deeds, detail: `${plat} (image/png)` });
    expect(entries).toContainEqual({ actor: ADMIN, target: letters, detail: `${letter} (application/pdf)` });
    // Refused and missing documents opened nothing.
    expect(entries.filter((e) => e.actor === OTHER)).toEqual([]);
    expect(entries.filter((e) => e.detail.includes(unsent))).toEqual([]);
    expect(entries.filter((e) => e.target === deeds && e.detail.includes(letter))).toEqual([]);

    const admin = await signedIn(ADMIN);
    const log = mainText(await admin.get(app.base, "/staff/audit"));
    expect(log).toContain(`${deed} (application/pdf)`);
    expect(log).not.toContain("Deed of María.pdf");
    expect(log).toContain(deeds);
  });
});

import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { editedPets, node } from "../../src/workflow/fixtures";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * The staff preview of online services (/preview/workflows) over HTTP, in the production build:
 * nothing without the editors' preview session, everything with it, never cached.
 *
 * Its workflows folder: the demo, the public records request (choices filtered by an answer),
 * "pets" with one lint error and one warning (it still loads), and "broken", which the site refuses.
 */
const hasBuild = builtSite("the staff preview tests");

describe.runIf(hasBuild)("staff preview of online services", () => {
  let cookie: string;
  const site = useInProcessApp({
    prefix: "cedarport-staff-preview-",
    env: (dataDir) => {
      const workflowsDir = join(dataDir, "workflows");
      mkdirSync(workflowsDir);
      for (const name of ["demo-dog-licence", "public-records-request"])
        copyFileSync(`workflows/${name}.json`, join(workflowsDir, `${name}.json`));
      const pets = editedPets((f) => {
        // A way on that is never taken (a warning) and a screen nobody can reach (an error).
        const senior = node(f, "senior").data.config;
        if (senior) senior.next = [{ to: "check" }, { to: "no-pets" }];
        f.nodes.push({
          type: "graph_composite",
          name: "orphan",
          data: { id: "pets-orphan", type: "exit", config: { title: { en: "Orphan", es: "Huérfana" } } },
        });
      });
      writeFileSync(join(workflowsDir, "pets.json"), JSON.stringify(pets));
      const broken = editedPets((f) => {
        f.name = "broken";
        const start = node(f, "start").data.config;
        if (start) start.next = [{ to: "detials" }];
      });
      writeFileSync(join(workflowsDir, "broken.json"), JSON.stringify(broken));
      return { WORKFLOWS_DIR: workflowsDir, DRAFT_TOKEN: "preview-secret" };
    },
  });

  beforeAll(async () => {
    const r = await fetch(`${site.base}/preview?token=preview-secret`, { redirect: "manual" });
    cookie = (r.headers.get("set-cookie") ?? "").split(";")[0]!;
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${site.base}${path}`, { headers, redirect: "manual" });

  it("does not exist for anyone without the preview session", async () => {
    for (const path of ["/preview/workflows", "/preview/workflows/demo-dog-licence"]) {
      const anonymous = await get(path);
      expect(anonymous.status, path).toBe(404);
      expect(await anonymous.text()).not.toContain("livesInCedarport");
      // A forged or expired session is no session.
      const forged = await get(path, { cookie: "preview_session=9999999999999.forged" });
      expect(forged.status, path).toBe(404);
      // The draft credential itself is not a session either: only /preview?token= exchanges it.
      expect((await get(`${path}?token=preview-secret`)).status, path).toBe(404);
    }
    // Asked again after staff have seen it: still nothing (no shared cache keeps the staff page).
    await get("/preview/workflows", { cookie });
    const again = await get("/preview/workflows");
    expect(again.status).toBe(404);
    expect(again.headers.get("x-page-cache")).toBeNull();
  });

  it("lists every service with its check summary for staff, never cached or indexed", async () => {
    const r = await get("/preview/workflows", { cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    expect(r.headers.get("x-robots-tag")).toContain("noindex");
    expect(r.headers.get("x-page-cache")).toBeNull();
    const html = await r.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(site.running.services.workflows.names().sort()).toEqual([
      "demo-dog-licence",
      "pets",
      "public-records-request",
    ]);
    for (const name of site.running.services.workflows.names()) {
      expect(html).toContain(`href="/preview/workflows/${name}"`);
      expect(html).toContain(`workflows/${name}.json`);
    }
    expect(html).toContain("Apply for a dog licence (demo)");
    expect(html).toContain("Solicite una licencia para perros (demostración)");
    expect(html).toContain("1 error, 1 warning");
    // The file the site refused, with why.
    expect(html).toContain("Files refused at start-up");
    expect(html).toContain("workflows/broken.json");
    expect(html).toContain("nodes do not exist on composite: detials");
  });

  it("shows a service's screens in English and Spanish, its check results, its map and how to start it", async () => {
    const r = await get("/preview/workflows/demo-dog-licence", { cookie });
    expect(r.status).toBe(200);
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    const html = await r.text();
    // Both languages of a screen, side by side.
    expect(html).toContain("Do you live in the City and County of Cedarport?");
    expect(html).toContain("¿Vive en la Ciudad y Condado de Cedarport?");
    expect(html).toContain("Add another dog");
    expect(html).toContain("Agregar otro perro");
    // Where each answer leads, with the condition in plain words.
    expect(html).toContain("livesInCedarport is false");
    expect(html).toContain('href="#screen-not-eligible"');
    // The check results (the same as `npm run workflow -- check`).
    expect(html).toContain("Check results");
    expect(html).toMatch(
      /npm run workflow -- check finds no problem in this file|\d+ errors?, \d+ warnings?/,
    );
    // The map, inline, as an accessible image.
    expect(html).toMatch(/<svg [^>]*role="img"[^>]*aria-labelledby="map-demo-dog-licence-title/);
    expect(html).toContain("docs/services/demo-dog-licence.svg");
    // And a way to try it.
    expect(html).toContain('href="/workflow/demo-dog-licence"');
    expect(html).toContain('href="/workflow/demo-dog-licence?lang=es"');
  });

  it("shows which choices an earlier answer keeps", async () => {
    const html = await (await get("/preview/workflows/public-records-request", { cookie })).text();
    expect(html).toContain("The choices shown depend on the answer to agency.agency:");
    expect(html).toMatch(/<code lang="en">police<\/code>:(<!-- -->)? <span lang="en">Police report/);
  });

  it("shows the problems `workflow check` finds, each with its place in the file", async () => {
    const html = await (await get("/preview/workflows/pets", { cookie })).text();
    expect(html).toContain("1 error, 1 warning");
    expect(html).toContain("<code>nodes[6] (orphan)</code>");
    expect(html).toContain(
      "screen &quot;orphan&quot; cannot be reached from the start screen &quot;start&quot;",
    );
    expect(html).toContain("<code>nodes[2].data.config.next[1] (senior)</code>");
    expect(html).toContain("this transition is never used");
  });

  it("speaks Spanish to staff who browse in Spanish", async () => {
    const list = await (await get("/preview/workflows?lang=es", { cookie })).text();
    expect(list).toContain('<html lang="es"');
    expect(list).toContain("Servicios en línea: vista previa para el personal");
    const one = await (await get("/preview/workflows/demo-dog-licence?lang=es", { cookie })).text();
    expect(one).toContain("Resultados de la revisión");
    expect(one).toContain("livesInCedarport es falso");
    expect(one).toContain("Iniciar el servicio en español");
  });

  it("answers 404 for a service that does not exist", async () => {
    const r = await get("/preview/workflows/no-such-service", { cookie });
    expect(r.status).toBe(404);
  });
});

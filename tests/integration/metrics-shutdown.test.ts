import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openSqlite } from "../../src/db/sqlite";
import { SERVICE } from "./dog-licence-journey";
import { HttpResident, postForm } from "./http-resident";
import { type StartedApp, startInProcessApp } from "./in-process-app";

/**
 * The dashboard's counts are kept in each web process's memory and written every few seconds
 * (src/back-office/metric-buffer.ts): a clean shutdown must write what is left before the
 * database closes, so nothing counted is lost.
 */
describe("the dashboard's counts at shutdown", () => {
  let app: StartedApp | undefined;
  afterAll(() => {
    if (app) rmSync(app.dataDir, { recursive: true, force: true });
  });

  it("are written when the site shuts down", async () => {
    app = await startInProcessApp({ prefix: "cedarport-metrics-shutdown-" });
    const resident = new HttpResident();
    let page = await resident.get(app.base, SERVICE);
    if (!page.url.startsWith(`${SERVICE}/`)) {
      const start = postForm(page, SERVICE);
      page = await resident.follow(
        app.base,
        await resident.post(app.base, start, start.buttons.slice(0, 1)),
        start.action,
      );
    }
    // The first question answered: a journey started, a screen answered.
    const answered = await resident.post(app.base, postForm(page, SERVICE), [
      ["root_livesInCedarport", "true"],
      ["_intent", "continue"],
    ]);
    expect(answered.status).toBe(303);
    const context = { workflow: "demo-dog-licence", locale: "es", js: false };
    // Counted with nothing between it and the shutdown: no timer can have written it.
    app.running.services.backOffice.track("start", context);
    app.server.close();
    app.server.closeAllConnections();
    await app.running.close();

    const db = openSqlite(join(app.dataDir, "cedarport.sqlite"));
    try {
      const rows = await db.all<{ event: string; locale: string; n: number }>(
        "SELECT event, locale, SUM(n) AS n FROM service_counts WHERE workflow = 'demo-dog-licence' GROUP BY event, locale ORDER BY event, locale",
      );
      expect(rows).toEqual([
        { event: "answer", locale: "en", n: 1 },
        { event: "start", locale: "en", n: 1 },
        { event: "start", locale: "es", n: 1 },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);
});

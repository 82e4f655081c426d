import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bundleService } from "../../server/service-bundles";
import { answerScreen, startJourney } from "../../workflow/journey";
import { parseWorkflow } from "../../workflow/parse";
import { loadWorkflowFile, readOfficeDirectory } from "../../workflow/registry";
import { validateAnswers } from "../../workflow/validate-port";
import { answer, remember, synced, view } from "./browser-journey";
import { screenView } from "./workflow-view";

const workflow = parseWorkflow(
  JSON.parse(readFileSync("workflows/demo-dog-licence.json", "utf8")),
  "workflows/demo-dog-licence.json",
);
const base = "http://127.0.0.1/workflow/demo-dog-licence";

const post = (screen: string, body: object) =>
  new Request(`${base}/${screen}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** The browser's state for the demo service, as the first screen's page gives it. */
async function onFirstScreen() {
  const bundle = await bundleService(workflow);
  const url = `data:text/javascript;base64,${Buffer.from(bundle!.code).toString("base64")}`;
  const journey = startJourney(workflow);
  const now = new Date();
  await remember(
    screenView(workflow, journey, {
      locale: "en",
      now,
      request: new Request(`${base}/residency`),
      bundle: url,
      csrf: "token-from-the-page",
    }),
  );
  return journey;
}

afterEach(() => vi.unstubAllGlobals());

describe("the journey in the browser", () => {
  it("answers a screen as the server would, shows the next one itself and sends the answer behind it", async () => {
    const fetch = vi.fn(async () => ({ type: "opaqueredirect" }) as Response);
    vi.stubGlobal("fetch", fetch);
    const journey = await onFirstScreen();
    const now = new Date();

    const refused = await answer(
      post("residency", { intent: "continue", answers: {} }),
      workflow.name,
      "residency",
    );
    const server = answerScreen(
      workflow,
      journey,
      "residency",
      {},
      { validate: validateAnswers, now, locale: "en" },
    );
    expect(server.ok).toBe(false);
    expect(refused).toEqual({ errors: !server.ok && server.errors });
    expect(fetch).not.toHaveBeenCalled();

    const answers = { livesInCedarport: true };
    const moved = await answer(
      post("residency", { intent: "continue", answers, csrf: "token-from-the-form" }),
      workflow.name,
      "residency",
    );
    expect(moved).toBeInstanceOf(Response);
    expect((moved as Response).headers.get("location")).toBe("/workflow/demo-dog-licence/applicant");
    const next = await view(new Request(`${base}/applicant`), workflow.name, "applicant");
    const expected = answerScreen(workflow, journey, "residency", answers, {
      validate: validateAnswers,
      now,
      locale: "en",
    });
    expect(next?.journey).toEqual(expected.journey);
    expect(next?.screen.title).toBe("Your details");
    // The screen the browser shows itself posts the same CSRF token as the server's page.
    expect(next?.csrf).toBe("token-from-the-page");
    // The demo branches (senior rate): no step counter that could jump.
    expect(next?.progress).toBeNull();

    await synced();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(
      `${base}/residency`,
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ intent: "continue", answers, csrf: "token-from-the-form" }),
        redirect: "manual",
      }),
    );
  });

  it("leaves to the server what only it can do", async () => {
    vi.stubGlobal("fetch", vi.fn());
    await onFirstScreen();
    const save = post("residency", { intent: "save", answers: {} });
    expect(await answer(save, workflow.name, "residency")).toBeUndefined();
    const form = new Request(`${base}/residency`, {
      method: "POST",
      body: new URLSearchParams({ _intent: "continue" }),
    });
    expect(await answer(form, workflow.name, "residency")).toBeUndefined();
    // A screen the browser's journey is not on, or the server's check that cookies arrive.
    expect(await view(new Request(`${base}/applicant`), workflow.name, "applicant")).toBeUndefined();
    expect(
      await view(new Request(`${base}/residency?cookies=check`), workflow.name, "residency"),
    ).toBeUndefined();
    expect(await view(new Request(`${base}/residency?saved=1`), workflow.name, "residency")).toBeUndefined();
  });

  it("loads the page from the server again when the server does not accept an answer", async () => {
    const reload = vi.fn();
    vi.stubGlobal("window", { location: { reload } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ({ type: "basic", status: 200 }) as Response),
    );
    await onFirstScreen();
    await answer(
      post("residency", { intent: "continue", answers: { livesInCedarport: true } }),
      workflow.name,
      "residency",
    );
    await synced();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await view(new Request(`${base}/applicant`), workflow.name, "applicant")).toBeUndefined();
  });

  it("asks the server whether cookies arrive when it refuses an answer's CSRF token", async () => {
    const assign = vi.fn();
    const reload = vi.fn();
    vi.stubGlobal("window", { location: { assign, reload, href: `${base}/residency` } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ({ type: "basic", status: 403 }) as Response),
    );
    await onFirstScreen();
    await answer(
      post("residency", { intent: "continue", answers: { livesInCedarport: true } }),
      workflow.name,
      "residency",
    );
    await synced();
    expect(assign).toHaveBeenCalledWith("/workflow/demo-dog-licence/residency?cookies=check");
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows a text picked by an earlier answer as the server does (public records: what the agency keeps)", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => ({ type: "opaqueredirect" }) as Response),
    );
    // As the site loads it: office details bound, Markdown compiled (the texts of the table too).
    const loaded = await loadWorkflowFile("workflows/public-records-request.json", {
      offices: readOfficeDirectory("content"),
    });
    const records = loaded.workflow!;
    const service = "http://127.0.0.1/workflow/public-records-request";
    const opts = { validate: validateAnswers, now: new Date(), locale: "es" as const };
    const chose = answerScreen(records, startJourney(records), "agency", { agency: "police" }, opts);
    if (!chose.ok) throw new Error("the agency was refused");
    const bundle = await bundleService(records);
    const url = `data:text/javascript;base64,${Buffer.from(bundle!.code).toString("base64")}`;
    const shown = (journey: typeof chose.journey, screen: string) =>
      screenView(records, journey, {
        locale: "es",
        now: opts.now,
        request: new Request(`${service}/${screen}?lang=es`),
        bundle: url,
        csrf: "token",
      });
    await remember(shown(chose.journey, "record-type"));

    const answers = { recordType: "police-report" };
    const request = new Request(`${service}/record-type?lang=es`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ intent: "continue", answers }),
    });
    expect(await answer(request, records.name, "record-type")).toBeInstanceOf(Response);
    const inBrowser = await view(new Request(`${service}/records?lang=es`), records.name, "records");
    const server = answerScreen(records, chose.journey, "record-type", answers, opts);
    if (!server.ok) throw new Error("the type of record was refused");
    expect(inBrowser?.content).toEqual(shown(server.journey, "records").content);
    expect(inBrowser?.content[0]).toMatchObject({
      kind: "alert",
      title: "Qué registros pedir",
      messages: [
        expect.stringContaining("El Departamento de Policía de Cedarport guarda los informes de incidentes"),
        expect.any(String),
      ],
    });
    const [message] = (inBrowser?.content[0] as { messages?: string[] } | undefined)?.messages ?? [];
    expect(message).toContain('href="/activity/request-a-copy-of-a-police-report?lang=es"');
    await synced();
  });
});

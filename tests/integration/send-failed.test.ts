import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useInProcessApp } from "./in-process-app";
import { builtSite } from "./requirements";

/**
 * When a city system fails to take an application (here a follow-up call the back office refuses
 * with an error, not a message for the resident), the resident stays on check-answers with their
 * answers, is told whom to contact, and can send again: never the general error page (SPEC §8).
 */
const hasBuild = builtSite("the send-failure tests");
const SERVICE = "/workflow/failing-service";

const failingService = {
  $schema: "../schemas/workflow.schema.json",
  type: "graph_composite",
  name: "failing-service",
  data: {
    id: "failing-service",
    type: "workflow",
    config: { title: { en: "A request", es: "Una solicitud" }, start: "about" },
  },
  nodes: [
    {
      type: "graph_composite",
      name: "about",
      data: {
        id: "failing-service-about",
        type: "question",
        config: {
          title: { en: "About you", es: "Sus datos" },
          schema: {
            type: "object",
            required: ["name"],
            properties: {
              name: { $ref: "definitions/common.json#/$defs/name", title: { en: "Name", es: "Nombre" } },
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
        id: "failing-service-check-answers",
        type: "check-answers",
        config: {
          title: "checkAnswers.title",
          buttonLabel: "common.submit",
          call: {
            integration: "submit",
            operation: "failing-service",
            params: { service: "failing-service" },
          },
          // A follow-up the back office cannot make: no such deduction.
          followUp: [
            {
              integration: "deduction-applications",
              operation: "create",
              params: {
                deduction: "no-such-deduction",
                parcelNumber: "1000001",
                firstName: { field: "about.name" },
              },
            },
          ],
          next: [{ to: "confirmation" }],
        },
      },
    },
    {
      type: "graph_composite",
      name: "confirmation",
      data: {
        id: "failing-service-confirmation",
        type: "confirmation",
        config: { title: { en: "Sent", es: "Enviada" } },
      },
    },
  ],
};

describe.runIf(hasBuild)("a city system that fails when an application is sent", () => {
  const site = useInProcessApp({
    prefix: "cedarport-send-failed-",
    env: (dataDir) => {
      const dir = join(dataDir, "workflows");
      mkdirSync(dir);
      writeFileSync(join(dir, "failing-service.json"), JSON.stringify(failingService));
      return { WORKFLOWS_DIR: dir };
    },
  });

  it("keeps the resident on check-answers with what to do, and lets them send again", async () => {
    const cookies = new Map<string, string>();
    const go = async (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      const response = await fetch(`${site.base}${path}`, { ...init, headers, redirect: "manual" });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ""] = line.split(";");
        cookies.set(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
      }
      return response;
    };
    const post = async (screen: string, fields: Record<string, string>) => {
      const html = await (await go(`${SERVICE}/${screen}`)).text();
      const csrf = /name="_csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
      return go(`${SERVICE}/${screen}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ...fields, _csrf: csrf }).toString(),
      });
    };
    expect((await post("about", { root_name: "Ana Ruiz", _intent: "continue" })).status).toBe(303);
    for (let attempt = 0; attempt < 2; attempt++) {
      const sent = await post("check-answers", { _intent: "submit" });
      expect(sent.status).toBe(503);
      expect(sent.headers.get("retry-after")).toBe("60");
      const html = await sent.text();
      expect(html).toContain("Your answers were not sent: a city system did not answer. Nothing is lost.");
      expect(html).toContain("call 311");
      // Still check-answers, with the answers.
      expect(html).toContain("Ana Ruiz");
      expect(html).toMatch(/<title>Error: /);
    }
  });
});

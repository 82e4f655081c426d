import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadStandaloneValidators, validateCompiled } from "../forms/validation/compiled";
import { validateAnswers } from "../forms/validation/index";
import { screenForm } from "../workflow/form";
import { parseWorkflow } from "../workflow/parse";
import { bundleService } from "./service-bundles";

describe("service bundles for the browser", () => {
  const workflow = parseWorkflow(
    JSON.parse(readFileSync("workflows/demo-dog-licence.json", "utf8")),
    "workflows/demo-dog-licence.json",
  );

  it("bundles every question screen's validator without the Ajv compiler, and agrees with the server", async () => {
    const bundle = await bundleService(workflow);
    expect(bundle?.url).toMatch(/^\/assets\/services\/demo-dog-licence-[0-9a-f]{10}\.js$/);
    expect(bundle?.code).not.toMatch(/new Ajv|ajv\/dist\/compile/);
    const url = `data:text/javascript;base64,${Buffer.from(bundle!.code).toString("base64")}`;
    const module = (await import(/* @vite-ignore */ url)) as { workflow: unknown };
    expect(module.workflow).toEqual({ ...workflow, file: "" });
    const validators = loadStandaloneValidators(module);
    const applicant = workflow.screens.find((s) => s.name === "applicant")!;
    const now = new Date("2026-06-01T12:00:00Z");
    for (const [locale, data] of [
      ["en", { firstName: "Ana", email: "not-an-email", zip: "12" }],
      ["es", {}],
    ] as const) {
      const schema = screenForm(applicant, locale).schema!;
      const browser = validateCompiled(validators.applicant!, data, { locale, now, schema });
      const server = validateAnswers(schema, data, { locale, now });
      expect(browser).toEqual(server);
      expect(browser.length).toBeGreaterThan(0);
    }
  });
});

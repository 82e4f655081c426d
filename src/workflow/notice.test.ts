import { describe, expect, it } from "vitest";
import { compileWorkflowText } from "../app/components/RichText/workflow-markdown.server";
import { readContent } from "../content-service/load";
import { renderContent, renderNotice } from "./content";
import { formatPath } from "./errors";
import { petsWorkflow } from "./fixtures";
import { lintWorkflow } from "./lint";
import { bindOfficeDetails, officeDirectory } from "./office-details";
import { parseWorkflow } from "./parse";
import { loadWorkflowFile } from "./registry";
import { compileTexts } from "./rich-texts";
import type { Problem, Workflow } from "./types";
import { compileScreenSchema } from "./validate-port";

const offices = officeDirectory(readContent("content").docs);
const now = new Date("2026-06-01T12:00:00Z");

const emergency = {
  kind: "alert",
  alertType: "warning",
  title: {
    en: "If this is an emergency, call {emergencyPhone}.",
    es: "Si es una emergencia, llame al {emergencyPhone}.",
  },
  message: [
    { en: "For anything else, call {policePhone}.", es: "Para todo lo demás, llame al {policePhone}." },
    { en: "Or write to the [police](/agency/police).", es: "O escriba a la [policía](/agency/police)." },
  ],
  replace: {
    emergencyPhone: { type: "content", field: "phones.emergency" },
    policePhone: { type: "content", agency: "police", field: "location.phone" },
  },
};

function withNotice(notice: unknown) {
  const file = petsWorkflow() as unknown as { data: { config: Record<string, unknown> } };
  // Loading writes the office details into the notice: each test gets its own copy.
  file.data.config.notice = structuredClone(notice);
  return file;
}

const lint = (file: unknown) =>
  lintWorkflow(file, "pets.json", { checkSchema: compileScreenSchema, offices }).map(
    (p: Problem) => `${formatPath(p.path)}: ${p.severity}: ${p.message}`,
  );

function loaded(notice: unknown): Workflow {
  const workflow = parseWorkflow(withNotice(notice), "pets.json");
  expect(bindOfficeDetails(workflow, offices)).toEqual([]);
  compileTexts(workflow, compileWorkflowText);
  return workflow;
}

describe("the service notice (data.config.notice)", () => {
  it("is read, bound to the office details, and shown the same on every screen in both languages", () => {
    const workflow = loaded(emergency);
    expect(renderNotice(workflow, "en", now)).toEqual({
      alertType: "warning",
      title: "If this is an emergency, call 911.",
      messages: [
        "<p>For anything else, call (555) 010-3300.</p>",
        '<p>Or write to the <a href="/agency/police">police</a>.</p>',
      ],
    });
    const es = renderNotice(workflow, "es", now);
    expect(es?.title).toBe("Si es una emergencia, llame al 911.");
    // A Spanish link to this site keeps the resident in Spanish (rich-texts).
    expect(es?.messages[1]).toContain('href="/agency/police?lang=es"');
    // It is the service's, not a screen's: no screen's content carries it.
    for (const screen of workflow.screens) {
      expect(renderContent(screen, { answers: {}, results: {} }, "en", now)).not.toContainEqual(
        expect.objectContaining({ title: "If this is an emergency, call 911." }),
      );
    }
  });

  it("is nothing on a service without one", () => {
    expect(renderNotice(parseWorkflow(petsWorkflow(), "pets.json"), "en", now)).toBeNull();
  });

  it("passes workflow check as written", () => {
    expect(lint(withNotice(emergency))).toEqual([]);
  });

  it("is checked by workflow check: its shape, its Spanish, its office details", () => {
    const problems = lint(
      withNotice({
        ...emergency,
        title: { en: "Call {emergencyPhone} in an emergency" },
        when: { field: "details.age", gt: 1 },
      }),
    );
    expect(problems.join("\n")).toMatch(/data\.config\.notice: error: config is malformed: .*when/);
    expect(lint(withNotice({ ...emergency, title: { en: "Call {emergencyPhone}" } }))).toEqual([
      'data.config.notice.title: error: missing Spanish text for "Call {emergencyPhone}"',
    ]);
    // An answer would be missing on the first screens: only office details fill a notice.
    expect(
      lint(
        withNotice({
          ...emergency,
          replace: { ...emergency.replace, name: { type: "reference", screen: "details", input: "name" } },
        }),
      ).join("\n"),
    ).toMatch(/data\.config\.notice\.replace\.name\.type: error: config is malformed/);
    expect(
      lint(
        withNotice({ ...emergency, message: { en: "Call (555) 010-3300.", es: "Llame al (555) 010-3300." } }),
      ),
    ).toContain(
      'data.config.notice.message.en: error: a phone number is written out ("(555) 010-3300"): take office details from content/ with a "content" text (docs/workflows.md, section 10)',
    );
    expect(
      lint(
        withNotice({
          ...emergency,
          replace: {
            ...emergency.replace,
            policePhone: { type: "content", agency: "police", field: "location.fax" },
          },
        }),
      ),
    ).toEqual([
      'data.config.notice.replace.policePhone: error: no text "location.fax" in content/agencies/police.yaml: the text would show a gap',
    ]);
    const { title: _title, ...untitled } = emergency;
    expect(lint(withNotice(untitled)).join("\n")).toMatch(
      /data\.config\.notice: error: config is malformed: .*title/,
    );
  });

  it("refuses to load a notice naming an office detail that does not exist", () => {
    const workflow = parseWorkflow(
      withNotice({ ...emergency, replace: { emergencyPhone: { type: "content", field: "phones.nowhere" } } }),
      "pets.json",
    );
    expect(bindOfficeDetails(workflow, offices).map((p) => formatPath(p.path))).toEqual([
      "data.config.notice.replace.emergencyPhone",
    ]);
  });

  it("replaces the copies of the 911 alert in the police and traffic services", async () => {
    for (const name of ["police-vacation-check", "traffic-complaint"]) {
      const result = await loadWorkflowFile(`workflows/${name}.json`, { offices });
      const workflow = result.workflow as Workflow;
      expect(renderNotice(workflow, "en", now)?.title).toBe("If this is an emergency, call 911.");
      expect(renderNotice(workflow, "es", now)?.messages).toEqual([
        "<p>Para todo lo demás, llame a la línea de la policía que no es de emergencias: (555) 010-3300.</p>",
      ]);
      const copies = workflow.screens.filter((screen) =>
        JSON.stringify(screen.content).includes("emergencyPhone"),
      );
      expect(copies.map((screen) => screen.name)).toEqual([]);
    }
  });
});

import { describe, expect, it } from "vitest";
import demo from "../../workflows/demo-dog-licence.json";
import { formatPath } from "./errors";
import { editedPets, node, petsWorkflow } from "./fixtures";
import { hasErrors, lintWorkflow } from "./lint";
import type { Problem, ScreenConfigFile, WorkflowFile } from "./types";
import { compileScreenSchema } from "./validate-port";

function config(file: WorkflowFile, name: string): ScreenConfigFile {
  const found = node(file, name).data.config;
  if (!found) throw new Error("no config");
  return found;
}

function properties(file: WorkflowFile, name: string): Record<string, unknown> {
  return (config(file, name).schema as { properties: Record<string, unknown> }).properties;
}

const lint = (file: unknown) => lintWorkflow(file, "pets.json", { checkSchema: compileScreenSchema });
const brief = (problems: Problem[]) =>
  problems.map((p) => `${formatPath(p.path)}: ${p.severity}: ${p.message}`);

describe("lintWorkflow", () => {
  it("finds nothing wrong with the fixture and the demo", () => {
    expect(lint(petsWorkflow())).toEqual([]);
    expect(
      lintWorkflow(demo, "workflows/demo-dog-licence.json", { checkSchema: compileScreenSchema }),
    ).toEqual([]);
  });

  it("reports schema errors with the spec's message and a plain reason", () => {
    const file = editedPets((f) => {
      config(f, "details").next = [{ to: "check", when: { field: "details", gt: "next week" } as never }];
    });
    expect(brief(lint(file))).toEqual([
      'nodes[1].data.config.next[0].when.field: error: config is malformed: "details" must be a field path: the screen\'s name, a dot, then the field (applicant.email)',
      'nodes[1].data.config.next[0].when.gt: error: config is malformed: "next week" must be a number, a date (mm/dd/yyyy) or "today"',
    ]);
    expect(lint(file)[0]?.rule).toBe("schema");
  });

  it("reports every transition to a screen that does not exist, and goes on with the other rules", () => {
    const file = editedPets((f) => {
      config(f, "details").next = [{ to: "ghost", when: { field: "details.age", gt: 1 } }, { to: "check" }];
      config(f, "senior").next = [{ to: "phantom" }];
    });
    expect(brief(lint(file))).toEqual([
      "nodes[1].data.config.next[0].to: error: nodes do not exist on composite: ghost",
      'nodes[2]: error: screen "senior" cannot be reached from the start screen "start"',
      "nodes[2].data.config.next[0].to: error: nodes do not exist on composite: phantom",
    ]);
  });

  it("reports a screen nobody can reach", () => {
    const file = editedPets((f) => {
      config(f, "details").next = [{ to: "check" }];
    });
    expect(brief(lint(file))).toEqual([
      'nodes[2]: error: screen "senior" cannot be reached from the start screen "start"',
    ]);
  });

  it("reports a dead end, and a transition that can never be taken", () => {
    const deadEnd = editedPets((f) => {
      config(f, "senior").next = [{ to: "check", when: { field: "senior.vet", exists: true } }];
    });
    expect(lint(deadEnd)).toEqual([
      expect.objectContaining({
        rule: "dead-end",
        path: ["nodes", 2, "data", "config", "next"],
        severity: "error",
      }),
    ]);
    const unused = editedPets((f) => {
      config(f, "senior").next = [{ to: "check" }, { to: "done" }];
    });
    expect(lint(unused)).toEqual([
      expect.objectContaining({
        rule: "unused-transition",
        path: ["nodes", 2, "data", "config", "next", 1],
        severity: "warning",
      }),
    ]);
    expect(hasErrors(lint(unused))).toBe(false);
  });

  it("reports conditions, params and the receipt on fields that do not exist", () => {
    const file = editedPets((f) => {
      config(f, "details").next = [
        {
          to: "senior",
          when: {
            any: [
              { field: "details.weight", gt: 10 },
              { field: "ghost.age", gt: 1 },
            ],
          },
        },
        { to: "check" },
      ];
      (config(f, "check").call as { params: Record<string, unknown> }).params = {
        who: { field: "start.$result.x" },
      };
      (f.data.config as { receipt: { emailField: string } }).receipt.emailField = "details.mail";
    });
    expect(brief(lint(file))).toEqual([
      'data.config.receipt.emailField: error: receipt e-mail on an unknown field "details.mail": screen "details" has no field "mail"',
      'nodes[1].data.config.next[0].when.any[0].field: error: condition on an unknown field "details.weight": screen "details" has no field "weight"',
      'nodes[1].data.config.next[0].when.any[1].field: error: condition on an unknown field "ghost.age": there is no screen "ghost"',
      'nodes[3].data.config.call.params.who.field: error: parameter on an unknown field "start.$result.x": screen "start" makes no integration call',
    ]);
  });

  it("reports fields without a label and choices without labels", () => {
    const file = editedPets((f) => {
      properties(f, "senior").vet = { type: "string" };
      properties(f, "senior").size = {
        type: "string",
        enum: ["s", "m"],
        title: { en: "Size", es: "Tamaño" },
      };
    });
    expect(lint(file).map((p) => [formatPath(p.path), p.rule])).toEqual([
      ["nodes[2].data.config.schema.properties.size", "label"],
      ["nodes[2].data.config.schema.properties.vet", "label"],
    ]);
  });

  it("reports texts without Spanish, including those of shared definitions and uiSchemas", () => {
    const file = editedPets((f) => {
      config(f, "senior").title = { en: "Senior pet" };
      config(f, "senior").uiSchema = { vet: { "ui:help": { en: "Your vet's name" } } };
      properties(f, "senior").vet = { type: "string", title: { en: "Vet" } };
    });
    expect(brief(lint(file))).toEqual([
      'nodes[2].data.config.schema.properties.vet.title: error: missing Spanish text for "Vet"',
      'nodes[2].data.config.title: error: missing Spanish text for "Senior pet"',
      'nodes[2].data.config.uiSchema.vet["ui:help"]: error: missing Spanish text for "Your vet\'s name"',
    ]);
  });

  it("reports translation keys that do not exist, or exist only in English", () => {
    const file = editedPets((f) => {
      config(f, "senior").title = "pets.seniorTitle";
      config(f, "senior").hint = "common.only-english";
    });
    const catalog = {
      en: { common: { "only-english": "Hi" }, checkAnswers: { title: "Check" } },
      es: { checkAnswers: { title: "Revise" } },
    };
    expect(brief(lintWorkflow(file, "pets.json", { catalog }))).toEqual([
      'nodes[2].data.config.hint: error: missing Spanish text: add "common.only-english" to locales/es/workflow.json',
      'nodes[2].data.config.title: error: "pets.seniorTitle" is neither {"en": ..., "es": ...} nor a key of locales/en/workflow.json',
    ]);
  });

  it("reports a schema the validation catalogue refuses", () => {
    const file = editedPets((f) => {
      properties(f, "senior").vet = {
        type: "string",
        dateOnOrAftr: "today",
        title: { en: "Vet", es: "Veterinario" },
      };
    });
    expect(lint(file)).toEqual([
      expect.objectContaining({ rule: "catalogue", path: ["nodes", 2, "data", "config", "schema"] }),
    ]);
    expect(lint(file)[0]?.message).toContain("dateOnOrAftr");
  });

  it("warns about writeOnly fields nobody uses and a check-answers that sends nothing", () => {
    const file = editedPets((f) => {
      properties(f, "senior").pin = { type: "string", writeOnly: true, title: { en: "PIN", es: "PIN" } };
      delete config(f, "check").call;
    });
    expect(lint(file).map((p) => [p.rule, p.severity])).toEqual([
      ["write-only", "warning"],
      ["no-submit", "warning"],
    ]);
  });
});

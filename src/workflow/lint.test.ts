import { describe, expect, it } from "vitest";
import demo from "../../workflows/demo-dog-licence.json";
import { formatPath } from "./errors";
import { editedPets, node, petsWorkflow } from "./fixtures";
import { hasErrors, lintWorkflow } from "./lint";
import type { Problem, ScreenConfigFile, ScreenNodeFile, WorkflowFile } from "./types";
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
      config(f, "details").next = [
        { to: "senior", when: { field: "details", gt: "next week" } as never },
        { to: "check" },
      ];
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

  it("reports every problem of a file with several different errors at once", () => {
    const file = editedPets((f) => {
      // A screen type that does not exist (the screen's frame) ...
      (node(f, "start").data as { type: string }).type = "questoin";
      // ... a malformed condition, two date bounds the catalogue cannot read ...
      config(f, "details").next = [
        { to: "senior", when: { field: "details.age", gte: "ten" as never } },
        { to: "check" },
      ];
      properties(f, "details").born = {
        type: "string",
        format: "us-date",
        dateOnOrBefore: "todya",
        dateOnOrAfter: { year: -100 },
        title: { en: "Born", es: "Nacido" },
      };
      // ... a text without Spanish, a label with "(optional)", a dead end to a screen that does
      // not exist, and a screen nobody reaches.
      config(f, "senior").title = { en: "Senior pet" };
      properties(f, "senior").vet = { type: "string", title: { en: "Vet (optional)", es: "Veterinario" } };
      config(f, "senior").next = [{ to: "chek", when: { field: "senior.vet", exists: true } }];
      f.nodes.push({
        type: "graph_composite",
        name: "orphan",
        data: { id: "pets-orphan", type: "exit", config: { title: { en: "Orphan", es: "Huérfano" } } },
      });
    });
    expect(brief(lint(file))).toEqual([
      'nodes[0].data.type: error: graphComposite is malformed: must be one of: "question", "lookup", "check-answers", "confirmation", "exit"',
      'nodes[1].data.config.next[0].when.gte: error: config is malformed: "ten" must be a number, a date (mm/dd/yyyy) or "today"',
      'nodes[1].data.config.schema.properties.born.dateOnOrAfter: error: date bound {"year":-100}: "year" is not one of "years", "months", "days" or "from"',
      expect.stringMatching(
        /^nodes\[1\]\.data\.config\.schema\.properties\.born\.dateOnOrBefore: error: date bound "todya" is not a date nor a relative date: write a day as "yyyy-mm-dd"/,
      ),
      'nodes[2].data.config.next: error: dead end: every way out of "senior" has a condition, so some answers lead nowhere; leave "when" off the last one',
      "nodes[2].data.config.next[0].to: error: nodes do not exist on composite: chek",
      expect.stringMatching(
        /^nodes\[2\]\.data\.config\.schema\.properties\.vet\.title: warning: the label "Vet \(optional\)" ends with "\(optional\)"/,
      ),
      'nodes[2].data.config.title: error: missing Spanish text for "Senior pet"',
      'nodes[6]: error: screen "orphan" cannot be reached from the start screen "start"',
    ]);
  });

  it("goes on past a broken screen without guessing at what the break hides", () => {
    // Nothing is known of "details" (its ways out, its fields): no "cannot be reached" for the
    // screens after it, no "unknown field" for the answers it asks; the rest is still checked.
    const opaque = editedPets((f) => {
      (f.nodes as unknown[])[1] = { type: "graph_composite", name: "details", data: "oops" };
      config(f, "senior").title = { en: "Senior" };
    });
    expect(brief(lint(opaque))).toEqual([
      "nodes[1].data: error: graphComposite is malformed: must be an object { }",
      'nodes[2].data.config.title: error: missing Spanish text for "Senior"',
    ]);
    // A screen without a name: the ways to it are lost with it.
    const nameless = editedPets((f) => {
      delete (node(f, "senior") as Partial<ScreenNodeFile>).name;
    });
    expect(brief(lint(nameless))).toEqual([
      'nodes[2]: error: graphComposite is malformed: "name" is required',
    ]);
    // A transition's target that is no name: the graph is not known either.
    const badTarget = editedPets((f) => {
      config(f, "details").next = [
        { to: "Senior", when: { field: "details.age", gte: 10 } },
        { to: "check" },
      ];
    });
    expect(lint(badTarget).map((p) => p.rule)).toEqual(["schema"]);
    // A malformed setting is dropped; the screen's other settings are still checked.
    const badSetting = editedPets((f) => {
      config(f, "senior").next = "check" as never;
      config(f, "senior").hint = { en: "Hi" };
      properties(f, "senior").unlabelled = { type: "string" };
    });
    expect(brief(lint(badSetting))).toEqual([
      'nodes[2].data.config.hint: error: missing Spanish text for "Hi"',
      "nodes[2].data.config.next: error: config is malformed: must be a list [ ]",
      'nodes[2].data.config.schema.properties.unlabelled: error: field "unlabelled" has no label: give it a "title" in English and Spanish',
    ]);
  });

  it("asks for a documents field's label, never for the labels of the file references inside it", () => {
    const withDocuments = (title?: unknown) =>
      editedPets((f) => {
        properties(f, "senior").papers = {
          $ref: "definitions/common.json#/$defs/documents",
          ...(title ? { title } : {}),
        };
      });
    expect(lint(withDocuments({ en: "Papers", es: "Documentos" })).filter((p) => p.rule === "label")).toEqual(
      [],
    );
    // The shared definition has a title of its own: staff who leave it out get "Documents".
    expect(lint(withDocuments()).filter((p) => p.rule === "label")).toEqual([]);
  });

  it("refuses a required field the form never shows, and documents where no file is taken", () => {
    const file = editedPets((f) => {
      (config(f, "details").schema as { required: string[] }).required = ["name", "age", "emial"];
      properties(f, "senior").papers = { $ref: "definitions/common.json#/$defs/documents", maxItems: 10 };
      config(f, "check").schema = {
        type: "object",
        properties: { proof: { $ref: "definitions/common.json#/$defs/documents" } },
      };
    });
    expect(lint(file).map((p) => [formatPath(p.path), p.severity, p.rule])).toEqual([
      ["nodes[1].data.config.schema.required[2]", "error", "required"],
      ["nodes[2].data.config.schema.properties.papers.maxItems", "error", "documents"],
      ["nodes[3].data.config.schema.properties.proof", "error", "documents"],
    ]);
    expect(lint(file)[0]?.message).toContain('"emial", which is not a field of screen "details"');
  });

  it("says a documents field is inside a repeat once, never asking for labels of the files in it", () => {
    const file = structuredClone(demo) as unknown as WorkflowFile;
    properties(file, "dogs").photos = {
      $ref: "definitions/common.json#/$defs/documents",
      title: { en: "Photos", es: "Fotos" },
    };
    expect(brief(lintWorkflow(file, "demo-dog-licence.json", { checkSchema: compileScreenSchema }))).toEqual([
      expect.stringMatching(
        /^nodes\[4\]\.data\.config\.schema\.properties\.photos: error: documents field "photos" is inside a repeat:/,
      ),
    ]);
  });

  it("stops at a broken frame of the file itself, with the schema's problems", () => {
    const file = editedPets((f) => {
      (f.data.config as unknown as Record<string, unknown>).strat = "start";
      config(f, "senior").title = { en: "Senior" };
    });
    expect(lint(file).map((p) => p.rule)).toEqual(["schema"]);
  });

  it("says which date bound it cannot read and why, at its place, also on a repeated screen", () => {
    const file = structuredClone(demo) as unknown as WorkflowFile;
    const dogs = properties(file, "dogs");
    (dogs.rabiesVaccinated as Record<string, unknown>).dateOnOrBefore = "todya";
    (dogs.dateOfBirth as Record<string, unknown>).dateOnOrAfter = "2000-02-30";
    expect(brief(lintWorkflow(file, "demo-dog-licence.json", { checkSchema: compileScreenSchema }))).toEqual([
      'nodes[4].data.config.schema.properties.dateOfBirth.dateOnOrAfter: error: date bound "2000-02-30" is not a day of the calendar',
      'nodes[4].data.config.schema.properties.rabiesVaccinated.dateOnOrBefore: error: date bound "todya" is not a date nor a relative date: write a day as "yyyy-mm-dd" ("2000-01-01"), "today", "endOfLastYear", or a shift from today such as { "years": -18 }, { "months": -4 } or { "days": 30 } (optionally with "from": "endOfLastYear")',
    ]);
  });

  it("warns when a label ends with the (optional) the form adds by itself, in either language", () => {
    const file = editedPets((f) => {
      properties(f, "senior").vet = { type: "string", title: "pets.vet" };
      properties(f, "senior").nickname = {
        type: "string",
        title: { en: "Nickname", es: "Apodo (opcional)" },
      };
      config(f, "senior").uiSchema = {
        vet: { "ui:title": { en: "Vet's name (Optional)", es: "Veterinario" } },
      };
    });
    const catalog = {
      en: { pets: { vet: "Vet (optional) " }, checkAnswers: { title: "Check" } },
      es: { pets: { vet: "Veterinario" }, checkAnswers: { title: "Revise" } },
    };
    expect(
      lintWorkflow(file, "pets.json", { catalog }).map((p) => [formatPath(p.path), p.severity, p.rule]),
    ).toEqual([
      ["nodes[2].data.config.schema.properties.nickname.title", "warning", "optional-title"],
      ["nodes[2].data.config.schema.properties.vet.title", "warning", "optional-title"],
      ['nodes[2].data.config.uiSchema.vet["ui:title"]', "warning", "optional-title"],
    ]);
    expect(lintWorkflow(file, "pets.json", { catalog })[0]?.message).toContain('"Apodo (opcional)"');
  });
});

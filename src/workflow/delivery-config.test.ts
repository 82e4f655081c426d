import { describe, expect, it } from "vitest";
import { formatPath } from "./errors";
import { fileSchemaProblems } from "./file-schema";
import { editedPets } from "./fixtures";
import { hasErrors, lintWorkflow } from "./lint";
import { parseWorkflow, readWorkflow } from "./parse";
import type { DeliveryFile, WorkflowFile, WorkflowStatus } from "./types";

/**
 * A service's `delivery` (where each submission goes) and `statuses` (where one can stand), from
 * the file's schema and types to the parsed workflow and `workflow check`.
 */
const withConfig = (extra: { delivery?: DeliveryFile; statuses?: WorkflowStatus[] }): WorkflowFile =>
  editedPets((file) => {
    file.data.config = { ...file.data.config!, ...extra };
  });

const brief = (file: unknown) =>
  lintWorkflow(file, "pets.json").map((p) => `${formatPath(p.path)}: ${p.severity}: ${p.message}`);

const statuses: WorkflowStatus[] = [
  { id: "received", label: { en: "Received", es: "Recibida" } },
  { id: "vet-visit", label: { en: "Vet visit booked", es: "Visita al veterinario programada" } },
  { id: "licensed", label: { en: "Licensed", es: "Con licencia" }, final: true },
];

describe("delivery in a workflow file", () => {
  it("is parsed with the e-mail's language filled in, and passes the check", () => {
    const file = withConfig({
      delivery: {
        email: { to: "animal-care@cedarport.gov" },
        webhook: { urlEnv: "PETS_WEBHOOK_URL", secretEnv: "PETS_WEBHOOK_SECRET" },
      },
    });
    const workflow = parseWorkflow(file, "pets.json");
    expect(workflow.delivery).toEqual({
      email: { to: "animal-care@cedarport.gov", language: "en" },
      webhook: { urlEnv: "PETS_WEBHOOK_URL", secretEnv: "PETS_WEBHOOK_SECRET" },
    });
    const spanish = withConfig({ delivery: { email: { to: "animal-care@cedarport.gov", language: "es" } } });
    expect(parseWorkflow(spanish, "pets.json").delivery).toEqual({
      email: { to: "animal-care@cedarport.gov", language: "es" },
    });
    // A department's inbox is no office detail shown to residents: no "written out" complaint.
    expect(brief(file)).toEqual([]);
    expect(
      parseWorkflow(
        editedPets(() => undefined),
        "pets.json",
      ).delivery,
    ).toBeUndefined();
  });

  it("refuses what the schema does not allow: a secret written in, a bad address or name, an empty delivery", () => {
    const refused: unknown[] = [
      { email: { to: "not an address" } },
      { email: { to: "a@cedarport.gov, b@cedarport.gov" } },
      { email: { to: "a@cedarport.gov", language: "fr" } },
      { email: {} },
      { webhook: { url: "https://intake.example.gov", secret: "s3cret" } },
      { webhook: { urlEnv: "PETS_WEBHOOK_URL" } },
      { webhook: { urlEnv: "https://intake.example.gov", secretEnv: "PETS_WEBHOOK_SECRET" } },
      { webhook: { urlEnv: "pets_url", secretEnv: "PETS_WEBHOOK_SECRET" } },
      {},
      { fax: "555-0100" },
    ];
    for (const delivery of refused) {
      const file = editedPets((f) => {
        (f.data.config as unknown as Record<string, unknown>).delivery = delivery;
      });
      const problems = fileSchemaProblems(file, "pets.json");
      expect(problems.length, JSON.stringify(delivery)).toBeGreaterThan(0);
      expect(problems[0]?.path.slice(0, 3), JSON.stringify(delivery)).toEqual(["data", "config", "delivery"]);
      expect(readWorkflow(file, "pets.json").workflow).toBeUndefined();
    }
  });

  it("warns when nothing sends the answers with submit, and refuses one variable for address and secret", () => {
    const noSubmit = editedPets((f) => {
      f.data.config = { ...f.data.config!, delivery: { email: { to: "animal-care@cedarport.gov" } } };
      const check = f.nodes.find((n) => n.name === "check")!;
      check.data.config!.call = { integration: "records", operation: "file", params: {} };
    });
    expect(brief(noSubmit)).toEqual([
      'data.config.delivery: warning: no screen sends the answers with the "submit" integration, so nothing is ever delivered: deliveries go out when a submission is stored',
    ]);
    const same = withConfig({ delivery: { webhook: { urlEnv: "PETS_HOOK", secretEnv: "PETS_HOOK" } } });
    expect(brief(same)).toEqual([
      "data.config.delivery.webhook.secretEnv: error: the webhook's address and its secret are both read from PETS_HOOK: name two different environment variables",
    ]);
    expect(hasErrors(lintWorkflow(same, "pets.json"))).toBe(true);
  });
});

describe("statuses in a workflow file", () => {
  it("are parsed onto the workflow as written", () => {
    expect(parseWorkflow(withConfig({ statuses }), "pets.json").statuses).toEqual(statuses);
    expect(brief(withConfig({ statuses }))).toEqual([]);
    expect(
      parseWorkflow(
        editedPets(() => undefined),
        "pets.json",
      ).statuses,
    ).toBeUndefined();
  });

  it("must have unique ids", () => {
    const twice = withConfig({
      statuses: [...statuses, { id: "received", label: { en: "Again", es: "Otra vez" } }],
    });
    expect(brief(twice)).toEqual([
      'data.config.statuses[3].id: error: config is malformed: two statuses have the id "received"',
    ]);
    expect(() => parseWorkflow(twice, "pets.json")).toThrow();
  });

  it("refuses a list the schema does not allow: empty, more than 12, a bad id, a label without Spanish", () => {
    const many = Array.from({ length: 13 }, (_, i) => ({
      id: `step-${i}`,
      label: { en: `Step ${i}`, es: `Paso ${i}` },
    }));
    const refused: unknown[] = [
      [],
      many,
      [{ id: "In Review", label: { en: "In review", es: "En revisión" } }],
      [{ id: "in-review", label: { en: "In review" } }],
      [{ id: "in-review", label: "In review" }],
      [{ id: "in-review", label: { en: "In review", es: "En revisión" }, final: "yes" }],
      [{ id: "in-review", label: { en: "In review", es: "En revisión" }, colour: "blue" }],
    ];
    for (const list of refused) {
      const file = editedPets((f) => {
        (f.data.config as unknown as Record<string, unknown>).statuses = list;
      });
      const problems = fileSchemaProblems(file, "pets.json");
      expect(problems.length, JSON.stringify(list)).toBeGreaterThan(0);
      expect(problems[0]?.path.slice(0, 3)).toEqual(["data", "config", "statuses"]);
    }
    expect(fileSchemaProblems(withConfig({ statuses: many.slice(0, 12) }), "pets.json")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { formatPath, WorkflowError } from "./errors";
import { editedPets, node, petsWorkflow } from "./fixtures";
import { parseWorkflow, readWorkflow } from "./parse";
import type { JSONSchema } from "./types";

function parseError(json: unknown, file = "pets.json"): WorkflowError {
  try {
    parseWorkflow(json, file);
  } catch (error) {
    if (error instanceof WorkflowError) return error;
    throw error;
  }
  throw new Error("expected a WorkflowError");
}

function configOf(file: ReturnType<typeof petsWorkflow>, name: string) {
  const config = node(file, name).data.config;
  if (!config) throw new Error("no config");
  return config;
}

describe("parseWorkflow", () => {
  it("parses a valid file into screens with their lens, inlined refs and defaults", () => {
    const workflow = parseWorkflow(petsWorkflow(), "workflows/pets.json");
    expect(workflow.name).toBe("pets");
    expect(workflow.start).toBe("start");
    expect(workflow.screens.map((s) => s.name)).toEqual([
      "start",
      "details",
      "senior",
      "check",
      "done",
      "no-pets",
    ]);
    const start = workflow.screens[0];
    expect(start?.lens).toEqual(["nodes", 0]);
    const hasPet = (start?.schema?.properties as Record<string, JSONSchema> | undefined)?.hasPet;
    expect(hasPet?.type).toBe("boolean");
    expect(hasPet?.title).toEqual({ en: "Pet?", es: "¿Mascota?" });
    expect(JSON.stringify(workflow)).not.toContain("$ref");
    expect(workflow.screens.find((s) => s.name === "done")?.uiSchema).toEqual({});
  });

  it("gives a node without config the default {} (and then asks for what its type needs)", () => {
    const file = editedPets((f) => {
      delete node(f, "done").data.config;
    });
    const error = parseError(file);
    expect(error.message).toBe("config is malformed");
    expect(error.path).toEqual(["nodes", 4, "data", "config"]);
    expect(error.detail).toBe('"title" is required');
  });

  it("wraps a repeated group's item schema in an array of at most max items", () => {
    const file = editedPets((f) => {
      configOf(f, "senior").repeat = { max: 5 };
    });
    const senior = parseWorkflow(file, "pets.json").screens[2];
    expect(senior?.schema).toMatchObject({
      type: "array",
      minItems: 1,
      maxItems: 5,
      items: { type: "object" },
    });
    expect(senior?.itemSchema).toMatchObject({ type: "object" });
  });

  describe("'workflow is malformed'", () => {
    it("for something that is not an object", () => {
      const error = parseError([1, 2]);
      expect([error.message, error.path, error.file]).toEqual(["workflow is malformed", [], "pets.json"]);
    });
    it("for a file without nodes", () => {
      const file: Record<string, unknown> = { ...petsWorkflow() };
      delete file.nodes;
      const error = parseError(file);
      expect([error.message, error.path, error.detail]).toEqual([
        "workflow is malformed",
        [],
        '"nodes" is required',
      ]);
    });
    it("for a top level that is not a graph_composite", () => {
      const error = parseError({ ...petsWorkflow(), type: "graph" });
      expect([error.message, error.path]).toEqual(["workflow is malformed", ["type"]]);
    });
    it("for a name that is not the file's", () => {
      const error = parseError(petsWorkflow(), "workflows/cats.json");
      expect([error.message, error.path]).toEqual(["workflow is malformed", ["name"]]);
      expect(error.describe()).toBe(
        'workflows/cats.json: name: workflow is malformed (the name "pets" must be the file\'s name, "cats")',
      );
    });
  });

  describe("'graphComposite is malformed'", () => {
    it("for a node without a name", () => {
      const file = petsWorkflow() as unknown as { nodes: Array<Record<string, unknown>> };
      delete file.nodes[1]?.name;
      const error = parseError(file);
      expect([error.message, error.path, error.detail]).toEqual([
        "graphComposite is malformed",
        ["nodes", 1],
        '"name" is required',
      ]);
    });
    it("for a node of another type", () => {
      const file = petsWorkflow() as unknown as { nodes: Array<Record<string, unknown>> };
      (file.nodes[2] as Record<string, unknown>).type = "node";
      const error = parseError(file);
      expect([error.message, error.path]).toEqual(["graphComposite is malformed", ["nodes", 2, "type"]]);
    });
    it("for an unknown screen type", () => {
      const file = petsWorkflow() as unknown as { nodes: Array<{ data: Record<string, unknown> }> };
      (file.nodes[4] as { data: Record<string, unknown> }).data.type = "thanks";
      const error = parseError(file);
      expect([error.message, error.path]).toEqual([
        "graphComposite is malformed",
        ["nodes", 4, "data", "type"],
      ]);
    });
    it("for two screens with one name", () => {
      const file = editedPets((f) => {
        node(f, "senior").name = "details";
      });
      const error = parseError(file);
      expect([error.message, error.path, error.detail]).toEqual([
        "graphComposite is malformed",
        ["nodes", 2, "name"],
        'two screens are called "details"',
      ]);
    });
  });

  describe("'config is malformed'", () => {
    it("for a workflow config without a start screen", () => {
      const file = editedPets((f) => {
        delete (f.data.config as { start?: string }).start;
      });
      const error = parseError(file);
      expect([error.message, error.path, error.detail]).toEqual([
        "config is malformed",
        ["data", "config"],
        '"start" is required',
      ]);
    });
    it("for a question without a schema", () => {
      const file = editedPets((f) => {
        delete configOf(f, "details").schema;
      });
      const error = parseError(file);
      expect([error.message, error.path, error.detail]).toEqual([
        "config is malformed",
        ["nodes", 1, "data", "config"],
        '"schema" is required',
      ]);
    });
    it("for a setting a screen type does not have", () => {
      const file = editedPets((f) => {
        configOf(f, "done").schema = { type: "object" };
      });
      const error = parseError(file);
      expect(error.message).toBe("config is malformed");
      expect(error.detail).toBe('"schema" is not allowed on a confirmation screen');
    });
    it("for a $ref to a definition that does not exist", () => {
      const file = editedPets((f) => {
        (configOf(f, "details").schema as { properties: Record<string, unknown> }).properties.name = {
          $ref: "definitions/applicant.json#/properties/nickname",
        };
      });
      const error = parseError(file);
      expect(error.message).toBe("config is malformed");
      expect(error.path).toEqual(["nodes", 1, "data", "config", "schema", "properties", "name", "$ref"]);
      expect(error.detail).toContain("has nothing at #/properties/nickname");
    });
    it("for a schema that is not a valid JSON Schema", () => {
      const file = editedPets((f) => {
        (configOf(f, "senior").schema as { properties: Record<string, unknown> }).properties.vet = {
          type: "text",
        };
      });
      const error = parseError(file);
      expect([error.message, error.path]).toEqual([
        "config is malformed",
        ["nodes", 2, "data", "config", "schema"],
      ]);
    });
    it("for a condition in a schema that the form cannot decide", () => {
      const file = editedPets((f) => {
        const schema = configOf(f, "senior").schema as Record<string, unknown>;
        schema.if = { properties: { vet: { format: "email" } }, required: ["vet"] };
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
        schema.then = { required: ["name"] };
      });
      const error = parseError(file);
      expect([error.message, error.path]).toEqual([
        "config is malformed",
        ["nodes", 2, "data", "config", "schema", "if", "properties", "vet", "format"],
      ]);
      expect(error.detail).toContain('the form cannot decide "format" in a condition');
      // The same check outside the condition is the catalogue's, and fine.
      const fine = editedPets((f) => {
        const schema = configOf(f, "senior").schema as Record<string, unknown>;
        schema.if = { properties: { vet: { const: "none" } }, required: ["vet"] };
        // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then
        schema.then = { properties: { vet: { format: "email" } } };
      });
      expect(parseWorkflow(fine, "pets.json").screens[2]?.schema?.if).toBeDefined();
    });
    it("for a guard that is not a condition", () => {
      const file = editedPets((f) => {
        configOf(f, "details").next = [{ to: "check", when: { field: "details.age", equal: 3 } as never }];
      });
      const error = parseError(file);
      expect(formatPath(error.path)).toBe("nodes[1].data.config.next[0].when");
      expect(error.message).toBe("config is malformed");
      expect(error.detail).toContain('"equal" is not a condition');
    });
  });

  describe("'nodes do not exist on composite: <name>'", () => {
    it("for a start screen that does not exist", () => {
      const file = editedPets((f) => {
        (f.data.config as { start: string }).start = "welcome";
      });
      const error = parseError(file);
      expect([error.message, error.path]).toEqual([
        "nodes do not exist on composite: welcome",
        ["data", "config", "start"],
      ]);
    });
    it("for a transition to a screen that does not exist", () => {
      const file = editedPets((f) => {
        configOf(f, "details").next = [{ to: "check" }, { to: "ghost" }];
      });
      const error = parseError(file);
      expect([error.message, error.path]).toEqual([
        "nodes do not exist on composite: ghost",
        ["nodes", 1, "data", "config", "next", 1, "to"],
      ]);
    });
  });

  it("'params missing' for an integration call without params", () => {
    const file = editedPets((f) => {
      delete (configOf(f, "check").call as { params?: unknown }).params;
    });
    const error = parseError(file);
    expect([error.message, error.path]).toEqual([
      "params missing",
      ["nodes", 3, "data", "config", "call", "params"],
    ]);
  });

  it("readWorkflow collects every problem instead of stopping at the first", () => {
    const file = editedPets((f) => {
      configOf(f, "details").next = [{ to: "ghost" }];
      configOf(f, "senior").next = [{ to: "phantom" }];
    });
    const { workflow, problems } = readWorkflow(file, "pets.json");
    expect(workflow?.name).toBe("pets");
    expect(problems.map((p) => p.message)).toEqual([
      "nodes do not exist on composite: ghost",
      "nodes do not exist on composite: phantom",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import demo from "../../workflows/demo-dog-licence.json";
import { fileSchemaProblems } from "./file-schema";
import { parcelsWorkflow, petsWorkflow } from "./fixtures";
import type {
  ContentBlock,
  Guard,
  IntegrationCall,
  ScreenNodeFile,
  TableColumn,
  Text,
  WorkflowFile,
} from "./types";

// types.ts writes the file's types by hand next to schemas/workflow.schema.json. These samples keep
// the two in step: what the types accept the schema accepts, what the types refuse
// (@ts-expect-error) the schema refuses.

const schemaAccepts = (value: unknown) => fileSchemaProblems(value, "sample.json").length === 0;

function withNode(node: ScreenNodeFile): WorkflowFile {
  const file = petsWorkflow();
  file.nodes.push(node);
  return file;
}

function question(config: NonNullable<ScreenNodeFile["data"]["config"]>): ScreenNodeFile {
  return { type: "graph_composite", name: "extra", data: { id: "extra", type: "question", config } };
}

const schema = { type: "object", properties: { a: { type: "string", title: { en: "A", es: "A" } } } };

function withGuard(when: Guard): WorkflowFile {
  return withNode(question({ title: "common.yes", schema, next: [{ to: "done", when }, { to: "done" }] }));
}

describe("the workflow file's types and schema agree", () => {
  const valid: Record<string, WorkflowFile> = {
    "the pets fixture": petsWorkflow(),
    "the parcels fixture (choices, follow-up calls, tables, content with when)": parcelsWorkflow(),
    "a minimal file": {
      type: "graph_composite",
      name: "tiny",
      data: { id: "tiny", type: "workflow", config: { title: "common.yes", start: "end" } },
      nodes: [
        {
          type: "graph_composite",
          name: "end",
          data: { id: "end", type: "exit", config: { title: "common.no" } },
        },
      ],
    },
    "every comparison": withGuard({
      all: [
        { field: "start.hasPet", equals: true },
        { field: "start.hasPet", notEquals: false },
        { field: "details.age", in: [1, 2, 3] },
        { field: "details.age", gt: 1 },
        { field: "details.age", gte: "01/31/2020" },
        { field: "details.age", lt: "2020-01-31" },
        { field: "details.age", lte: "today" },
        { field: "details.name", exists: true },
        { field: "details.name", ageAtLeast: { years: 65, on: "endOfLastYear" } },
        { any: [{ not: { field: "details.name", exists: false } }] },
      ],
    }),
    "a repeated group with content and a call": withNode(
      question({
        title: { en: "Parcels", es: "Parcelas" },
        hint: "common.continue",
        content: [
          {
            kind: "text",
            text: { en: "Hi {name}" },
            replace: { name: { type: "bound_data", location: "details.name" } },
          },
          {
            kind: "alert",
            alertType: "warning",
            message: [{ en: "a", es: "a" }, "common.no"],
            allowClose: false,
          },
        ],
        schema,
        uiSchema: { a: { "ui:widget": "text" } },
        repeat: { max: 5, min: 1, itemTitle: { en: "Parcel", es: "Parcela" } },
        call: {
          integration: "lookup",
          operation: "parcel",
          params: { id: { field: "details.name" }, kind: "x" },
        },
        buttonLabel: "common.continue",
        next: [{ to: "done" }],
      }),
    ),
  };

  for (const [name, sample] of Object.entries(valid)) {
    it(`accepts ${name}`, () => {
      expect(fileSchemaProblems(sample, "sample.json")).toEqual([]);
    });
  }

  it("accepts the demo service", () => {
    expect(fileSchemaProblems(demo, "demo-dog-licence.json")).toEqual([]);
  });

  it("refuses a comparison with two operators", () => {
    // @ts-expect-error a comparison has exactly one operator
    const guard: Guard = { field: "details.age", gt: 1, lt: 5 };
    expect(schemaAccepts(withGuard(guard))).toBe(false);
  });

  it("refuses a misspelt operator", () => {
    // @ts-expect-error "equal" is not an operator
    const guard: Guard = { field: "details.age", equal: 1 };
    expect(schemaAccepts(withGuard(guard))).toBe(false);
  });

  it("refuses a combinator mixed with a comparison", () => {
    // @ts-expect-error a guard is a comparison or a combinator, not both
    const guard: Guard = { all: [], field: "details.age" };
    expect(schemaAccepts(withGuard(guard))).toBe(false);
  });

  it("refuses a call without params", () => {
    // @ts-expect-error params are required
    const call: IntegrationCall = { integration: "submit", operation: "x" };
    expect(
      schemaAccepts(withNode(question({ title: "common.yes", schema, call, next: [{ to: "done" }] }))),
    ).toBe(false);
  });

  it("refuses a text in another language", () => {
    // @ts-expect-error texts are English and Spanish
    const title: Text = { en: "Hello", fr: "Bonjour" };
    expect(schemaAccepts(withNode(question({ title, schema, next: [{ to: "done" }] })))).toBe(false);
  });

  it("refuses an unknown screen type", () => {
    const node = {
      type: "graph_composite",
      name: "extra",
      data: { id: "extra", type: "payment", config: { title: "common.yes" } },
    } as const;
    // @ts-expect-error "payment" is not a screen type
    const typed: ScreenNodeFile = node;
    expect(schemaAccepts(withNode(typed))).toBe(false);
  });

  it("refuses a table column without the value it shows", () => {
    // @ts-expect-error a column needs "value"
    const column: TableColumn = { header: "common.yes" };
    const table: ContentBlock = { kind: "table", rows: "a.b", columns: [column], empty: "common.no" };
    expect(
      schemaAccepts(
        withNode(question({ title: "common.yes", schema, content: [table], next: [{ to: "done" }] })),
      ),
    ).toBe(false);
  });

  it("refuses a content block of an unknown kind", () => {
    // @ts-expect-error "image" is not a kind of content block
    const block: ContentBlock = { kind: "image", text: "common.yes" };
    expect(
      schemaAccepts(
        withNode(question({ title: "common.yes", schema, content: [block], next: [{ to: "done" }] })),
      ),
    ).toBe(false);
  });

  it("refuses follow-up calls on a screen that does not send the answers", () => {
    const followUp: IntegrationCall[] = [{ integration: "cases", operation: "create", params: {} }];
    expect(
      schemaAccepts(withNode(question({ title: "common.yes", schema, followUp, next: [{ to: "done" }] }))),
    ).toBe(false);
  });

  it("refuses a transition without a target", () => {
    const when: Guard = { field: "a.b", exists: true };
    // @ts-expect-error a transition needs "to"
    const next: NonNullable<ScreenNodeFile["data"]["config"]>["next"] = [{ when }];
    expect(schemaAccepts(withNode(question({ title: "common.yes", schema, next })))).toBe(false);
  });
});

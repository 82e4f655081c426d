import { describe, expect, it } from "vitest";
import { lintWidgets, WIDGET_NAMES } from "./lint-widgets";
import type { Screen } from "./types";

function problems(uiSchema: object, schema: object, repeat = false): string[] {
  const screen = {
    name: "s",
    lens: ["nodes", 2],
    schema,
    uiSchema,
    repeat: repeat ? { max: 2 } : undefined,
  } as unknown as Screen;
  const found: string[] = [];
  lintWidgets(screen, (path, message) => found.push(`${path.join(".")}: ${message}`));
  return found;
}

const schema = {
  type: "object",
  properties: {
    born: { type: "string", format: "us-date" },
    name: { type: "string" },
    address: { type: "object", properties: { state: { type: "string" } } },
  },
};

describe("workflow check: widgets", () => {
  it("knows the theme's widgets, RJSF's aliases it styles, and the catalogue's formats", () => {
    for (const name of ["radio", "select", "checkboxes", "currency", "masked", "memorable-date", "us-date"])
      expect(WIDGET_NAMES.has(name), name).toBe(true);
    expect(WIDGET_NAMES.has("RadioWidget")).toBe(false);
  });

  it("accepts known widgets, nested and on repeated items", () => {
    expect(
      problems(
        { born: { "ui:widget": "memorable-date" }, address: { state: { "ui:widget": "select" } } },
        schema,
      ),
    ).toEqual([]);
    expect(
      problems({ born: { "ui:widget": "memorable-date" } }, { type: "array", items: schema }, true),
    ).toEqual([]);
  });

  it("names an unknown widget where it is written, and a memorable date on a field that is not a date", () => {
    const found = problems(
      { name: { "ui:widget": "memorable-date" }, address: { state: { "ui:widget": "radios" } } },
      schema,
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toBe(
      'nodes.2.data.config.uiSchema.name.ui:widget: "memorable-date" needs a date field ("format": "us-date")',
    );
    expect(found[1]).toMatch(
      /^nodes\.2\.data\.config\.uiSchema\.address\.state\.ui:widget: unknown widget "radios": use one of .*radio,/,
    );
  });

  it("reads a widget in ui:options and ui:globalOptions as RJSF does", () => {
    expect(
      problems(
        { "ui:globalOptions": { widget: "range" }, name: { "ui:options": { widget: "file" } } },
        schema,
      ),
    ).toEqual([
      expect.stringMatching(
        /^nodes\.2\.data\.config\.uiSchema\.ui:globalOptions\.widget: unknown widget "range"/,
      ),
      expect.stringMatching(
        /^nodes\.2\.data\.config\.uiSchema\.name\.ui:options\.widget: unknown widget "file"/,
      ),
    ]);
    expect(problems({ name: { "ui:options": { widget: "textarea", inputMode: "text" } } }, schema)).toEqual(
      [],
    );
  });

  it("refuses a uiSchema that picks one of RJSF's fields or templates by name", () => {
    const found = problems(
      {
        name: { "ui:field": "LayoutGridField" },
        address: { "ui:FieldTemplate": "WrapIfAdditionalTemplate", state: { "ui:options": { field: "x" } } },
      },
      schema,
    );
    expect(found).toEqual([
      'nodes.2.data.config.uiSchema.name.ui:field: "ui:field" would pick one of RJSF\'s fields by name: the city theme draws every field; choose how it looks with "ui:widget"',
      'nodes.2.data.config.uiSchema.address.ui:FieldTemplate: "ui:FieldTemplate" would pick one of RJSF\'s templates by name: the city theme draws every field; choose how it looks with "ui:widget"',
      'nodes.2.data.config.uiSchema.address.state.ui:options.field: "field" would pick one of RJSF\'s fields by name: the city theme draws every field; choose how it looks with "ui:widget"',
    ]);
  });
});

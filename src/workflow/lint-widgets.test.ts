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
});

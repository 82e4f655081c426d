import { join } from "node:path";
import { fileURLToPath } from "node:url";
import rjsfDefaultRegistry from "@rjsf/core/lib/getDefaultRegistry.js";
import { getWidget, type RegistryWidgetsType, type RJSFSchema } from "@rjsf/utils";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { screenForm } from "../../workflow/form";
import { WIDGET_NAMES } from "../../workflow/lint-widgets";
import { loadWorkflows } from "../../workflow/registry";
import { isQuestionType } from "../../workflow/screens";
import { catalogueFormats } from "../validation/formats";
import { cityTemplates, cityWidgets } from "./city-theme";
import getDefaultRegistry, { screenFields, screenTemplates, screenWidgets, UNAVAILABLE } from "./registry";
import { ScreenForm } from "./ScreenForm";

// Here, as in tests generally, @rjsf/core's Form has RJSF's own default registry (vite.config.ts
// stands registry.ts in for it in the browser build only): what the server renders with.
const rjsf = rjsfDefaultRegistry();

type Components = Readonly<Record<string, unknown>>;

/** Each name of RJSF's registry has in ours the theme's component, a stand-in, or RJSF's own. */
function expectSameNames(
  ours: Components,
  theirs: Components,
  theme: Components,
  unavailable: readonly string[],
) {
  for (const name of Object.keys(theirs)) {
    if (unavailable.includes(name)) {
      expect(ours[name], name).not.toBe(theirs[name]);
      expect(() => (ours[name] as () => unknown)(), name).toThrow(name);
    } else {
      expect(ours[name], name).toBe(Object.hasOwn(theme, name) ? theme[name] : theirs[name]);
    }
  }
}

describe("the registry ScreenForm renders with (and the browser build's default registry)", () => {
  it("has every name RJSF's default registry has, with the theme's component, RJSF's, or a stand-in", () => {
    expectSameNames(screenFields, rjsf.fields, {}, UNAVAILABLE.fields);
    expectSameNames(screenTemplates, rjsf.templates, cityTemplates, UNAVAILABLE.templates);
    expect(Object.keys(cityTemplates.ButtonTemplates).sort()).toEqual(
      Object.keys(rjsf.templates.ButtonTemplates).sort(),
    );
    expectSameNames(screenWidgets, rjsf.widgets, cityWidgets, UNAVAILABLE.widgets);
    // Nothing left out is something the theme would have replaced anyway.
    for (const name of [...UNAVAILABLE.templates, ...UNAVAILABLE.widgets])
      expect(Object.hasOwn({ ...cityTemplates, ...cityWidgets }, name), name).toBe(false);
  });

  it("stands in for RJSF's getDefaultRegistry with the same settings", () => {
    const ours = getDefaultRegistry();
    const { fields: _f, templates: _t, widgets: _w, ...settings } = rjsf;
    const { fields, templates, widgets, ...same } = ours;
    expect(same).toEqual(settings);
    expect([fields, templates, widgets]).toEqual([screenFields, screenTemplates, screenWidgets]);
  });

  it("gives every widget name and format a workflow may use what RJSF's registry with the theme gives", () => {
    const before: RegistryWidgetsType = { ...rjsf.widgets, ...cityWidgets };
    const standIns = new Set(UNAVAILABLE.widgets.map((name) => screenWidgets[name]));
    const pick = (widgets: RegistryWidgetsType, schema: RJSFSchema, name: string) => {
      try {
        return getWidget(schema, name, widgets);
      } catch (error) {
        return (error as Error).message;
      }
    };
    let picked = 0;
    for (const type of ["string", "number", "integer", "boolean", "array"] as const) {
      const schema: RJSFSchema = type === "array" ? { type, items: { type: "string" } } : { type };
      for (const name of [...WIDGET_NAMES, ...Object.keys(catalogueFormats)]) {
        const widget = pick(screenWidgets, schema, name);
        expect(widget, `${type} ${name}`).toBe(pick(before, schema, name));
        if (typeof widget === "string") continue;
        picked++;
        expect(standIns.has(widget), `${type} ${name}`).toBe(false);
      }
    }
    expect(picked).toBeGreaterThan(100);
  });

  it("draws every screen of every workflow in workflows/, in both languages", async () => {
    const dir = join(fileURLToPath(new URL("../../../", import.meta.url)), "workflows");
    const { workflows, problems } = await loadWorkflows(dir);
    expect(problems).toEqual([]);
    let drawn = 0;
    for (const workflow of workflows.values()) {
      for (const screen of workflow.screens) {
        if (!screen.schema || !(isQuestionType(screen.type) || screen.type === "check-answers")) continue;
        for (const locale of ["en", "es"] as const) {
          const form = screenForm(screen, locale);
          const html = renderToStaticMarkup(
            <ScreenForm schema={form.schema ?? {}} uiSchema={form.uiSchema} locale={locale} action="/" />,
          );
          expect(html, `${workflow.name} ${screen.name}`).toContain("cedarport-screen-fields");
          drawn++;
        }
      }
    }
    expect(drawn).toBeGreaterThan(200);
  });
});

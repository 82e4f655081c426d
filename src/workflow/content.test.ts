import { describe, expect, it } from "vitest";
import { renderContent } from "./content";
import { editedParcels, node, parcelsWorkflow } from "./fixtures";
import { type Journey, startJourney } from "./journey";
import { lintWorkflow } from "./lint";
import { parseWorkflow } from "./parse";
import { requireScreen } from "./screens";
import type { TableContentBlock } from "./types";
import { compileScreenSchema } from "./validate-port";

const now = new Date("2026-06-01T16:00:00Z");
const parcels = parseWorkflow(parcelsWorkflow(), "parcels.json");

function journeyWith(answers: Journey["answers"], results: Journey["results"]): Journey {
  return { ...startJourney(parcels), answers, results };
}

const found = {
  parcels: [
    { number: "A", kind: "home", since: "2024-03-09", value: { cents: 18_430_000 } },
    { number: "B", kind: "mobile", since: "not a date" },
    { number: "C", kind: "barn" },
  ],
};

describe("table blocks", () => {
  it("show each row's values under the columns' headers, with labels, dates and money", () => {
    const [table] = renderContent(
      requireScreen(parcels, "done"),
      journeyWith({}, { find: found }),
      "en",
      now,
    );
    expect(table).toEqual({
      kind: "table",
      caption: "Parcels found",
      headers: ["Parcel", "Kind", "Since", "Value"],
      rows: [
        ["A", "Home", "03/09/2024", "$184,300.00"],
        ["B", "Mobile home", "not a date", ""],
        ["C", "barn", "", ""],
      ],
      empty: "Nothing found.",
    });
    const [spanish] = renderContent(
      requireScreen(parcels, "done"),
      journeyWith({}, { find: found }),
      "es",
      now,
    );
    expect(spanish).toMatchObject({
      headers: ["Parcela", "Tipo", "Desde", "Valor"],
      caption: "Parcelas encontradas",
    });
    expect(spanish?.kind === "table" && spanish.rows[1]?.[1]).toBe("Casa móvil");
  });

  it("link a column of addresses on this site, and never another site's", () => {
    const linked = parseWorkflow(
      editedParcels((file) => {
        const table = node(file, "done").data.config?.content?.[0] as TableContentBlock;
        table.columns = [
          { header: { en: "Parcel", es: "Parcela" }, value: "number" },
          {
            header: { en: "Bill", es: "Factura" },
            value: "url",
            linkText: { en: "View bill {number}", es: "Ver factura {number}" },
          },
        ];
      }),
      "parcels.json",
    );
    const rows = [
      { number: "A", url: "/payments/invoices/A" },
      { number: "B", url: "//evil.example/x" },
      { number: "C", url: "javascript:alert(1)" },
      { number: "D", url: "https://evil.example/" },
    ];
    const [table] = renderContent(
      requireScreen(linked, "done"),
      journeyWith({}, { find: { parcels: rows } }),
      "es",
      now,
    );
    expect(table?.kind === "table" && table.rows).toEqual([
      ["A", { text: "Ver factura A", href: "/payments/invoices/A" }],
      ["B", ""],
      ["C", ""],
      ["D", ""],
    ]);
  });

  it("show no rows, and the empty text, when the list is empty or missing", () => {
    for (const results of [{}, { find: { parcels: [] } }, { find: { parcels: "none" } }]) {
      const [table] = renderContent(requireScreen(parcels, "done"), journeyWith({}, results), "es", now);
      expect(table).toMatchObject({ kind: "table", rows: [], empty: "No se encontró nada." });
    }
  });

  it("are linted: the rows must be a field that exists, the texts need Spanish", () => {
    const file = editedParcels((f) => {
      const table = node(f, "done").data.config?.content?.[0] as TableContentBlock;
      table.rows = "find.$result.parcels.0";
      table.columns[0] = { header: { en: "Parcel" }, value: "number" };
      table.empty = "no.such.key";
    });
    expect(lintWorkflow(file, "parcels.json").map((p) => `${p.path.join(".")}: ${p.message}`)).toEqual([
      'nodes.3.data.config.content.0.columns.0.header: missing Spanish text for "Parcel"',
      'nodes.3.data.config.content.0.empty: "no.such.key" is neither {"en": ..., "es": ...} nor a key of locales/en/workflow.json',
    ]);
    const unknown = editedParcels((f) => {
      const table = node(f, "done").data.config?.content?.[0] as TableContentBlock;
      table.rows = "ghost.$result.parcels";
    });
    expect(lintWorkflow(unknown, "parcels.json", { checkSchema: compileScreenSchema })[0]?.message).toBe(
      'table on an unknown field "ghost.$result.parcels": there is no screen "ghost"',
    );
  });
});

describe("content with a condition (when)", () => {
  const check = requireScreen(parcels, "check");

  it("is shown only while the condition holds", () => {
    expect(renderContent(check, journeyWith({ pick: { parcel: "B" } }, {}), "en", now)).toEqual([
      expect.objectContaining({
        kind: "alert",
        alertType: "warning",
        messages: ["<p>Parcel B is a mobile home.</p>"],
      }),
    ]);
    expect(renderContent(check, journeyWith({ pick: { parcel: "A" } }, {}), "en", now)).toEqual([]);
  });

  it("is linted like a transition's condition", () => {
    const file = editedParcels((f) => {
      const alert = node(f, "check").data.config?.content?.[0];
      if (alert) alert.when = { field: "pick.parcels", equals: "B" };
    });
    expect(lintWorkflow(file, "parcels.json").map((p) => p.message)).toEqual([
      'condition on an unknown field "pick.parcels": screen "pick" has no field "parcels"',
    ]);
  });
});

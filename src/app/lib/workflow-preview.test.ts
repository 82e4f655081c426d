import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { recordsWorkflow } from "../../workflow/choice-filters.fixture";
import { parcelsWorkflow, petsWorkflow } from "../../workflow/fixtures";
import { parseWorkflow } from "../../workflow/parse";
import { screenPreviews } from "./workflow-preview";

const pets = parseWorkflow(petsWorkflow(), "pets.json");
const parcels = parseWorkflow(parcelsWorkflow(), "parcels.json");
const screen = (previews: ReturnType<typeof screenPreviews>, name: string) => {
  const found = previews.find((s) => s.name === name);
  if (!found) throw new Error(`no screen ${name}`);
  return found;
};

describe("screenPreviews", () => {
  it("gives every screen, in file order, with its texts in English and in Spanish", () => {
    const previews = screenPreviews(pets, "en");
    expect(previews.map((s) => s.name)).toEqual(pets.screens.map((s) => s.name));
    const start = screen(previews, "start");
    expect(start.start).toBe(true);
    expect(start.en.title).toBe("Do you have a pet?");
    expect(start.es.title).toBe("¿Tiene una mascota?");
    expect(start.en.fields).toEqual([
      { name: "hasPet", label: "Pet?", required: true, choices: ["Yes", "No"] },
    ]);
    expect(start.es.fields[0]).toMatchObject({ label: "¿Mascota?", choices: ["Sí", "No"] });
    // A translation key is looked up as the engine does.
    expect(screen(previews, "check").en.title).toBe("Check your answers before sending your application");
  });

  it("says where each answer leads, in the page's language", () => {
    expect(screen(screenPreviews(pets, "en"), "start").next).toEqual([
      { to: "no-pets", when: "hasPet is false" },
      { to: "details", otherwise: true },
    ]);
    expect(screen(screenPreviews(pets, "es"), "details").next[0]).toEqual({ to: "senior", when: "age ≥ 10" });
    expect(screen(screenPreviews(pets, "es"), "start").next[0]).toEqual({
      to: "no-pets",
      when: "hasPet es falso",
    });
    expect(screen(screenPreviews(pets, "en"), "senior").next).toEqual([{ to: "check" }]);
    expect(screen(screenPreviews(pets, "en"), "done").next).toEqual([]);
  });

  it("shows calls, options from a lookup, conditional texts and tables", () => {
    const previews = screenPreviews(parcels, "en");
    expect(screen(previews, "find").calls).toEqual([
      { integration: "records", operation: "find", followUp: false },
    ]);
    expect(screen(previews, "check").calls).toEqual([
      { integration: "submit", operation: "parcels", followUp: false },
      { integration: "cases", operation: "create", followUp: true },
    ]);
    expect(screen(previews, "pick").es.fields[0]).toMatchObject({
      name: "parcel",
      label: "Parcela",
      choicesFrom: { from: "find.$result.parcels", value: "number", label: "{address} (parcela {number})" },
    });
    expect(screen(previews, "check").es.texts).toEqual([
      { text: "La parcela B es una casa móvil.", when: 'pick.parcel is "B"' },
    ]);
    expect(screen(previews, "done").en.texts.map((t) => t.text)).toEqual([
      "Parcels found",
      "Parcel | Kind | Since | Value",
      "Nothing found.",
    ]);
  });

  it("shows which options an earlier answer keeps, by their labels", () => {
    const records = parseWorkflow(recordsWorkflow(), "records.json");
    const [kind, copies] = screen(screenPreviews(records, "en"), "kind").es.fields;
    expect(kind?.filteredBy).toEqual({
      by: "agency.agency",
      rules: [
        { answer: "police", choices: ["Informe policial", "Otros registros"] },
        { answer: "clerk", choices: ["Actas", "Otros registros"] },
      ],
      otherwise: ["Un acta", "Otros registros"],
    });
    expect(copies?.filteredBy).toEqual({
      by: "agency.urgent",
      rules: [{ answer: "false", choices: ["En papel", "Por correo electrónico"] }],
    });
  });

  it("shows each text a placeholder picks by an earlier answer, with the answer that shows it", () => {
    const mayor = parseWorkflow(
      JSON.parse(readFileSync("workflows/mayors-office-request.json", "utf8")),
      "workflows/mayors-office-request.json",
    );
    const texts = screen(screenPreviews(mayor, "en"), "document").es.texts;
    expect(texts).toContainEqual({
      text: expect.stringMatching(/^\{needs\}: \*\*Una proclamación\*\* necesita el día o la semana/),
      when: expect.stringContaining('request-type.requestType is "proclamation"'),
    });
    // The block's own condition is kept with the answer's.
    expect(texts.filter((t) => t.text.startsWith("{needs}: "))).toHaveLength(3);
    const records = parseWorkflow(
      JSON.parse(readFileSync("workflows/public-records-request.json", "utf8")),
      "workflows/public-records-request.json",
    );
    const fallback = screen(screenPreviews(records, "en"), "records").en.texts.at(-1);
    expect(fallback?.text).toMatch(/^\{keeps\}: You did not choose an agency/);
    expect(fallback?.when).toMatch(/^agency.agency is none of "assessor", "auditor", /);
  });
});

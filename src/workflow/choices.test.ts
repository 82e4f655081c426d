import { describe, expect, it } from "vitest";
import { checkAnswersRows } from "./check-answers";
import { choicesOf } from "./choices";
import { editedParcels, node, parcelsWorkflow } from "./fixtures";
import { journeyForm, screenForm } from "./form";
import type { Integrations } from "./integrations";
import {
  answerAndCall,
  answerScreen,
  changeAnswer,
  type Journey,
  pathOf,
  startJourney,
  validateWholeJourney,
} from "./journey";
import { lintWorkflow } from "./lint";
import { parseWorkflow, readWorkflow } from "./parse";
import { parseRecording, replayRecording } from "./replay";
import { requireScreen } from "./screens";
import { compileScreenSchema, validateAnswers as validate } from "./validate-port";

const now = new Date("2026-06-01T16:00:00Z");
const parcels = parseWorkflow(parcelsWorkflow(), "parcels.json");
const pick = requireScreen(parcels, "pick");

const FOUND = {
  parcels: [
    { number: "A", address: "1 Main St", kind: "home" },
    { number: "B", address: "2 Main St", kind: "mobile" },
  ],
};

const records = (result: unknown): Integrations => ({ call: () => Promise.resolve(result) });

async function found(result: unknown = FOUND, journey = startJourney(parcels)): Promise<Journey> {
  const answered = await answerAndCall(
    parcels,
    journey,
    "find",
    { query: "Main" },
    {
      validate,
      now,
      locale: "en",
      integrations: records(result),
    },
  );
  if (!answered.ok) throw new Error(JSON.stringify(answered.errors));
  return answered.journey;
}

describe("choices filled from a lookup (choicesFrom)", () => {
  it("are kept on the screen, out of the schema AJV and the form see", () => {
    expect(pick.choices).toEqual({
      parcel: {
        from: "find.$result.parcels",
        value: "number",
        label: { en: "{address} (parcel {number})", es: "{address} (parcela {number})" },
      },
    });
    expect(JSON.stringify(pick.schema)).not.toContain("choicesFrom");
    expect(() => compileScreenSchema(screenForm(pick, "en").schema ?? {})).not.toThrow();
    expect(lintWorkflow(parcelsWorkflow(), "parcels.json", { checkSchema: compileScreenSchema })).toEqual([]);
  });

  it("are the lookup's items, labelled in the resident's language", async () => {
    const journey = await found();
    const spec = pick.choices?.parcel;
    if (!spec) throw new Error("no choices");
    expect(choicesOf(spec, journey, "es")).toEqual([
      { value: "A", label: "1 Main St (parcela A)" },
      { value: "B", label: "2 Main St (parcela B)" },
    ]);
    const property = (
      journeyForm(pick, "en", journey).schema?.properties as Record<string, unknown> | undefined
    )?.parcel;
    expect(property).toMatchObject({
      type: "string",
      title: "Parcel",
      oneOf: [
        { const: "A", title: "1 Main St (parcel A)" },
        { const: "B", title: "2 Main St (parcel B)" },
      ],
    });
    // The screen's own form is left alone: it is cached and shared by every resident.
    expect(JSON.stringify(screenForm(pick, "en").schema)).not.toContain("oneOf");
  });

  it("are [] when the lookup has not run or returned no list", () => {
    const spec = pick.choices?.parcel;
    if (!spec) throw new Error("no choices");
    expect(choicesOf(spec, startJourney(parcels), "en")).toEqual([]);
    expect(choicesOf(spec, { answers: {}, results: { find: { parcels: "A" } } }, "en")).toEqual([]);
  });

  it("refuse an answer that is not one of them, with the catalogue's message", async () => {
    const journey = await found();
    const opts = { validate, now, locale: "en" as const };
    const forged = answerScreen(parcels, journey, "pick", { parcel: "Z" }, opts);
    expect(forged.ok).toBe(false);
    if (!forged.ok) {
      expect(forged.errors).toEqual([
        { path: "/parcel", message: "Please select a value.", keyword: "enum" },
      ]);
      expect(forged.journey.drafts.pick).toEqual({ parcel: "Z" });
    }
    const spanish = answerScreen(parcels, journey, "pick", { parcel: "Z" }, { ...opts, locale: "es" });
    expect(!spanish.ok && spanish.errors[0]?.message).toBe("Por favor, seleccione un valor.");
    const missing = answerScreen(parcels, journey, "pick", {}, opts);
    expect(!missing.ok && missing.errors).toEqual([
      { path: "/parcel", message: "Please select a value.", keyword: "required" },
    ]);
    expect(answerScreen(parcels, journey, "pick", { parcel: "B" }, opts).ok).toBe(true);
  });

  it("label the answer on check-answers", async () => {
    const answered = answerScreen(
      parcels,
      await found(),
      "pick",
      { parcel: "B" },
      { validate, now, locale: "en" },
    );
    if (!answered.ok) throw new Error("not answered");
    expect(
      checkAnswersRows(parcels, answered.journey, "en").find((row) => row.screen === "pick"),
    ).toMatchObject({
      label: "Parcel",
      value: "2 Main St (parcel B)",
    });
  });

  it("ask again when the resident searched again and the choice is no longer offered", async () => {
    const opts = { validate, now, locale: "en" as const };
    const answered = answerScreen(parcels, await found(), "pick", { parcel: "B" }, opts);
    if (!answered.ok) throw new Error("not answered");
    expect(answered.journey.screen).toBe("check");

    // A Change link to the search, and a search that no longer finds B.
    const changing = changeAnswer(parcels, answered.journey, "find", { now });
    expect(changing.ok).toBe(true);
    const searched = await found({ parcels: [{ number: "C", address: "3 Oak St" }] }, changing.journey);
    expect(searched.screen).toBe("pick");
    expect(pathOf(parcels, searched, { now }).current).toBe("pick");
    expect(validateWholeJourney(parcels, { ...searched, screen: "check" }, opts).errors).toEqual([
      { screen: "pick", path: "/parcel", message: "Please select a value.", keyword: "enum" },
    ]);

    // A search that still finds B goes straight back to check-answers.
    const again = changeAnswer(parcels, answered.journey, "find", { now });
    expect((await found(FOUND, again.journey)).screen).toBe("check");
  });

  it("are refused where they cannot work: in a repeated group, a nested object, or malformed", () => {
    const repeated = editedParcels((file) => {
      const config = node(file, "pick").data.config;
      if (config) config.repeat = { max: 3 };
    });
    const nested = editedParcels((file) => {
      const schema = node(file, "pick").data.config?.schema as { properties: Record<string, unknown> };
      schema.properties.where = {
        type: "object",
        title: "x",
        properties: { parcel: schema.properties.parcel },
      };
      delete schema.properties.parcel;
    });
    const malformed = editedParcels((file) => {
      const schema = node(file, "pick").data.config?.schema as {
        properties: Record<string, { choicesFrom: unknown }>;
      };
      (schema.properties.parcel as { choicesFrom: unknown }).choicesFrom = { from: "find.$result.parcels" };
    });
    for (const [file, where] of [
      [repeated, "properties.parcel.choicesFrom"],
      [nested, "properties.where.properties.parcel.choicesFrom"],
      [malformed, "properties.parcel.choicesFrom"],
    ] as const) {
      const { problems } = readWorkflow(file, "parcels.json");
      expect(problems).toHaveLength(1);
      expect(problems[0]?.spec).toBe("config is malformed");
      expect(problems[0]?.path.join(".")).toBe(`nodes.1.data.config.schema.${where}`);
    }
  });

  it("are linted: the list must be a field that exists, the label needs Spanish", () => {
    const file = editedParcels((f) => {
      const schema = node(f, "pick").data.config?.schema as {
        properties: Record<string, { choicesFrom: { from: string; label: unknown } }>;
      };
      const spec = schema.properties.parcel?.choicesFrom;
      if (!spec) throw new Error("no spec");
      spec.from = "pick.$result.parcels";
      spec.label = { en: "{address}" };
    });
    expect(lintWorkflow(file, "parcels.json").map((p) => `${p.path.join(".")}: ${p.message}`)).toEqual([
      'nodes.1.data.config.schema.properties.parcel.choicesFrom.from: choices on an unknown field "pick.$result.parcels": screen "pick" makes no integration call',
      'nodes.1.data.config.schema.properties.parcel.choicesFrom.label: missing Spanish text for "{address}"',
    ]);
  });

  it("replay with a recorded refusal", async () => {
    const recording = parseRecording({
      workflow: "parcels",
      locale: "en",
      now: "2026-06-01",
      steps: [
        {
          screen: "find",
          answers: { query: "Nowhere" },
          refusal: [{ path: "/query", message: "No matching addresses found", keyword: "lookup" }],
          expect: { errors: [{ path: "/query", message: "No matching addresses found" }], next: "find" },
        },
        { screen: "find", answers: { query: "Main" }, result: FOUND, expect: { next: "pick" } },
        { screen: "pick", answers: { parcel: "A" }, expect: { next: "check" } },
        { screen: "check", result: { requestId: "R-1", reference: "HRWT96AF" }, expect: { next: "done" } },
      ],
      expect: { final: "done", status: "submitted" },
    });
    const report = await replayRecording(parcels, recording, { validate });
    expect(report.mismatches, report.lines.join("\n")).toEqual([]);
    expect(report.journey.submission?.reference).toBe("HRWT96AF");
    expect(() => parseRecording({ ...recording, steps: [{ refusal: [{ path: 1 }] }] })).toThrow(/refusal/);
  });
});

describe("a list of choices from a lookup (boxes to tick)", () => {
  const several = parseWorkflow(
    editedParcels((file) => {
      const config = node(file, "pick").data.config ?? {};
      config.schema = {
        type: "object",
        required: ["parcels"],
        properties: {
          parcels: {
            type: "array",
            uniqueItems: true,
            minItems: 1,
            items: { type: "string" },
            title: { en: "Parcels", es: "Parcelas" },
            choicesFrom: {
              from: "find.$result.parcels",
              value: "number",
              label: {
                en: "{address}: {due|money} by {dueDate|date}",
                es: "{address}: {due|money} antes del {dueDate|date}",
              },
            },
          },
        },
      };
      config.uiSchema = { parcels: { "ui:widget": "checkboxes" } };
    }),
    "parcels.json",
  );
  const screen = requireScreen(several, "pick");
  const withDues = {
    parcels: [
      { number: "A", address: "1 Main St", due: 123_456, dueDate: "2026-11-10" },
      { number: "B", address: "2 Main St", due: 5, dueDate: "2026-05-11" },
    ],
  };

  it("lists the options on the items, labelled with money and dates written out", async () => {
    const journey = await found(withDues, startJourney(several));
    const properties = journeyForm(screen, "es", journey).schema?.properties ?? {};
    const items = (properties as Record<string, { items?: unknown }>).parcels?.items;
    expect(items).toEqual({
      type: "string",
      oneOf: [
        { const: "A", title: "1 Main St: $1,234.56 antes del 11/10/2026" },
        { const: "B", title: "2 Main St: $0.05 antes del 05/11/2026" },
      ],
    });
  });

  it("accepts only options, every one of them", async () => {
    const journey = await found(withDues, startJourney(several));
    const opts = { validate, now, locale: "en" as const };
    expect(answerScreen(several, journey, "pick", { parcels: ["A", "B"] }, opts).ok).toBe(true);
    const forged = answerScreen(several, journey, "pick", { parcels: ["A", "Z"] }, opts);
    expect(forged).toMatchObject({
      ok: false,
      errors: [{ path: "/parcels", message: "Please select a value." }],
    });
  });
});

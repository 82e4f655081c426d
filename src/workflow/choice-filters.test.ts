import { describe, expect, it } from "vitest";
import { checkAnswersRows } from "./check-answers";
import { editedRecords, recordsWorkflow } from "./choice-filters.fixture";
import { node } from "./fixtures";
import { journeyForm, screenForm } from "./form";
import {
  answerScreen,
  changeAnswer,
  type Journey,
  pathOf,
  startJourney,
  validateWholeJourney,
} from "./journey";
import { lintWorkflow } from "./lint";
import { parseWorkflow, readWorkflow } from "./parse";
import { recordWorkflow } from "./record";
import { requireScreen } from "./screens";
import type { WorkflowFile } from "./types";
import { compileScreenSchema, validateAnswers as validate } from "./validate-port";

const now = new Date("2026-06-01T16:00:00Z");
const records = parseWorkflow(recordsWorkflow(), "records.json");
const kind = requireScreen(records, "kind");
const opts = { validate, now, locale: "en" as const };

function chose(agency: string, urgent = false): Journey {
  const answered = answerScreen(records, startJourney(records), "agency", { agency, urgent }, opts);
  if (!answered.ok) throw new Error(JSON.stringify(answered.errors));
  return answered.journey;
}

/** The values the form offers for a field, in order (its items' for boxes to tick). */
function offered(journey: Journey, field: string, locale: "en" | "es" = "en"): unknown[] {
  const property = (
    (journeyForm(kind, locale, journey).schema?.properties ?? {}) as Record<string, Record<string, unknown>>
  )[field];
  const node = (property?.type === "array" ? property.items : property) as {
    oneOf: Array<{ const: unknown }>;
  };
  return node.oneOf.map((option) => option.const);
}

const problemsOf = (file: WorkflowFile) =>
  lintWorkflow(file, "records.json", { checkSchema: compileScreenSchema }).map(
    (p) => `${p.path.join(".")}: ${p.message}`,
  );

describe("choices filtered by an earlier answer (filterChoices)", () => {
  it("are kept on the screen, out of the schema AJV and the precompiled validators see", () => {
    expect(kind.choiceFilters?.kind).toEqual({
      by: "agency.agency",
      choices: { police: ["police-report", "other"], clerk: ["minutes", "other"] },
      otherwise: ["certificate", "other"],
    });
    expect(JSON.stringify(kind.schema)).not.toContain("filterChoices");
    // The fixed schema still lists every choice: one validator for every resident.
    expect(
      ((screenForm(kind, "en").schema?.properties ?? {}) as Record<string, { oneOf: unknown[] }>).kind?.oneOf,
    ).toHaveLength(4);
    expect(problemsOf(recordsWorkflow())).toEqual([]);
  });

  it("show only the choices the earlier answer leaves, in the field's order and the resident's language", () => {
    expect(offered(chose("police"), "kind")).toEqual(["police-report", "other"]);
    expect(offered(chose("clerk"), "kind")).toEqual(["minutes", "other"]);
    // An answer the filter does not name gets "otherwise".
    expect(offered(chose("unsure"), "kind")).toEqual(["certificate", "other"]);
    const spanish = journeyForm(kind, "es", chose("clerk")).schema?.properties as Record<string, unknown>;
    expect(spanish.kind).toMatchObject({
      title: "Tipo de registro",
      oneOf: [
        { const: "minutes", title: "Actas" },
        { const: "other", title: "Otros registros" },
      ],
    });
    // Boxes to tick, by a yes/no answer written as "false"; without "otherwise", every choice.
    expect(offered(chose("police", false), "copies")).toEqual(["paper", "email"]);
    expect(offered(chose("police", true), "copies")).toEqual(["paper", "email", "rush"]);
    // The cached form of the screen is left alone.
    expect(
      ((screenForm(kind, "en").schema?.properties ?? {}) as Record<string, { oneOf: unknown[] }>).kind?.oneOf,
    ).toHaveLength(4);
  });

  it("refuse a choice outside the filtered set, with the catalogue's message in both languages", () => {
    const journey = chose("police");
    const forged = answerScreen(records, journey, "kind", { kind: "minutes" }, opts);
    expect(!forged.ok && forged.errors).toEqual([
      { path: "/kind", message: "Please select a value.", keyword: "enum" },
    ]);
    expect(!forged.ok && forged.journey.drafts.kind).toEqual({ kind: "minutes" });
    const spanish = answerScreen(
      records,
      journey,
      "kind",
      { kind: "certificate" },
      { ...opts, locale: "es" },
    );
    expect(!spanish.ok && spanish.errors).toEqual([
      { path: "/kind", message: "Por favor, seleccione un valor.", keyword: "enum" },
    ]);
    const ticked = answerScreen(records, journey, "kind", { kind: "other", copies: ["paper", "rush"] }, opts);
    expect(!ticked.ok && ticked.errors).toEqual([
      { path: "/copies", message: "Please select a value.", keyword: "enum" },
    ]);
    // A value no list has is AJV's to refuse, as before; an empty answer is "required".
    const unknown = answerScreen(records, journey, "kind", { kind: "nonsense" }, opts);
    expect(!unknown.ok && unknown.errors.map((e) => e.path)).toEqual(["/kind"]);
    const missing = answerScreen(records, journey, "kind", {}, opts);
    expect(!missing.ok && missing.errors).toEqual([
      { path: "/kind", message: "Please select a value.", keyword: "required" },
    ]);
    const fine = answerScreen(records, journey, "kind", { kind: "police-report", copies: ["email"] }, opts);
    expect(fine.ok && fine.journey.screen).toBe("check");
  });

  it("ask again when the earlier answer changes and the choice is no longer offered", () => {
    const answered = answerScreen(records, chose("police"), "kind", { kind: "other" }, opts);
    if (!answered.ok) throw new Error("not answered");
    const policeReport = answerScreen(records, chose("police"), "kind", { kind: "police-report" }, opts);
    if (!policeReport.ok) throw new Error("not answered");
    expect(
      checkAnswersRows(records, policeReport.journey, "en").find((r) => r.screen === "kind"),
    ).toMatchObject({
      value: "Police report",
    });

    // "other" is offered by every agency: a change of agency goes straight back to check-answers.
    const changing = changeAnswer(records, answered.journey, "agency", { now });
    const clerk = answerScreen(records, changing.journey, "agency", { agency: "clerk", urgent: false }, opts);
    expect(clerk.ok && clerk.journey.screen).toBe("check");

    // A police report is not the clerk's: the question is asked again, and sending is refused.
    const again = changeAnswer(records, policeReport.journey, "agency", { now });
    const moved = answerScreen(records, again.journey, "agency", { agency: "clerk", urgent: false }, opts);
    if (!moved.ok) throw new Error("not answered");
    expect(moved.journey.screen).toBe("kind");
    expect(pathOf(records, moved.journey, { now }).current).toBe("kind");
    expect(validateWholeJourney(records, { ...moved.journey, screen: "check" }, opts).errors).toEqual([
      { screen: "kind", path: "/kind", message: "Please select a value.", keyword: "enum" },
    ]);
  });

  it("are refused when malformed, misplaced, or naming a choice the field does not list", () => {
    const set = (filter: unknown, field = "kind") =>
      editedRecords((file) => {
        const schema = node(file, "kind").data.config?.schema as {
          properties: Record<string, Record<string, unknown>>;
        };
        const property = schema.properties[field];
        if (property) property.filterChoices = filter;
      });
    const cases: Array<[WorkflowFile, string, RegExp]> = [
      [set({ by: "agency.agency" }), "properties.kind.filterChoices", /needs "by"/],
      [set({ by: "agency.agency", choices: { police: [] } }), "properties.kind.filterChoices", /needs "by"/],
      [
        set({ by: "agency.agency", choices: { police: ["x"] }, also: 1 }),
        "properties.kind.filterChoices",
        /needs "by"/,
      ],
      [
        set({ by: "agency.agency", choices: { police: ["police-report", "parking-ticket"] } }),
        "properties.kind.filterChoices",
        /offers "parking-ticket" under "police", which the field does not list \(its choices: "police-report", "minutes", "certificate", "other"\)/,
      ],
      [
        set({ by: "agency.agency", choices: { police: ["other"] }, otherwise: ["minute"] }),
        "properties.kind.filterChoices",
        /offers "minute" under "otherwise"/,
      ],
      [
        editedRecords((file) => {
          const schema = node(file, "kind").data.config?.schema as {
            properties: Record<string, Record<string, unknown>>;
          };
          if (schema.properties.kind) delete schema.properties.kind.oneOf;
        }),
        "properties.kind.filterChoices",
        /give it a "oneOf"/,
      ],
      [
        editedRecords((file) => {
          const config = node(file, "kind").data.config;
          if (config) config.repeat = { max: 2 };
        }),
        "properties.kind.filterChoices",
        /only on a field of the screen itself/,
      ],
    ];
    for (const [file, where, detail] of cases) {
      const { problems } = readWorkflow(file, "records.json");
      expect(
        problems.map((p) => p.path.join(".")),
        where,
      ).toContain(`nodes.1.data.config.schema.${where}`);
      const problem = problems.find((p) => p.path.join(".") === `nodes.1.data.config.schema.${where}`);
      expect(problem?.spec).toBe("config is malformed");
      expect(problem?.detail).toMatch(detail);
    }
  });

  it("are linted: an unknown answer, one not asked before, and answers the earlier question does not have", () => {
    const withFilter = (filter: Record<string, unknown>) =>
      editedRecords((file) => {
        const schema = node(file, "kind").data.config?.schema as {
          properties: Record<string, Record<string, unknown>>;
        };
        if (schema.properties.kind) schema.properties.kind.filterChoices = filter;
      });
    const at = "nodes.1.data.config.schema.properties.kind.filterChoices";
    expect(problemsOf(withFilter({ by: "agency.agencyy", choices: { police: ["other"] } }))).toEqual([
      `${at}.by: choices filtered by an unknown field "agency.agencyy": screen "agency" has no field "agencyy"`,
    ]);
    expect(problemsOf(withFilter({ by: "kind.copies", choices: { police: ["other"] } }))).toEqual([
      `${at}.by: choices are filtered by an answer on an earlier screen, not on "kind" itself: without JavaScript the page could not change its choices as the resident answers`,
    ]);
    expect(problemsOf(withFilter({ by: "check.$result.reference", choices: { x: ["other"] } }))).toEqual([
      `${at}: config is malformed: "filterChoices" filters by an answer the resident gave, not by what a call returned ("check.$result.reference"): for choices from a lookup, use "choicesFrom"`,
    ]);
    // An answer given only after this screen (here: on no path before it) cannot filter it.
    const later = editedRecords((file) => {
      const schema = node(file, "kind").data.config?.schema as {
        properties: Record<string, Record<string, unknown>>;
      };
      if (schema.properties.kind)
        schema.properties.kind.filterChoices = { by: "extra.flag", choices: { true: ["other"] } };
      file.nodes.push({
        type: "graph_composite",
        name: "extra",
        data: {
          id: "records-extra",
          type: "question",
          config: {
            title: { en: "Extra", es: "Extra" },
            schema: {
              type: "object",
              properties: {
                flag: { $ref: "definitions/common.json#/$defs/yesNo", title: { en: "Flag", es: "Bandera" } },
              },
            },
            next: [{ to: "check" }],
          },
        },
      });
      const check = node(file, "kind").data.config;
      if (check?.next)
        check.next = [
          { to: "elsewhere", when: { field: "kind.kind", equals: "certificate" } },
          { to: "extra" },
        ];
    });
    expect(problemsOf(later)).toEqual([
      `${at}.by: choices are filtered by "extra.flag", but "extra" is never asked before "kind"`,
    ]);
    expect(
      problemsOf(
        withFilter({
          by: "agency.agency",
          choices: { police: ["other"], polize: ["other"], clerk: ["minutes"] },
        }),
      ),
    ).toEqual([
      `${at}.choices.polize: "polize" is not an answer of "agency.agency" (its answers: "police", "clerk", "unsure")`,
    ]);
    expect(problemsOf(withFilter({ by: "agency.urgent", choices: { yes: ["other"] } }))).toEqual([
      `${at}.choices.yes: "yes" is not an answer of "agency.urgent" (its answers: "true", "false")`,
    ]);
  });

  it("are followed by `workflow record`: each listed answer is tried, and the first choice offered is sampled", async () => {
    const ends = await recordWorkflow(records, { validate, now: "2026-06-01" });
    const byEnd = Object.fromEntries(ends.map((end) => [end.end, end]));
    expect(byEnd.elsewhere?.problem).toBeUndefined();
    expect(byEnd.done?.problem).toBeUndefined();
    const steps = byEnd.elsewhere?.recording?.steps ?? [];
    // The certificate is offered only after an agency the filter does not name.
    expect(steps[0]?.answers).toMatchObject({ agency: "unsure" });
    expect(steps[1]?.answers).toMatchObject({ kind: "certificate" });
    expect(byEnd.done?.recording?.steps[1]?.answers).toMatchObject({ kind: "police-report" });
  });
});

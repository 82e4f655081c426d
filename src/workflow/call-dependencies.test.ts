import { describe, expect, it, vi } from "vitest";
import combineFile from "../../workflows/combine-parcels.json";
import { editedParcels } from "./fixtures";
import { IntegrationRefusal, type Integrations } from "./integrations";
import {
  answerAndCall,
  changeAnswer,
  formDataFor,
  type Journey,
  pathOf,
  startJourney,
  visitScreen,
} from "./journey";
import { parseWorkflow } from "./parse";
import type { Workflow, WorkflowFile } from "./types";
import { validateAnswers as validate } from "./validate-port";

const now = new Date("2026-06-01T16:00:00Z");
const combine = parseWorkflow(combineFile as unknown as WorkflowFile, "combine-parcels.json");

const parcel = (parcelNumber: string, owners: string) => ({
  parcels: [{ parcelNumber, address: `${parcelNumber} Main St`, mobileHome: false, owners }],
});
const toCombine = [{ query: "3000423" }];

/** Integrations answering like the county's records: find-each refuses parcels of other owners. */
function records() {
  const call = vi.fn<Integrations["call"]>((_name, operation, params) => {
    if (operation === "find")
      return Promise.resolve(
        String(params.query).startsWith("1")
          ? parcel("1000001", "Maria Delgado")
          : parcel("3000368", "Aisha Kaur"),
      );
    if (params.ownersOf !== "3000368")
      return Promise.reject(
        new IntegrationRefusal([{ path: "/0/query", message: "Not the same owners.", keyword: "owners" }]),
      );
    return Promise.resolve({ ...parcel("3000423", "Aisha Kaur"), parcelNumbers: "3000423" });
  });
  return { integrations: { call } satisfies Integrations, call };
}

async function answer(
  workflow: Workflow,
  journey: Journey,
  screen: string,
  data: unknown,
  integrations: Integrations,
) {
  return answerAndCall(workflow, journey, screen, data, { validate, now, locale: "en", integrations });
}

async function ok(
  workflow: Workflow,
  journey: Journey,
  screen: string,
  data: unknown,
  integrations: Integrations,
) {
  const result = await answer(workflow, journey, screen, data, integrations);
  if (!result.ok) throw new Error(`${screen}: ${JSON.stringify(result.errors)}`);
  return result.journey;
}

/** A combine-parcels journey on check-answers, surviving parcel 3000368 (Aisha Kaur). */
async function onCheckAnswers(integrations: Integrations): Promise<Journey> {
  let j = startJourney(combine);
  j = await ok(combine, j, "role", { role: "owner" }, integrations);
  j = await ok(combine, j, "find-surviving", { query: "3000368" }, integrations);
  j = await ok(combine, j, "confirm-surviving", { parcelNumber: "3000368" }, integrations);
  j = await ok(combine, j, "parcels-to-combine", toCombine, integrations);
  j = await ok(combine, j, "contiguity", { touch: "yes" }, integrations);
  j = await ok(combine, j, "instrument", { instrumentNumber: "2016-0048213" }, integrations);
  j = await ok(combine, j, "mobile-home", { mobileHome: false }, integrations);
  j = await ok(combine, j, "reason", { reasons: ["one-bill"] }, integrations);
  j = await ok(
    combine,
    j,
    "contact",
    { name: "A K", phone: "(317) 555-0163", email: "a@example.com" },
    integrations,
  );
  expect(j.screen).toBe("check-answers");
  return j;
}

describe("a call whose params read a changed answer (issue 13)", () => {
  it("sends the resident to the parcels screen, answers kept, and checks them again against the new parcel", async () => {
    const { integrations, call } = records();
    let j = await onCheckAnswers(integrations);
    const changed = changeAnswer(combine, j, "find-surviving", { now });
    expect(changed.ok).toBe(true);
    j = await ok(combine, changed.journey, "find-surviving", { query: "1000001" }, integrations);
    expect(j.screen).toBe("confirm-surviving");
    j = await ok(combine, j, "confirm-surviving", { parcelNumber: "1000001" }, integrations);

    // Not check-answers: the owner check of the parcels to combine read the old surviving parcel.
    expect(j.screen).toBe("parcels-to-combine");
    expect(j.answers["parcels-to-combine"]).toBeUndefined();
    expect(j.results["parcels-to-combine"]).toBeUndefined();
    expect(formDataFor(j, "parcels-to-combine", combine, { now })).toEqual(toCombine);
    expect(pathOf(combine, j, { now }).current).toBe("parcels-to-combine");
    expect(visitScreen(combine, j, "check-answers", { now }).ok).toBe(false);
    // Later answers stay: once the parcels pass, the journey goes back to check-answers.
    expect(j.answers.contiguity).toEqual({ touch: "yes" });

    const refused = await answer(combine, j, "parcels-to-combine", toCombine, integrations);
    expect(refused.ok).toBe(false);
    expect(refused.ok ? [] : refused.errors).toEqual([
      { path: "/0/query", message: "Not the same owners.", keyword: "owners" },
    ]);
    expect(call).toHaveBeenLastCalledWith(
      "property-records",
      "find-each",
      { items: toCombine, ownersOf: "1000001" },
      expect.anything(),
      expect.objectContaining({ screen: "parcels-to-combine" }),
    );
    expect(refused.journey.screen).toBe("parcels-to-combine");

    // Back to the first parcel (the same owners): the check passes and check-answers comes next.
    j = await ok(combine, refused.journey, "find-surviving", { query: "3000368" }, integrations);
    j = await ok(combine, j, "confirm-surviving", { parcelNumber: "3000368" }, integrations);
    expect(j.screen).toBe("parcels-to-combine");
    j = await ok(combine, j, "parcels-to-combine", toCombine, integrations);
    expect(j.screen).toBe("check-answers");
    expect(j.results["parcels-to-combine"]).toMatchObject({ parcelNumbers: "3000423" });
  });

  it("returns straight to check-answers when the answer did not change", async () => {
    const { integrations, call } = records();
    const j = await onCheckAnswers(integrations);
    const before = j.results["parcels-to-combine"];
    const changed = changeAnswer(combine, j, "confirm-surviving", { now }).journey;
    const after = await ok(combine, changed, "confirm-surviving", { parcelNumber: "3000368" }, integrations);
    expect(after.screen).toBe("check-answers");
    expect(after.results["parcels-to-combine"]).toEqual(before);
    expect(call.mock.calls.filter(([, op]) => op === "find-each")).toHaveLength(1);
  });

  it("goes to the screen that must call again even when it is not the next one, and no further", async () => {
    // find → pick → note → owners (calls with pick.parcel) → check
    const workflow = parseWorkflow(
      editedParcels((file) => {
        const pick = file.nodes[1];
        if (pick?.data.config) pick.data.config.next = [{ to: "note" }];
        file.nodes.push(
          {
            type: "graph_composite",
            name: "note",
            data: {
              id: "parcels-note",
              type: "question",
              config: {
                title: { en: "Note", es: "Nota" },
                schema: {
                  type: "object",
                  properties: { text: { type: "string", title: { en: "Text", es: "Texto" } } },
                },
                next: [{ to: "owners" }],
              },
            },
          },
          {
            type: "graph_composite",
            name: "owners",
            data: {
              id: "parcels-owners",
              type: "question",
              config: {
                title: { en: "Owners", es: "Dueños" },
                schema: {
                  type: "object",
                  properties: { name: { type: "string", title: { en: "Name", es: "Nombre" } } },
                },
                call: {
                  integration: "records",
                  operation: "owners",
                  params: { parcel: { field: "pick.parcel" } },
                },
                next: [{ to: "check" }],
              },
            },
          },
        );
      }),
      "parcels.json",
    );
    const call = vi.fn<Integrations["call"]>((_n, op, params) =>
      Promise.resolve(
        op === "find" ? { parcels: [{ number: "A" }, { number: "B" }] } : { of: params.parcel },
      ),
    );
    const integrations = { call };
    let j = startJourney(workflow);
    j = await ok(workflow, j, "find", { query: "Main" }, integrations);
    j = await ok(workflow, j, "pick", { parcel: "A" }, integrations);
    j = await ok(workflow, j, "note", { text: "hi" }, integrations);
    j = await ok(workflow, j, "owners", { name: "Ann" }, integrations);
    expect(j.screen).toBe("check");
    j = changeAnswer(workflow, j, "pick", { now }).journey;
    j = await ok(workflow, j, "pick", { parcel: "B" }, integrations);
    expect(j.screen).toBe("owners");
    expect(j.answers.note).toEqual({ text: "hi" });
    j = await ok(workflow, j, "owners", formDataFor(j, "owners", workflow), integrations);
    expect(j.results.owners).toEqual({ of: "B" });
    expect(j.screen).toBe("check");
  });
});

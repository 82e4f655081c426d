import { describe, expect, it, vi } from "vitest";
import { sessionValues } from "./bindings";
import { editedParcels, editedPets } from "./fixtures";
import type { Integrations } from "./integrations";
import { answerAndCall, answerScreen, formDataFor, goBack, type Journey, startJourney } from "./journey";
import { lintWorkflow } from "./lint";
import { parseWorkflow } from "./parse";
import type { KeyBinding, Workflow, WorkflowFile } from "./types";
import { validateAnswers as validate } from "./validate-port";

const now = new Date("2026-06-01T16:00:00Z");
const en = { validate, now, locale: "en" as const };

const withBindings = (file: WorkflowFile, bindings: KeyBinding[]) => {
  if (!file.data.config) throw new Error("fixture has no config");
  file.data.config.bindings = bindings;
};

/** parcels: find (a lookup) → pick (parcel + note); the owner the lookup found prefills the note. */
const parcelsFile = editedParcels((file) =>
  withBindings(file, [
    { key_location: "find.$result.owner", binding_location: "pick.note", session_key: "owner" },
  ]),
);
const parcels = parseWorkflow(parcelsFile, "parcels.json");

/** pets: details.email (an answer) is carried to a later screen. */
const petsFile = editedPets((file) => {
  const details = file.nodes.find((n) => n.name === "details");
  const start = file.nodes.find((n) => n.name === "start");
  if (!details || !start) throw new Error("fixture changed");
  withBindings(file, [
    { key_location: "start.ownerEmail", binding_location: "details.email", session_key: "email" },
  ]);
  const schema = start.data.config?.schema as { properties: Record<string, unknown> };
  schema.properties.ownerEmail = { type: "string", format: "email", title: { en: "E-mail", es: "Correo" } };
});
const pets = parseWorkflow(petsFile, "pets.json");

function answer(workflow: Workflow, journey: Journey, screen: string, data: unknown): Journey {
  const result = answerScreen(workflow, journey, screen, data, en);
  if (!result.ok) throw new Error(`${screen}: ${JSON.stringify(result.errors)}`);
  return result.journey;
}

describe("key bindings", () => {
  it("prefill a later field with what a call found, and the resident's own answer then wins", async () => {
    const call = vi.fn<Integrations["call"]>(() =>
      Promise.resolve({ parcels: [{ number: "A", address: "1 Main St" }], owner: "Maria Delgado" }),
    );
    const found = await answerAndCall(
      parcels,
      startJourney(parcels),
      "find",
      { query: "1 Main" },
      { ...en, integrations: { call } },
    );
    if (!found.ok) throw new Error("lookup refused");
    expect(formDataFor(found.journey, "pick", parcels)).toEqual({ note: "Maria Delgado" });
    // Without the workflow (its bindings), nothing is prefilled: the old behaviour.
    expect(formDataFor(found.journey, "pick")).toBeUndefined();
    const picked = answer(parcels, found.journey, "pick", { parcel: "A", note: "Maria D. Delgado" });
    expect(formDataFor(picked, "pick", parcels)).toEqual({ parcel: "A", note: "Maria D. Delgado" });
  });

  it("carry an answer to a later screen, and follow the answer when it changes", () => {
    let journey = answer(pets, startJourney(pets), "start", { hasPet: true, ownerEmail: "ana@example.com" });
    expect(formDataFor(journey, "details", pets)).toEqual({ email: "ana@example.com" });
    journey = answer(pets, goBack(pets, journey), "start", { hasPet: true, ownerEmail: "luis@example.com" });
    expect(formDataFor(journey, "details", pets)).toEqual({ email: "luis@example.com" });
  });

  it("read only screens on the journey's path", () => {
    const bindings = [{ key_location: "senior.vet", binding_location: "details.name", session_key: "vet" }];
    expect(sessionValues(bindings, { senior: { vet: "Dr Ruiz" } }, {})).toEqual({ vet: "Dr Ruiz" });
    // An answer kept from a branch no longer taken is not on the path, so it carries nothing.
    expect(sessionValues(bindings, { start: { hasPet: true } }, { senior: { vet: "x" } })).toEqual({});
  });
});

describe("workflow check: key bindings", () => {
  const problems = (bindings: KeyBinding[]) =>
    lintWorkflow(
      editedPets((file) => {
        withBindings(file, bindings);
        const start = file.nodes.find((n) => n.name === "start");
        const schema = start?.data.config?.schema as { properties: Record<string, unknown> };
        schema.properties.ownerEmail = {
          type: "string",
          format: "email",
          title: { en: "E-mail", es: "Correo" },
        };
      }),
      "pets.json",
    )
      .filter((problem) => problem.rule === "binding")
      .map((problem) => `${problem.severity}: ${problem.path.join(".")}: ${problem.message}`);

  it("accepts a binding between fields of two screens that hold the same kind of value", () => {
    expect(
      problems([
        { key_location: "start.ownerEmail", binding_location: "details.email", session_key: "email" },
      ]),
    ).toEqual([]);
  });

  it("names each end that does not exist, or cannot take a prefill", () => {
    expect(
      problems([
        { key_location: "start.nope", binding_location: "details.email", session_key: "a" },
        { key_location: "start.ownerEmail", binding_location: "detials.email", session_key: "b" },
        { key_location: "start.ownerEmail", binding_location: "check.email", session_key: "c" },
        { key_location: "details.name", binding_location: "details.email", session_key: "d" },
      ]),
    ).toEqual([
      'error: data.config.bindings.0.key_location: key_location on an unknown field "start.nope": screen "start" has no field "nope"',
      'error: data.config.bindings.1.binding_location: binding_location on an unknown field "detials.email": there is no screen "detials"',
      'error: data.config.bindings.2.binding_location: binding_location must be a field of a question screen that is not repeated; "check" is not one',
      "error: data.config.bindings.3.binding_location: a binding carries a value to a later screen: both ends are on the same screen",
    ]);
  });

  it("warns when the two ends hold different kinds of value", () => {
    expect(
      problems([{ key_location: "start.hasPet", binding_location: "details.name", session_key: "x" }]),
    ).toEqual([
      'warning: data.config.bindings.0.binding_location: the value kept as "x" is a boolean but "details.name" takes a string: the prefill would not pass the field\'s checks',
    ]);
  });
});

import { describe, expect, it } from "vitest";
import demoFile from "../../workflows/demo-dog-licence.json";
import searchFile from "../../workflows/mortgage-deduction-search.json";
import { editedPets, node, petsWorkflow } from "./fixtures";
import { answerScreen, progressOf, startJourney } from "./journey";
import { parseWorkflow } from "./parse";
import { countsSteps, hasFixedPath, isTool } from "./service-kind";
import type { Workflow } from "./types";
import { validateAnswers } from "./validate-port";

const now = new Date("2026-06-01T12:00:00Z");
const en = { validate: validateAnswers, now, locale: "en" as const };

/** pets without its "senior" branch: start → details → check → done (an exit aside). */
const linearPets = () =>
  parseWorkflow(
    editedPets((file) => {
      const details = node(file, "details").data.config;
      if (details) details.next = [{ to: "check" }];
      file.nodes = file.nodes.filter((n) => n.name !== "senior");
    }),
    "pets.json",
  );

describe("service kind", () => {
  it("calls a workflow without check-answers a tool", () => {
    expect(isTool(parseWorkflow(searchFile, "workflows/mortgage-deduction-search.json"))).toBe(true);
    expect(isTool(parseWorkflow(petsWorkflow(), "pets.json"))).toBe(false);
  });

  it("sees a branch between asking screens, not a branch to an exit page", () => {
    expect(hasFixedPath(parseWorkflow(petsWorkflow(), "pets.json"))).toBe(false);
    expect(hasFixedPath(linearPets())).toBe(true);
    expect(countsSteps(parseWorkflow(demoFile, "workflows/demo-dog-licence.json"))).toBe(false);
  });
});

describe("progressOf", () => {
  it("shows no counter on a branching service, on a tool", () => {
    const pets = parseWorkflow(petsWorkflow(), "pets.json");
    expect(progressOf(pets, startJourney(pets), { now })).toBeNull();
    const search = parseWorkflow(searchFile, "workflows/mortgage-deduction-search.json");
    expect(progressOf(search, startJourney(search), { now })).toBeNull();
  });

  it("counts a fixed path, and never backwards", () => {
    const linear: Workflow = linearPets();
    let journey = startJourney(linear);
    expect(progressOf(linear, journey, { now })).toEqual({ step: 1, total: 3 });
    const moved = answerScreen(linear, journey, "start", { hasPet: true }, en);
    expect(moved.ok).toBe(true);
    journey = moved.journey;
    expect(progressOf(linear, journey, { now })).toEqual({ step: 2, total: 3 });
  });
});

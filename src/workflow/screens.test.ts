import { describe, expect, it } from "vitest";
import { petsWorkflow } from "./fixtures";
import { parseWorkflow } from "./parse";
import { findScreen, lensOf } from "./screens";

const workflow = parseWorkflow(petsWorkflow(), "pets.json");

describe("findScreen", () => {
  it("finds a screen by name", () => {
    expect(findScreen(workflow, "senior")).toEqual({ screen: workflow.screens[2] });
  });

  it("finds a screen by index, as a number or a numeric string", () => {
    expect(findScreen(workflow, 1).screen.name).toBe("details");
    expect(findScreen(workflow, "3").screen.name).toBe("check");
  });

  it("selects the first screen for an unknown name, with the spec's error", () => {
    expect(findScreen(workflow, "payment")).toEqual({
      screen: workflow.screens[0],
      error: "Could not find a screen with the name of payment",
    });
    expect(findScreen(workflow, 42).error).toBe("Could not find a screen with the name of 42");
  });

  it("selects the first screen for an index that is neither a string nor a number", () => {
    for (const index of [null, undefined, true, { name: "details" }, ["details"]]) {
      expect(findScreen(workflow, index)).toEqual({
        screen: workflow.screens[0],
        error: "screen_index is not of expected type",
      });
    }
  });
});

describe("lensOf", () => {
  it("is the node's place in the file, found by name", () => {
    expect(lensOf(workflow, "check")).toEqual(["nodes", 3]);
    expect(lensOf(workflow, "nowhere")).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { applyArrayAction, formDataToAnswers } from "./form-data";

/** A repeated-group screen's schema is an array at the root (the engine wraps the item schema). */
const schema = {
  type: "array",
  minItems: 1,
  maxItems: 2,
  items: { type: "object", properties: { name: { type: "string" }, neutered: { type: "boolean" } } },
};

describe("a repeated group posted without JavaScript", () => {
  it("reads the items of a root array", () => {
    const body = new URLSearchParams(
      "root__count=2&root_0_name=Biscuit&root_0_neutered=true&root_1_name=Luna",
    );
    expect(formDataToAnswers(schema, body)).toEqual([{ name: "Biscuit", neutered: true }, { name: "Luna" }]);
  });

  it("reads an empty group as an empty list", () => {
    expect(formDataToAnswers(schema, new URLSearchParams("_intent=continue"))).toEqual([]);
  });

  it("adds and removes items at the root, within minItems and maxItems", () => {
    const one = [{ name: "Biscuit" }];
    const two = applyArrayAction(schema, one, { type: "add", path: "" });
    expect(two).toEqual([{ name: "Biscuit" }, {}]);
    expect(applyArrayAction(schema, two, { type: "add", path: "" })).toBe(two);
    expect(applyArrayAction(schema, two, { type: "remove", path: "", index: 1 })).toEqual(one);
    expect(applyArrayAction(schema, one, { type: "remove", path: "", index: 0 })).toBe(one);
  });
});

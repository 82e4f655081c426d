import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { indexSnapshot } from "../content-service/store";
import { parseWorkflow } from "../workflow/parse";
import { indexSourceOf, showsDemoServices } from "./search";

/** A snapshot with no content: these tests are about the services. */
const emptySnapshot = () => indexSnapshot([], "test");

const load = (name: string) =>
  parseWorkflow(JSON.parse(readFileSync(`workflows/${name}.json`, "utf8")), `workflows/${name}.json`);
const demo = load("demo-dog-licence");
const real = load("homestead-deduction-application");

describe("indexSourceOf", () => {
  it("marks the dog licence as a demonstration service", () => {
    expect(demo.demo).toBe(true);
    expect(real.demo).toBeUndefined();
  });

  it("leaves demonstration services out of the index unless asked for", () => {
    const hidden = indexSourceOf(emptySnapshot(), [demo, real], { showDemoServices: false });
    expect(hidden.services?.map((s) => s.name)).toEqual(["homestead-deduction-application"]);
    const shown = indexSourceOf(emptySnapshot(), [demo, real], { showDemoServices: true });
    expect(shown.services?.map((s) => s.name)).toEqual([
      "demo-dog-licence",
      "homestead-deduction-application",
    ]);
  });
});

describe("showsDemoServices", () => {
  it("shows them in development, in tests and with SHOW_DEMO_SERVICES=1 only", () => {
    expect(showsDemoServices({ NODE_ENV: "production" })).toBe(false);
    expect(showsDemoServices({})).toBe(false);
    expect(showsDemoServices({ NODE_ENV: "production", SHOW_DEMO_SERVICES: "0" })).toBe(false);
    expect(showsDemoServices({ NODE_ENV: "production", SHOW_DEMO_SERVICES: "1" })).toBe(true);
    expect(showsDemoServices({ NODE_ENV: "development" })).toBe(true);
    expect(showsDemoServices({ NODE_ENV: "test" })).toBe(true);
  });
});

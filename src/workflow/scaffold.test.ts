import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { lintWorkflow } from "./lint";
import { MAP_ALL_COMMAND } from "./map-files";
import { parseWorkflow } from "./parse";
import { readOfficeDirectory } from "./registry";
import { parseRecording, replayRecording } from "./replay";
import { newServiceCommand, nextSteps, scaffoldService, serviceNameProblem, writeScaffold } from "./scaffold";
import { compileScreenSchema, validateAnswers } from "./validate-port";

const contentDir = fileURLToPath(new URL("../../content/", import.meta.url));
const offices = readOfficeDirectory(contentDir);
const scratch = await mkdtemp(join(tmpdir(), "workflow-scaffold-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const files = (name: string, titles: { titleEn?: string; titleEs?: string } = {}) =>
  Object.fromEntries(scaffoldService({ name, now: "2026-06-01", ...titles }).map((f) => [f.path, f.text]));

describe("serviceNameProblem", () => {
  it("accepts what a service's name may be, and says why the rest cannot", () => {
    for (const name of ["library-card", "a", "permit-2026", "x".repeat(80)]) {
      expect(serviceNameProblem(name), name).toBeUndefined();
    }
    for (const name of [
      "Library-Card",
      "library card",
      "library--card",
      "-card",
      "card-",
      "café",
      "x".repeat(81),
    ]) {
      expect(serviceNameProblem(name), name).toMatch(/service name/);
    }
    expect(serviceNameProblem(undefined)).toMatch(/give the new service a name/);
  });
});

describe("scaffoldService", () => {
  it("makes a service that passes the check, and two recordings that replay", async () => {
    const made = files("library-card", {
      titleEn: "Get a library card",
      titleEs: "Obtenga una tarjeta de biblioteca",
    });
    expect(Object.keys(made).sort()).toEqual([
      "library-card.json",
      "recordings/library-card/happy-path.json",
      "recordings/library-card/validation-errors.json",
    ]);
    const json = JSON.parse(made["library-card.json"] as string);
    expect(json.data.config.title).toEqual({
      en: "Get a library card",
      es: "Obtenga una tarjeta de biblioteca",
    });
    expect(json.nodes.map((n: { data: { type: string } }) => n.data.type)).toEqual([
      "question",
      "check-answers",
      "confirmation",
    ]);
    expect(lintWorkflow(json, "library-card.json", { checkSchema: compileScreenSchema, offices })).toEqual(
      [],
    );

    const workflow = parseWorkflow(json, "library-card.json");
    for (const file of ["happy-path", "validation-errors"]) {
      const recording = parseRecording(JSON.parse(made[`recordings/library-card/${file}.json`] as string));
      const report = await replayRecording(workflow, recording, { validate: validateAnswers });
      expect(report.mismatches, report.lines.join("\n")).toEqual([]);
      expect(report.journey.submission?.reference).toMatch(/^[A-Z0-9]{8}$/);
    }
    const errors = JSON.parse(made["recordings/library-card/validation-errors.json"] as string);
    expect(errors.steps[0].expect.errors).toHaveLength(1);
  });

  it("names the service after its file when no title is given", () => {
    const json = JSON.parse(files("dog-licence")["dog-licence.json"] as string);
    expect(json.data.config.title).toEqual({ en: "Dog licence", es: "Dog licence" });
    expect(json.data.config.start).toBe("details");
    expect(json.nodes[1].data.config.call).toEqual({
      integration: "submit",
      operation: "dog-licence",
      params: { service: "dog-licence" },
    });
  });

  it("refuses a name that cannot be a service's", () => {
    expect(() => scaffoldService({ name: "Dog Licence", now: "2026-06-01" })).toThrow(/service name/);
  });
});

describe("writeScaffold", () => {
  it("writes the files, and writes nothing when one of them is already there", async () => {
    const dir = join(scratch, "write");
    const made = scaffoldService({ name: "permit", now: "2026-06-01" });
    const written = await writeScaffold(dir, made);
    expect(written).toEqual(made.map((f) => join(dir, f.path)));
    expect(await readFile(join(dir, "permit.json"), "utf8")).toBe(made[0]?.text);

    const other = join(scratch, "partial");
    const again = scaffoldService({ name: "permit", now: "2026-06-01" });
    await writeScaffold(other, again.slice(1, 2));
    await writeFile(join(other, "recordings/permit/happy-path.json"), "mine\n");
    await expect(writeScaffold(other, again)).rejects.toThrow(/happy-path.json already exists/);
    await expect(readFile(join(other, "permit.json"), "utf8")).rejects.toThrow(/ENOENT/);
    expect(await readFile(join(other, "recordings/permit/happy-path.json"), "utf8")).toBe("mine\n");
  });
});

describe("newServiceCommand", () => {
  const run = (args: string[]) =>
    newServiceCommand(args, { workflowsDir: join(scratch, "unused"), usage: "usage", today: "2026-06-01" });

  it("writes into --dir, then refuses the same name and a bad name with one line and exit code 2", async () => {
    const dir = join(scratch, "command");
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(
      await run([
        "parking-permit",
        "--title-en",
        "Parking permit",
        "--title-es",
        "Permiso de estacionamiento",
        "--dir",
        dir,
      ]),
    ).toBe(0);
    expect(JSON.parse(await readFile(join(dir, "parking-permit.json"), "utf8")).data.config.title.es).toBe(
      "Permiso de estacionamiento",
    );
    expect(log.mock.calls.flat().join("\n")).toMatch(/created .*parking-permit\.json/);

    expect(await run(["parking-permit", "--dir", dir])).toBe(2);
    expect(await run(["Parking Permit", "--dir", dir])).toBe(2);
    expect(await run(["--dir", dir])).toBe(2);
    expect(error.mock.calls.map((call) => String(call[0]))).toEqual([
      `${join(dir, "parking-permit.json")} already exists: choose another name, or edit that file`,
      '"Parking Permit" cannot be a service name: use lower-case letters, digits and single hyphens, like dog-licence',
      "give the new service a name: npm run workflow -- new <name>",
    ]);
  });

  it("says what comes next: check, record, the sample recordings to write again, the map", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(await run(["bin-permit", "--title-es", "Permiso de contenedor"])).toBe(0);
    const said = log.mock.calls.flat().join("\n");
    expect(said).toContain("  - npm run workflow -- record bin-permit   (a recording of every path");
    expect(said).toMatch(
      /- happy-path\.json and validation-errors\.json in \S*recordings\/bin-permit\/ answer the sample question: once you change the screens, write them again or delete them \(record never replaces them;/,
    );
    expect(said).toContain(`  - ${MAP_ALL_COMMAND}   (draws its map in docs/services/: the test suite fails`);
    expect(said).not.toMatch(/translate its title/);
  });

  it("leaves the map out for a service outside workflows/, whose map nothing asks for", () => {
    const steps = nextSteps("tree-permit", join(scratch, "elsewhere"), {
      translated: true,
      inWorkflows: false,
    });
    expect(steps.some((step) => step.includes("map"))).toBe(false);
    expect(steps).toContainEqual(
      expect.stringMatching(/^npm run workflow -- record \S*elsewhere\/tree-permit\.json /),
    );
  });

  it("says to translate the title when no Spanish one is given", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect(await run(["tree-permit", "--dir", join(scratch, "untranslated")])).toBe(0);
    expect(log.mock.calls.flat().join("\n")).toMatch(/translate its title/);
  });
});

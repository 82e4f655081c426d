import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { petsWorkflow } from "./fixtures";
import { loadWorkflows } from "./registry";

describe("loadWorkflows", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "workflows-"));
    await writeFile(join(dir, "pets.json"), JSON.stringify(petsWorkflow()));
    await writeFile(join(dir, "broken.json"), "{ not json");
    const unnamed = { ...petsWorkflow(), name: "pets" };
    await writeFile(join(dir, "cats.json"), JSON.stringify(unnamed));
    await writeFile(join(dir, "notes.txt"), "not a workflow");
    await mkdir(join(dir, "recordings"));
    await writeFile(join(dir, "recordings", "x.json"), "{}");
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("loads the good files and refuses each malformed one with its path and reason", async () => {
    const { workflows, problems } = await loadWorkflows(dir);
    expect([...workflows.keys()]).toEqual(["pets"]);
    expect(problems.map((p) => [p.file.slice(dir.length + 1), p.spec, p.path])).toEqual([
      ["broken.json", "workflow is malformed", []],
      ["cats.json", "workflow is malformed", ["name"]],
    ]);
    expect(problems[0]?.message).toMatch(/^workflow is malformed: not valid JSON/);
  });
});

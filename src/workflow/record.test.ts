import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { editedParcels, editedPets, node, parcelsWorkflow, petsWorkflow } from "./fixtures";
import { parseWorkflow } from "./parse";
import { GENERATED_NOTE, recordWorkflow, replayFile, sampleResult, writeRecording } from "./record";
import { loadWorkflows } from "./registry";
import { recordingNow } from "./replay";
import { isEndType } from "./screens";
import type { JSONSchema, ScreenNodeFile } from "./types";
import { validateAnswers } from "./validate-port";

const workflowsDir = fileURLToPath(new URL("../../workflows/", import.meta.url));
const { workflows } = await loadWorkflows(workflowsDir);
const scratch = await mkdtemp(join(tmpdir(), "workflow-record-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));

const NOW = "2026-06-01";
const record = (workflow: Parameters<typeof recordWorkflow>[0]) =>
  recordWorkflow(workflow, { validate: validateAnswers, now: NOW });

describe("recordWorkflow on every service in workflows/", () => {
  for (const workflow of workflows.values()) {
    it(`${workflow.name}: one recording per end, each replays from its file`, async () => {
      const made = await record(workflow);
      const ends = workflow.screens.filter((s) => isEndType(s.type)).map((s) => s.name);
      expect(made.map((m) => m.end)).toEqual(ends);
      const dir = join(scratch, workflow.name);
      for (const end of made) {
        expect(end.problem, end.end).toBeUndefined();
        if (!end.recording) continue;
        expect(end.recording.expect?.final).toBe(end.end);
        expect(await writeRecording(dir, { ...end, recording: end.recording })).toBe("written");
        expect(await replayFile(workflow, join(dir, end.file), validateAnswers), end.file).toEqual([]);
      }
      expect((await readdir(dir)).sort()).toEqual(ends.map((end) => `${end}.json`).sort());
    });
  }

  it("takes the branch a condition asks for: the demo's senior rate only for the old", async () => {
    const demo = workflows.get("demo-dog-licence");
    if (!demo) throw new Error("no demo");
    const made = await record(demo);
    const steps = made.find((m) => m.end === "not-eligible")?.recording?.steps ?? [];
    expect(steps).toEqual([
      { screen: "residency", answers: { livesInCedarport: false }, expect: { next: "not-eligible" } },
    ]);
    const sent = made.find((m) => m.end === "confirmation")?.recording;
    expect(sent?.expect).toEqual({ final: "confirmation", status: "submitted" });
    expect(sent?.steps.at(-1)).toMatchObject({ screen: "check-answers", action: "submit" });
    expect((sent as { note?: string } | undefined)?.note).toBe(GENERATED_NOTE);
  });
});

describe("recordWorkflow on made-up services", () => {
  it("says which end no valid answers reach, and records the others", async () => {
    const pets = await record(parseWorkflow(petsWorkflow(), "pets.json"));
    expect(pets.every((m) => m.recording)).toBe(true);

    // Sending leads to "done" only for a pet of 10 or more, and the age may not be over 5.
    const unreachable = editedPets((f) => {
      const schema = node(f, "details").data.config?.schema as { properties: Record<string, JSONSchema> };
      schema.properties.age = { ...schema.properties.age, maximum: 5 };
      const check = node(f, "check").data.config;
      if (check) check.next = [{ to: "done", when: { field: "details.age", gte: 10 } }, { to: "no-pets" }];
    });
    const refused = await record(parseWorkflow(unreachable, "pets.json"));
    const done = refused.find((m) => m.end === "done");
    expect(done?.recording).toBeUndefined();
    expect(done?.problem).toContain("record it by hand");
    expect(refused.find((m) => m.end === "no-pets")?.recording).toBeDefined();
  });

  it("makes up what a lookup returns, and steers by it", async () => {
    const file = editedParcels((f) => {
      const find = node(f, "find").data.config;
      if (find)
        find.next = [{ to: "none", when: { field: "find.$result.parcels", exists: false } }, { to: "pick" }];
      const none: ScreenNodeFile = {
        type: "graph_composite",
        name: "none",
        data: { id: "parcels-none", type: "exit", config: { title: { en: "None", es: "Ninguna" } } },
      };
      f.nodes.push(none);
    });
    const workflow = parseWorkflow(file, "parcels.json");
    const made = await record(workflow);
    const none = made.find((m) => m.end === "none")?.recording?.steps[0];
    expect(none).toMatchObject({ screen: "find", expect: { next: "none" } });
    expect(none?.result).not.toHaveProperty("parcels");
    const done = made.find((m) => m.end === "done")?.recording?.steps ?? [];
    expect(done.map((s) => s.screen)).toEqual(["find", "pick", "check"]);
    // The choice is the one the lookup returned.
    expect(done[1]?.answers).toMatchObject({
      parcel: (done[0]?.result as { parcels?: Array<{ number: string }> } | undefined)?.parcels?.[0]?.number,
    });
  });

  it("returns just what the file reads of a result: lists for choices and tables, texts for the rest", () => {
    const workflow = parseWorkflow(parcelsWorkflow(), "parcels.json");
    const now = recordingNow(NOW);
    expect(sampleResult(workflow, "find", now)).toEqual({
      parcels: [
        {
          address: "Sample address",
          number: "Sample parcel",
          kind: "home",
          since: "2026-06-01",
          value: { cents: 2500 },
        },
      ],
    });
    expect(sampleResult(workflow, "check", now)).toEqual({ requestId: "Sample request id" });
    expect(sampleResult(workflow, "pick", now)).toBeUndefined();
  });
});

describe("writeRecording", () => {
  it("keeps a file that is there, unless forced", async () => {
    const dir = join(scratch, "kept");
    const made = (await record(parseWorkflow(petsWorkflow(), "pets.json"))).find((m) => m.end === "no-pets");
    if (!made?.recording) throw new Error("no recording");
    const recording = { ...made, recording: made.recording };
    expect(await writeRecording(dir, recording)).toBe("written");
    await writeFile(join(dir, "no-pets.json"), "hand-written\n");
    expect(await writeRecording(dir, recording)).toBe("exists");
    expect(await readFile(join(dir, "no-pets.json"), "utf8")).toBe("hand-written\n");
    expect(await writeRecording(dir, recording, { force: true })).toBe("written");
    expect(JSON.parse(await readFile(join(dir, "no-pets.json"), "utf8"))).toEqual(made.recording);
  });
});

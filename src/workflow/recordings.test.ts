import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseJsonText } from "./json-syntax";
import { loadWorkflows } from "./registry";
import { parseRecording, replayRecording } from "./replay";
import { validateAnswers } from "./validate-port";

// Every recording in workflows/recordings/<workflow>/ replays through the engine as it expects.

const root = fileURLToPath(new URL("../../", import.meta.url));
const workflowsDir = join(root, "workflows");
const recordingsDir = join(workflowsDir, "recordings");

const { workflows, problems } = await loadWorkflows(workflowsDir);
const folders = await Promise.all(
  (await readdir(recordingsDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map(async (entry) => ({
      name: entry.name,
      files: (await readdir(join(recordingsDir, entry.name))).filter((file) => file.endsWith(".json")),
    })),
);

describe("workflow recordings", () => {
  it("every workflow file loads", () => {
    expect(problems).toEqual([]);
  });

  it("every workflow has a happy path and a recording with validation errors", async () => {
    for (const [name, workflow] of workflows) {
      const recordings = await Promise.all(
        (await readdir(join(recordingsDir, name)).catch(() => [] as string[]))
          .filter((file) => file.endsWith(".json"))
          .map(async (file) =>
            parseRecording(parseJsonText(await readFile(join(recordingsDir, name, file), "utf8"))),
          ),
      );
      // A service that sends answers must have a recording that sends them; a tool without a
      // check-answers screen (a status search) one that reaches its end page.
      const sends = workflow.screens.some((screen) => screen.type === "check-answers");
      const ends = (r: (typeof recordings)[number]) =>
        sends ? r.expect?.status === "submitted" : r.expect?.status === "exited";
      const hasErrors = (r: (typeof recordings)[number]) =>
        r.steps.some((s) => (s.expect?.errors?.length ?? 0) > 0);
      expect(recordings.some(ends), `${name} has no recording that is sent`).toBe(true);
      expect(recordings.some(hasErrors), `${name} has no recording with validation errors`).toBe(true);
    }
  });

  for (const folder of folders) {
    describe(folder.name, () => {
      for (const file of folder.files) {
        const path = join(recordingsDir, folder.name, file);
        it(`replays ${relative(root, path)}`, async () => {
          const recording = parseRecording(parseJsonText(await readFile(path, "utf8")));
          const workflow = workflows.get(recording.workflow);
          expect(workflow, `no workflow ${recording.workflow}`).toBeDefined();
          if (!workflow) return;
          const report = await replayRecording(workflow, recording, { validate: validateAnswers });
          expect(report.mismatches, report.lines.join("\n")).toEqual([]);
        });
      }
    });
  }
});

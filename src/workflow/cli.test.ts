import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editedPets, node } from "./fixtures";
import { runWorkflowCommand } from "./run-command.fixture";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsx = join(root, "node_modules", "tsx", "dist", "cli.mjs");

const run = runWorkflowCommand;

describe("npm run workflow", () => {
  let dir = "";
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "workflow-cli-"));
    const broken = editedPets((f) => {
      const config = node(f, "senior").data.config;
      if (config) config.next = [{ to: "chek" }];
    });
    await writeFile(join(dir, "pets.json"), JSON.stringify(broken));
    await writeFile(
      join(dir, "wrong.json"),
      JSON.stringify({
        workflow: "demo-dog-licence",
        locale: "en",
        now: "2026-06-01",
        steps: [{ screen: "residency", answers: { livesInCedarport: false }, expect: { next: "applicant" } }],
      }),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("check prints file: path: message for each problem and exits 1 on an error", async () => {
    const { code, out } = await run("check", join(dir, "pets.json"), "workflows/demo-dog-licence.json");
    expect(code).toBe(1);
    expect(out).toContain(
      "pets.json: nodes[2].data.config.next[0].to (senior): nodes do not exist on composite: chek\n",
    );
    // pets.json has no recordings beside it (two warnings); the demo has its own.
    expect(out).toContain("2 files checked: 1 error, 2 warnings");
  });

  it("check warns, in the test suite's words, about the recordings a service lacks", async () => {
    const folder = join(dir, "recordings", "pets");
    await mkdir(folder, { recursive: true });
    await writeFile(
      join(folder, "sent.json"),
      JSON.stringify({
        workflow: "pets",
        locale: "en",
        now: "2026-06-01",
        steps: [],
        expect: { status: "submitted" },
      }),
    );
    await writeFile(join(folder, "broken.json"), JSON.stringify({ workflow: "pets" }));
    const { code, out } = await run("check", join(dir, "pets.json"));
    expect(code).toBe(1);
    expect(out).not.toContain("pets has no recording that is sent");
    expect(out).toMatch(
      /pets\.json: \(root\): warning: pets has no recording with validation errors: add one to \S*recordings\/pets\/ with a step that expects "errors"/,
    );
    expect(out).toMatch(/broken\.json: \(root\): warning: not a recording: "locale" must be "en" or "es"/);

    // A tool (no check-answers screen) needs a recording that reaches its end page instead.
    const tool = JSON.parse(await readFile(join(root, "workflows/mortgage-deduction-search.json"), "utf8"));
    tool.name = "status-tool";
    await writeFile(join(dir, "status-tool.json"), JSON.stringify(tool));
    const checked = await run("check", join(dir, "status-tool.json"));
    expect(checked.out).toContain(
      "status-tool has no recording that is sent: a tool (no check-answers screen) sends nothing, so it needs one in",
    );
    expect(checked.out).toContain('that reaches its end page, with "expect": { "status": "exited" }');
    expect(checked.out).toContain("status-tool has no recording with validation errors");
  });

  it("replay prints each screen and exits 0 when the journey goes as recorded, 1 when not", async () => {
    const good = await run(
      "replay",
      "demo-dog-licence",
      "workflows/recordings/demo-dog-licence/happy-path.json",
    );
    expect(good.code).toBe(0);
    expect(good.out).toContain("1. residency (answer): ok → applicant");
    expect(good.out).toMatch(/final: confirmation \(submitted, reference [A-Z2-9]{8}\)/);
    const bad = await run("replay", "workflows/demo-dog-licence.json", join(dir, "wrong.json"));
    expect(bad.code).toBe(1);
    expect(bad.out).toContain("✗ expected to be on applicant, but on not-eligible");
  });

  it("check and replay say at which line and column a file stops being JSON", async () => {
    await writeFile(join(dir, "typed.json"), '{\n  "type": "graph_composite",\n  "name": "typed",\n}\n');
    const checked = await run("check", join(dir, "typed.json"));
    expect(checked.code).toBe(1);
    expect(checked.out).toMatch(
      /typed\.json: \(root\): workflow is malformed: not valid JSON at line 4, column 1: .*remove the comma before the "}"/,
    );
    await writeFile(
      join(dir, "typed-recording.json"),
      '{ "workflow": "demo-dog-licence",\n  "steps": [\n    {}\n    {}\n  ] }',
    );
    const replayed = await run("replay", "demo-dog-licence", join(dir, "typed-recording.json"));
    expect(replayed.code).toBe(1);
    expect(replayed.out).toMatch(/typed-recording\.json: not valid JSON at line 4, column 5: /);
  });

  it("replay says, on a ✗ line, that a recording is another service's", async () => {
    await writeFile(
      join(dir, "mayor.json"),
      JSON.stringify({ workflow: "contact-the-mayor", locale: "en", now: "2026-06-01", steps: [] }),
    );
    const { code, out } = await run("replay", "demo-dog-licence", join(dir, "mayor.json"));
    expect(code).toBe(1);
    expect(out).toContain(
      "   ✗ the recording is for contact-the-mayor, not demo-dog-licence: replay it with",
    );
    expect(out).toContain("replay does not match: 1 mismatch(es)");
  });

  // One real process (tsx and the engine load in it: seconds on a busy machine, hence the time).
  it("is the command line: the command's output and exit code from `npx tsx src/workflow/cli.ts`", () => {
    const bad = spawnSync(
      process.execPath,
      [
        tsx,
        join(root, "src/workflow/cli.ts"),
        "replay",
        "workflows/demo-dog-licence.json",
        join(dir, "wrong.json"),
      ],
      { cwd: root, encoding: "utf8" },
    );
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain("✗ expected to be on applicant, but on not-eligible");
  }, 60_000);

  it("prints the usage and exits 2 for an unknown command", async () => {
    const usage = await run("frobnicate");
    expect(usage.code).toBe(2);
    expect(usage.err).toContain("npm run workflow -- check [file...]");
  });
});

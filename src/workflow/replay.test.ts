import { describe, expect, it } from "vitest";
import { petsWorkflow } from "./fixtures";
import { parseWorkflow } from "./parse";
import { parseRecording, replayRecording } from "./replay";
import { validateAnswers as validate } from "./validate-port";

const pets = parseWorkflow(petsWorkflow(), "pets.json");

/** A recording of pets that is sent: every part a recording may have, once. */
function sent(): Record<string, unknown> {
  return {
    workflow: "pets",
    locale: "en",
    now: "2026-06-01",
    note: "Written by hand.",
    steps: [
      { screen: "start", answers: { hasPet: true }, expect: { next: "details" } },
      {
        screen: "details",
        answers: { name: "Rex" },
        expect: { errors: [{ path: "/age", keyword: "required" }], next: "details" },
      },
      { screen: "details", answers: { name: "Rex", age: 3 }, expect: { next: "check" } },
      { screen: "check", action: "submit", result: { requestId: "P-1" }, expect: { next: "done" } },
    ],
    expect: { final: "done", status: "submitted" },
  };
}

const refusal = (edit: (recording: Record<string, unknown>) => void) => {
  const recording = sent();
  edit(recording);
  return () => parseRecording(recording);
};
const steps = (recording: Record<string, unknown>) => recording.steps as Array<Record<string, unknown>>;

describe("parseRecording", () => {
  it("reads a recording with every part a recording may have", async () => {
    const report = await replayRecording(pets, parseRecording(sent()), { validate });
    expect(report.mismatches).toEqual([]);
  });

  it("refuses an unknown key, saying where it is and the key it was probably meant to be", () => {
    expect(
      refusal((r) => {
        r.stpes = r.steps;
      }),
    ).toThrow(
      'the recording has an unknown key "stpes" (did you mean "steps"?): it may have workflow, locale, now, steps, expect, note',
    );
    expect(
      refusal((r) => {
        r.expect = { finl: "done", status: "submitted" };
      }),
    ).toThrow('"expect" has an unknown key "finl" (did you mean "final"?): it may have final, status');
    expect(
      refusal((r) => {
        (steps(r)[0] as Record<string, unknown>).expect = { nxt: "details" };
      }),
    ).toThrow('step 1: "expect" has an unknown key "nxt" (did you mean "next"?): it may have errors, next');
    expect(
      refusal((r) => {
        (steps(r)[2] as Record<string, unknown>).anwsers = {};
      }),
    ).toThrow('step 3 has an unknown key "anwsers" (did you mean "answers"?)');
    expect(
      refusal((r) => {
        (steps(r)[1] as Record<string, unknown>).expect = { errors: [{ path: "/age", mesage: "x" }] };
      }),
    ).toThrow('step 2: "expect.errors"[0] has an unknown key "mesage" (did you mean "message"?)');
    expect(
      refusal((r) => {
        (steps(r)[1] as Record<string, unknown>).refusal = [
          { path: "/age", message: "No", keyword: "lookup", extra: 1 },
        ];
      }),
    ).toThrow('step 2: "refusal"[0] has an unknown key "extra"');
  });

  it("refuses expectations it could not check", () => {
    expect(
      refusal((r) => {
        r.expect = { final: "done", status: "sent" };
      }),
    ).toThrow('"expect": "status" must be one of submitted, exited, in-progress');
    expect(
      refusal((r) => {
        (steps(r)[1] as Record<string, unknown>).expect = { errors: [{ message: "Required" }] };
      }),
    ).toThrow('step 2: "expect.errors"[0] must be { "path": ... }');
    expect(
      refusal((r) => {
        (steps(r)[0] as Record<string, unknown>).expect = "details";
      }),
    ).toThrow('step 1: "expect" must be an object');
  });

  it('refuses a "now" that is not a day written yyyy-mm-dd', () => {
    for (const now of ["06/01/2026", "2026-6-1", "2026-02-30", "2026-06-01T09:00:00Z", 20260601]) {
      expect(
        refusal((r) => {
          r.now = now;
        }),
        String(now),
      ).toThrow(`"now" must be a day written yyyy-mm-dd, such as "2026-06-01", not ${JSON.stringify(now)}`);
    }
  });
});

describe("replayRecording", () => {
  it("says a step's screen does not exist, with the name it was probably meant to be", async () => {
    const recording = sent();
    (steps(recording)[2] as Record<string, unknown>).screen = "detials";
    const report = await replayRecording(pets, parseRecording(recording), { validate });
    expect(report.lines.at(-2)).toBe("3. detials: not replayed, nor the steps after it");
    expect(report.lines.at(-1)).toBe('   ✗ no screen named detials in pets (did you mean "details"?)');
    expect(report.mismatches).toEqual([
      'step 3 (detials): no screen named detials in pets (did you mean "details"?)',
    ]);
    expect(report.lines.join("\n")).not.toContain("You cannot go to that page yet");
  });

  it("says an expected screen does not exist", async () => {
    const recording = sent();
    (steps(recording)[0] as Record<string, unknown>).expect = { next: "detail" };
    recording.expect = { final: "finished" };
    const report = await replayRecording(pets, parseRecording(recording), { validate });
    expect(report.mismatches).toEqual([
      'step 1 (start): expected to be on detail, but on details: no screen named detail in pets (did you mean "details"?)',
      "expected to end on finished, but ended on done: no screen named finished in pets",
    ]);
  });

  it("replays nothing of a recording of another service, and says so on a ✗ line", async () => {
    const report = await replayRecording(pets, parseRecording({ ...sent(), workflow: "parcels" }), {
      validate,
    });
    expect(report.ok).toBe(false);
    expect(report.lines).toEqual([
      '   ✗ the recording is for parcels, not pets: replay it with parcels, or correct its "workflow"',
    ]);
    expect(report.mismatches).toHaveLength(1);
  });
});

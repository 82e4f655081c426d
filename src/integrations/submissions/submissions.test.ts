import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { DATABASES, openTestDatabase, type TestDatabase } from "../../../tests/integration/databases";
import { createFieldCipher } from "../../server/field-crypto";
import { retentionCutoff, SIX_HOURS, schedulePurges } from "../../server/purge-schedule";
import { findSubmission, purgeSubmissions, type Submission, storeSubmission } from "./submissions";

const cipher = createFieldCipher(randomBytes(32).toString("base64"));

const submission = (
  journeyId: string,
  reference: string,
  createdAt = "2026-06-01T12:00:00.000Z",
): Submission => ({
  reference,
  journeyId,
  workflow: "demo-dog-licence",
  requestId: `REQ-${reference}`,
  answers: {
    applicant: { firstName: "Maria", dateOfBirth: "04/15/1980" },
    "senior-rate": { idLastFive: "54321" },
  },
  result: { reference, parcelNumber: "49-07-12-345-678.000-101" },
  locale: "en",
  createdAt,
});

describe.each(DATABASES)("submissions on %s", (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase(kind);
  });
  afterAll(() => test.drop());

  it("stores answers and result sealed, and reads them back", async () => {
    await test.db.transaction((tx) => storeSubmission(tx, submission("j-sealed", "SEALED01"), cipher));
    const [row] = await test.db.all<{ answers: string; result: string }>(
      "SELECT answers, result FROM submissions WHERE reference = ?",
      ["SEALED01"],
    );
    expect(row?.answers).toMatch(/^enc:v1:/);
    // Plaintext with characters base64url never produces ("/", '"', "."), so a match can't be chance.
    expect(row?.answers).not.toContain("04/15/1980");
    expect(row?.answers).not.toContain('"idLastFive":"54321"');
    expect(row?.result).not.toContain("49-07-12-345-678.000-101");
    const found = await findSubmission(test.db, "SEALED01", cipher);
    expect(found?.answers).toEqual(submission("j", "x").answers);
    expect(found?.result).toEqual({ reference: "SEALED01", parcelNumber: "49-07-12-345-678.000-101" });
  });

  it("still reads submissions stored before encryption", async () => {
    await test.db.run(
      "INSERT INTO submissions (reference, journey_id, workflow, request_id, answers, result, locale, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      [
        "PLAIN001",
        "j-plain",
        "demo-dog-licence",
        "REQ-1",
        '{"a":1}',
        '{"reference":"PLAIN001"}',
        "en",
        "2026-01-01",
      ],
    );
    expect(await findSubmission(test.db, "PLAIN001", cipher)).toMatchObject({
      answers: { a: 1 },
      result: { reference: "PLAIN001" },
    });
  });

  it("stores a journey once when two submits race, and both get the stored reference", async () => {
    for (let round = 0; round < 5; round++) {
      const journeyId = `j-race-${round}`;
      const outcomes = await Promise.all(
        ["A", "B"].map((side) =>
          test.db.transaction((tx) =>
            storeSubmission(tx, submission(journeyId, `RACE${round}${side}XX`), cipher),
          ),
        ),
      );
      const references = outcomes.map((o) => o.stored.reference);
      expect(references[0]).toBe(references[1]);
      expect(outcomes.filter((o) => o.repeated)).toHaveLength(1);
      const rows = await test.db.all("SELECT reference FROM submissions WHERE journey_id = ?", [journeyId]);
      expect(rows).toHaveLength(1);
    }
  });

  describe("retention", () => {
    afterEach(() => vi.useRealTimers());

    it("deletes submissions older than the retention period, at start-up and on schedule", async () => {
      await test.db.transaction(async (tx) => {
        await storeSubmission(tx, submission("j-old", "OLD00001", "2024-01-01T09:00:00.000Z"), cipher);
        await storeSubmission(tx, submission("j-new", "NEW00001", "2025-06-01T09:00:00.000Z"), cipher);
      });
      vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
      // The injected clock: 730 days after the old submission, less an hour.
      let now = new Date("2025-12-31T08:00:00.000Z");
      const schedule = schedulePurges({
        submissions: () => purgeSubmissions(test.db, retentionCutoff(now, 730)),
      });
      await schedule.firstRun;
      expect(await findSubmission(test.db, "OLD00001", cipher)).toBeDefined();

      now = new Date("2025-12-31T10:00:00.000Z");
      vi.advanceTimersByTime(SIX_HOURS - 1);
      await schedule.runNow();
      // runNow above ran the purge by hand; the timer alone must do it next time.
      await test.db.transaction((tx) =>
        storeSubmission(tx, submission("j-old2", "OLD00002", "2023-01-01T00:00:00.000Z"), cipher),
      );
      vi.advanceTimersByTime(1);
      await vi.waitFor(async () => expect(await findSubmission(test.db, "OLD00002", cipher)).toBeUndefined());
      expect(await findSubmission(test.db, "OLD00001", cipher)).toBeUndefined();
      expect(await findSubmission(test.db, "NEW00001", cipher)).toBeDefined();
      schedule.stop();
    });
  });
});

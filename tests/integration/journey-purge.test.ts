import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Outbox } from "../../src/outbox";
import { createWorkflowServices } from "../../src/server/workflows";
import { openTestDatabase, type TestDatabase } from "./databases";

/**
 * Expired journeys are purged every hour by the running server, not only at start-up (issue 9,
 * item 5), and `close()` stops the timer.
 */
describe("the hourly purge of expired journeys", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase("sqlite");
  });
  afterAll(() => test.drop());

  const outbox: Outbox = {
    enqueue: async () => "unused",
    wake: () => undefined,
    start: () => undefined,
    stop: async () => undefined,
  } as unknown as Outbox;

  const count = async () =>
    Number((await test.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM journeys"))[0]?.n ?? 0);

  it("deletes journeys past their 30 days while the process runs, and stops on close", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let clock = new Date("2026-06-01T12:00:00Z");
    try {
      const services = await createWorkflowServices({
        dir: "workflows",
        db: test.db,
        secrets: ["secret"],
        outbox,
        dataKey: randomBytes(32).toString("base64"),
        now: () => clock,
      });
      const workflow = services.get("demo-dog-licence");
      if (!workflow) throw new Error("demo workflow missing");
      const journey = {
        workflow: workflow.name,
        screen: "residency",
        answers: {},
        results: {},
        history: [],
        drafts: {},
      };
      await services.start(workflow.name, journey, "en");
      expect(await count()).toBe(1);

      clock = new Date("2026-07-02T12:00:00Z"); // 31 days later
      await vi.advanceTimersByTimeAsync(3600_000);
      await vi.waitFor(async () => expect(await count()).toBe(0));

      await services.start(workflow.name, journey, "en");
      services.close();
      clock = new Date("2026-09-01T12:00:00Z");
      await vi.advanceTimersByTimeAsync(3 * 3600_000);
      expect(await count()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openTestDatabase, type TestDatabase } from "./databases";
import { demoServices } from "./demo-services";

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

  const count = async () =>
    Number((await test.db.all<{ n: number }>("SELECT COUNT(*) AS n FROM journeys"))[0]?.n ?? 0);

  it("deletes journeys past their 30 days while the process runs, and stops on close", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let clock = new Date("2026-06-01T12:00:00Z");
    try {
      const { services, name, journey } = await demoServices(test.db, () => clock);
      await services.start(name, journey, "en");
      expect(await count()).toBe(1);

      clock = new Date("2026-07-02T12:00:00Z"); // 31 days later
      await vi.advanceTimersByTimeAsync(3600_000);
      await vi.waitFor(async () => expect(await count()).toBe(0));

      await services.start(name, journey, "en");
      services.close();
      clock = new Date("2026-09-01T12:00:00Z");
      await vi.advanceTimersByTimeAsync(3 * 3600_000);
      expect(await count()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

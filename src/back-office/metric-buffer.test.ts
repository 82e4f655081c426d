import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { openSqlite } from "../db/sqlite";
import { createMetricBuffer, type MetricBuffer } from "./metric-buffer";
import { dashboard } from "./metrics";

describe("the metric buffer", () => {
  let db: Database;
  let buffer: MetricBuffer | undefined;
  // 10:00 in Indianapolis on November 26.
  const now = new Date("2026-11-26T15:00:00Z");
  const en = { workflow: "pets", locale: "en", js: true };
  const es = { workflow: "pets", locale: "es", js: false };
  const starts = async () => (await dashboard(db, "pets", 7, now)).starts;

  beforeEach(async () => {
    db = await openSqlite(":memory:");
    await migrate(db);
  });
  afterEach(async () => {
    await buffer?.close();
    buffer = undefined;
    await db.close();
  });

  it("keeps counts in memory until a flush, which writes each counter once and adds to it", async () => {
    buffer = createMetricBuffer(db, { everyMs: 3_600_000 });
    for (const context of [en, en, es]) buffer.count("start", context, now);
    buffer.count("answer", en, now, { screen: "owner" });
    buffer.count("error", es, now, { screen: "owner", field: "/email" });
    buffer.count("error", es, now, { screen: "owner", field: "/email" });
    expect(buffer.pending()).toBe(6);
    expect(await starts()).toBe(0);

    await buffer.flush();
    expect(buffer.pending()).toBe(0);
    const found = await dashboard(db, "pets", 7, now);
    expect(found).toMatchObject({ starts: 3, byLanguage: { en: { starts: 2 }, es: { starts: 1 } } });
    expect(found.answered.get("owner")).toBe(1);
    expect(found.errors).toEqual([{ screen: "owner", field: "/email", count: 2 }]);
    // One row per counter, whatever the count.
    const [rows] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM service_counts");
    expect(rows?.n).toBe(4);

    // A flush with nothing new changes nothing; a later one adds to the stored counters.
    await buffer.flush();
    buffer.count("start", en, now);
    await buffer.flush();
    expect(await starts()).toBe(4);
  });

  it("writes by itself every few seconds", async () => {
    buffer = createMetricBuffer(db, { everyMs: 20 });
    buffer.count("start", en, now);
    await expect.poll(starts, { timeout: 2_000 }).toBe(1);
    expect(buffer.pending()).toBe(0);
  });

  it("writes what is left when it is closed", async () => {
    buffer = createMetricBuffer(db, { everyMs: 3_600_000 });
    buffer.count("start", en, now);
    buffer.count("start", es, now);
    await buffer.close();
    expect(await starts()).toBe(2);
  });

  it("writes many counters in one go, in statements of bounded size", async () => {
    buffer = createMetricBuffer(db, { everyMs: 3_600_000 });
    for (let i = 0; i < 450; i++) buffer.count("error", en, now, { screen: "owner", field: `/f${i}` });
    await buffer.flush();
    const [rows] = await db.all<{ n: number }>("SELECT COUNT(*) AS n FROM service_counts");
    expect(rows?.n).toBe(450);
  });

  it("keeps what a failed write counted for the next one, and never adds it twice", async () => {
    const failing: Database = {
      ...db,
      transaction: vi.fn(async () => {
        throw new Error("database unreachable");
      }),
    };
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const down = createMetricBuffer(failing, { everyMs: 3_600_000 });
    down.count("start", en, now);
    down.count("start", en, now);
    await down.flush();
    expect(down.pending()).toBe(2);
    expect(error).toHaveBeenCalledWith(
      expect.stringContaining("2 counts not written yet"),
      expect.any(Error),
    );
    // The database is back: the counts kept are written once, with the new ones.
    vi.mocked(failing.transaction).mockImplementation((work) => db.transaction(work));
    down.count("start", es, now);
    await down.close();
    error.mockRestore();
    expect(await starts()).toBe(3);
  });
});

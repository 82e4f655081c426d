import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { openSqlite } from "../db/sqlite";
import { countEvent, dashboard, recordCompletion } from "./metrics";

describe("service metrics", () => {
  let db: Database;
  // 10:00 in Indianapolis on November 26.
  const now = new Date("2026-11-26T15:00:00Z");
  const en = { workflow: "pets", locale: "en", js: true };
  const es = { workflow: "pets", locale: "es", js: false };
  const journey = async (id: string, startedAt: Date) =>
    db.run(
      "INSERT INTO journeys (id, workflow, state, locale, created_at, updated_at, expires_at) VALUES (?, 'pets', '{}', 'en', ?, ?, ?)",
      [id, startedAt.toISOString(), startedAt.toISOString(), startedAt.toISOString()],
    );

  beforeEach(async () => {
    db = await openSqlite(":memory:");
    await migrate(db);
  });
  afterEach(() => db.close());

  it("adds up starts and completions per language, browser and city day, with the median time", async () => {
    for (const context of [en, en, en, es]) await countEvent(db, "start", context, now);
    // 01:00 on the 26th in UTC is still the 25th in the city.
    await countEvent(db, "start", en, new Date("2026-11-26T01:00:00Z"));
    await journey("a", new Date(now.getTime() - 120_000));
    await journey("b", new Date(now.getTime() - 600_000));
    await journey("c", new Date(now.getTime() - 240_000));
    await recordCompletion(db, "a", en, now);
    await recordCompletion(db, "b", es, now);
    await recordCompletion(db, "c", en, now);
    await countEvent(db, "start", { ...en, workflow: "other" }, now);

    const found = await dashboard(db, "pets", 7, now);
    expect(found).toMatchObject({
      from: "2026-11-20",
      to: "2026-11-26",
      starts: 5,
      completions: 3,
      medianSeconds: 240,
    });
    expect(found.completionRate).toBeCloseTo(0.6);
    expect(found.byLanguage).toEqual({
      en: { starts: 4, completions: 2 },
      es: { starts: 1, completions: 1 },
    });
    expect(found.byJavaScript).toEqual({
      with: { starts: 4, completions: 2 },
      without: { starts: 1, completions: 1 },
    });
    expect(found.days).toHaveLength(7);
    expect(found.days.at(-1)).toEqual({ day: "2026-11-26", starts: 4, completions: 3 });
    expect(found.days.at(-2)).toEqual({ day: "2026-11-25", starts: 1, completions: 0 });
  });

  it("ranks the fields refused most, and counts screens answered", async () => {
    for (let i = 0; i < 3; i++) await countEvent(db, "error", en, now, { screen: "owner", field: "/email" });
    await countEvent(db, "error", es, now, { screen: "owner", field: "/phone" });
    await countEvent(db, "answer", en, now, { screen: "owner" });
    await countEvent(db, "answer", es, now, { screen: "owner" });
    const found = await dashboard(db, "pets", 30, now);
    expect(found.errors).toEqual([
      { screen: "owner", field: "/email", count: 3 },
      { screen: "owner", field: "/phone", count: 1 },
    ]);
    expect(found.answered.get("owner")).toBe(2);
    expect(found.completionRate).toBeNull();
    expect(found.medianSeconds).toBeNull();
  });
});

import type { Queryable } from "../db/database";
import { addDays, type CalendarDate, calendarDateOf, formatIsoDate } from "../domain/dates";

/**
 * How a service performs, GOV.UK's four KPIs and more: starts, completions, the completion rate,
 * the median time to complete, how far residents get (screens answered), and which fields refuse
 * answers most (the questions that confuse people), per language and with or without JavaScript.
 *
 * Counted as they happen, per city day, never per person: no cookie is set or read for it, no
 * journey id or answer is stored, so nothing here is personal data and nothing needs purging.
 * Residents' requests count in memory and the counts are added to the database every few seconds
 * (metric-buffer.ts), so no request waits for a write.
 */
export type MetricEvent = "start" | "answer" | "error" | "complete";

export interface MetricContext {
  workflow: string;
  locale: string;
  /** The browser ran the site's JavaScript (the enhanced form posts JSON). */
  js: boolean;
}

const dayOf = (at: Date) => formatIsoDate(calendarDateOf(at));

/** One counter of service_counts: what happened, where, on which city day, and how many times. */
export interface Count {
  day: string;
  workflow: string;
  locale: string;
  js: boolean;
  event: MetricEvent;
  screen: string;
  field: string;
  n: number;
}

/** The counter an event adds to (names cut to the columns' bounds, so the cut names share one). */
export function countOf(
  event: MetricEvent,
  context: MetricContext,
  at: Date,
  where: { screen?: string; field?: string } = {},
): Count {
  return {
    day: dayOf(at),
    workflow: context.workflow,
    locale: context.locale,
    js: context.js,
    event,
    screen: (where.screen ?? "").slice(0, 100),
    field: (where.field ?? "").slice(0, 200),
    n: 1,
  };
}

/** Rows per statement: 7 parameters each, far below SQLite's and PostgreSQL's limits. */
const ROWS_PER_STATEMENT = 200;

/** What identifies a counter (its row's primary key). */
export const countKey = (c: Count) =>
  [c.day, c.workflow, c.locale, c.js ? 1 : 0, c.event, c.screen, c.field].join("\n");

/**
 * Adds `counts` to the stored counters: one multi-row upsert per 200 counters, which adds to what
 * is there (`n + excluded.n`), so web processes sharing one database each add their own. The same
 * counter given twice is added up first (PostgreSQL refuses a statement that updates a row twice),
 * and counters are written in key order, so two processes adding the same ones at once lock them
 * in the same order instead of deadlocking.
 */
export async function addCounts(db: Queryable, counts: readonly Count[]): Promise<void> {
  const merged = new Map<string, Count>();
  for (const c of counts) {
    const key = countKey(c);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, n: seen.n + c.n } : c);
  }
  const sorted = [...merged].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, c]) => c);
  for (let i = 0; i < sorted.length; i += ROWS_PER_STATEMENT) {
    const rows = sorted.slice(i, i + ROWS_PER_STATEMENT);
    await db.run(
      `INSERT INTO service_counts (day, workflow, locale, js, event, screen, field, n) VALUES ${rows.map(() => "(?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}
       ON CONFLICT (day, workflow, locale, js, event, screen, field) DO UPDATE SET n = service_counts.n + excluded.n`,
      rows.flatMap((c) => [c.day, c.workflow, c.locale, c.js ? 1 : 0, c.event, c.screen, c.field, c.n]),
    );
  }
}

/** Counts one event at once (a completion; the web requests' counts go through MetricBuffer). */
export async function countEvent(
  db: Queryable,
  event: MetricEvent,
  context: MetricContext,
  at: Date,
  where: { screen?: string; field?: string } = {},
): Promise<void> {
  await addCounts(db, [countOf(event, context, at, where)]);
}

/** A journey sent: counted, with how long it took since it began (the journey row's creation). */
export async function recordCompletion(db: Queryable, journeyId: string, context: MetricContext, at: Date) {
  await countEvent(db, "complete", context, at);
  const [row] = await db.all<{ created_at: string }>("SELECT created_at FROM journeys WHERE id = ?", [
    journeyId,
  ]);
  if (!row) return;
  const seconds = Math.max(0, Math.round((at.getTime() - Date.parse(row.created_at)) / 1000));
  await db.run("INSERT INTO completion_times (day, workflow, locale, js, seconds) VALUES (?, ?, ?, ?, ?)", [
    dayOf(at),
    context.workflow,
    context.locale,
    context.js ? 1 : 0,
    seconds,
  ]);
}

export interface Split {
  starts: number;
  completions: number;
}

export interface Dashboard {
  from: string;
  to: string;
  starts: number;
  completions: number;
  /** completions / starts, 0..1; null without starts. */
  completionRate: number | null;
  /** Seconds; null without completions. */
  medianSeconds: number | null;
  byLanguage: Record<string, Split>;
  byJavaScript: { with: Split; without: Split };
  /** Every day of the period, oldest first (for the chart). */
  days: { day: string; starts: number; completions: number }[];
  /** Screens answered, by screen name. */
  answered: Map<string, number>;
  /** Fields refused most, most first (screen, field, count). */
  errors: { screen: string; field: string; count: number }[];
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : Math.round(((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2);
}

/** The last `days` city days up to `now`'s, for one service. */
export async function dashboard(
  db: Queryable,
  workflow: string,
  days: number,
  now: Date,
): Promise<Dashboard> {
  const today: CalendarDate = calendarDateOf(now);
  const from = formatIsoDate(addDays(today, -(days - 1)));
  const to = formatIsoDate(today);
  const rows = await db.all<{
    day: string;
    locale: string;
    js: number | string;
    event: string;
    screen: string;
    field: string;
    n: number | string;
  }>(
    "SELECT day, locale, js, event, screen, field, n FROM service_counts WHERE workflow = ? AND day >= ? AND day <= ?",
    [workflow, from, to],
  );
  const times = await db.all<{ seconds: number | string }>(
    "SELECT seconds FROM completion_times WHERE workflow = ? AND day >= ? AND day <= ?",
    [workflow, from, to],
  );
  const perDay = new Map<string, { starts: number; completions: number }>();
  for (let i = 0; i < days; i++)
    perDay.set(formatIsoDate(addDays(today, -(days - 1) + i)), { starts: 0, completions: 0 });
  const byLanguage: Record<string, Split> = {};
  const byJavaScript = { with: { starts: 0, completions: 0 }, without: { starts: 0, completions: 0 } };
  const answered = new Map<string, number>();
  const errors = new Map<string, { screen: string; field: string; count: number }>();
  let starts = 0;
  let completions = 0;
  for (const row of rows) {
    const n = Number(row.n);
    if (row.event === "start" || row.event === "complete") {
      const key = row.event === "start" ? "starts" : "completions";
      if (key === "starts") starts += n;
      else completions += n;
      const day = perDay.get(row.day);
      if (day) day[key] += n;
      byLanguage[row.locale] ??= { starts: 0, completions: 0 };
      (byLanguage[row.locale] as Split)[key] += n;
      byJavaScript[Number(row.js) ? "with" : "without"][key] += n;
    } else if (row.event === "answer") {
      answered.set(row.screen, (answered.get(row.screen) ?? 0) + n);
    } else if (row.event === "error") {
      const key = `${row.screen}\n${row.field}`;
      const entry = errors.get(key) ?? { screen: row.screen, field: row.field, count: 0 };
      entry.count += n;
      errors.set(key, entry);
    }
  }
  return {
    from,
    to,
    starts,
    completions,
    completionRate: starts > 0 ? Math.min(1, completions / starts) : null,
    medianSeconds: median(times.map((t) => Number(t.seconds))),
    byLanguage,
    byJavaScript,
    days: [...perDay].map(([day, v]) => ({ day, ...v })),
    answered,
    errors: [...errors.values()].sort((a, b) => b.count - a.count).slice(0, 15),
  };
}

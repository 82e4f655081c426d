import { setTimeout as sleep } from "node:timers/promises";
import { addDays, formatUsDate, isSameDay, toCalendarDate } from "../src/domain/dates";

/**
 * The city's midnight, for journeys that type today's date (a signature's "today") and send it
 * later: the service checks "today" in the city's time zone when the application is sent, so a
 * journey that straddles the city's midnight is refused for a reason the test is not about. Shared
 * by the integration tests (Vitest) and the browser tests (Playwright).
 */

/** The city's day `days` before today (0: today), as forms take it: mm/dd/yyyy. */
export function cityDaysAgo(days: number, now: Date = new Date()): string {
  return formatUsDate(addDays(now, -days));
}

/** Milliseconds from `now` to the city's next midnight when it comes within `withinMs`; else null. */
export function msToCityMidnight(withinMs: number, now: number = Date.now()): number | null {
  const today = toCalendarDate(new Date(now));
  if (isSameDay(new Date(now + withinMs), today)) return null;
  // The city's day changes somewhere in (now, now + withinMs]: find the first millisecond of the new one.
  let before = 0;
  let after = withinMs;
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2);
    if (isSameDay(new Date(now + middle), today)) before = middle;
    else after = middle;
  }
  return after;
}

/**
 * When the city's midnight is less than `ms` away, waits until just past it, so that a journey
 * taking less than `ms` starts and ends on one city day. `onWait` is told how long the wait will be
 * before it starts (a Playwright test lengthens its timeout by it).
 */
export async function clearOfCityMidnight(ms: number, onWait?: (waitMs: number) => void): Promise<void> {
  const untilMidnight = msToCityMidnight(ms);
  if (untilMidnight === null) return;
  const waitMs = untilMidnight + 1_000;
  onWait?.(waitMs);
  await sleep(waitMs);
}

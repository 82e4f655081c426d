import { type CalendarDate, CITY_TIME_ZONE } from "../domain/dates";

/**
 * Instants in the city's time zone: staff search "received on November 20" meaning the city's day,
 * and read times as the city's clock shows them, whatever the server's zone.
 */
function offsetMinutes(instant: number): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: CITY_TIME_ZONE, timeZoneName: "longOffset" })
    .formatToParts(new Date(instant))
    .find((p) => p.type === "timeZoneName")?.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? "");
  if (!m) return 0;
  return (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

/** The instant the city's day `date` begins, as an ISO string (UTC). */
export function cityDayStart(date: CalendarDate): string {
  const midnightUtc = Date.UTC(date.year, date.month - 1, date.day);
  // The offset at that midnight (a day that changes clocks changes them at 2 a.m.).
  return new Date(midnightUtc - offsetMinutes(midnightUtc) * 60_000).toISOString();
}

/** "Nov 26, 2026, 9:14 AM" / "26 nov 2026, 9:14 a. m." on the city's clock. */
export function formatCityTime(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale === "es" ? "es-US" : "en-US", {
    timeZone: CITY_TIME_ZONE,
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}

/**
 * Times of day as residents type them: "2:30 PM", "2:30pm", "2 p.m.", "9:05 am", or on a 24-hour
 * clock "14:30". Kept as minutes after midnight for comparing ("the end time is after the start
 * time"), shown back as "2:30 PM", the way US forms print times.
 */

/** Minutes after midnight, or null when the text is not a time of day. */
export function parseTimeOfDay(text: string): number | null {
  const value = text.trim().toLowerCase();
  const twelve = /^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/.exec(value);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minute = Number(twelve[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return null;
    return ((hour % 12) + (twelve[3] === "p" ? 12 : 0)) * 60 + minute;
  }
  const twentyFour = /^(\d{1,2}):(\d{2})$/.exec(value);
  if (twentyFour) {
    const hour = Number(twentyFour[1]);
    const minute = Number(twentyFour[2]);
    if (hour > 23 || minute > 59) return null;
    return hour * 60 + minute;
  }
  return null;
}

/** "2:30 PM" for 870 minutes after midnight. */
export function formatTimeOfDay(minutes: number): string {
  const hour = Math.floor(minutes / 60) % 24;
  const minute = minutes % 60;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

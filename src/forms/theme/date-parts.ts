/**
 * The memorable-date pattern (USWDS, GOV.UK): a date a resident knows (birth, purchase) typed as
 * three boxes, month, day and year, each on a numeric keypad, because a phone's number pad has no
 * "/". The answer stays one "mm/dd/yyyy" string, so the catalogue's date checks and messages apply
 * unchanged; only the boxes are new. Names follow field-names.ts: "root_dob__month" and so on (a
 * double separator cannot clash with a property's name).
 */
import { optionId } from "./field-names";

export const DATE_PARTS = ["month", "day", "year"] as const;
export type DatePart = (typeof DATE_PARTS)[number];
export type DateParts = Record<DatePart, string>;

export const MEMORABLE_DATE_WIDGET = "memorable-date";

/** The name a box posts under. */
export const partName = (id: string, part: DatePart) => `${id}__${part}`;

/** The id of a box: the month box is the group's first "option", where error links land. */
export const partId = (id: string, part: DatePart) => optionId(id, DATE_PARTS.indexOf(part));

const EMPTY: DateParts = { month: "", day: "", year: "" };

/** The boxes of a stored answer; anything not of the form "m/d/y" shows whole in the year box, so nothing typed is lost. */
export function splitDate(value: unknown): DateParts {
  if (typeof value !== "string") return EMPTY;
  const match = /^\s*(\d*)\s*\/\s*(\d*)\s*\/\s*(\d*)\s*$/.exec(value);
  if (!match) return { ...EMPTY, year: value };
  return { month: match[1] ?? "", day: match[2] ?? "", year: match[3] ?? "" };
}

/**
 * One answer from the boxes: undefined when all are empty (so "required" speaks), else "m/d/y" as
 * typed, so a missing or wrong box fails the date check with the catalogue's message rather than
 * the answer silently changing. A one-digit month or day gets its leading zero.
 */
export function joinDate(parts: Partial<DateParts>): string | undefined {
  const month = (parts.month ?? "").trim();
  const day = (parts.day ?? "").trim();
  const year = (parts.year ?? "").trim();
  if (!month && !day && !year) return undefined;
  const pad = (text: string) => (/^\d$/.test(text) ? `0${text}` : text);
  return `${pad(month)}/${pad(day)}/${year}`;
}

/**
 * The property tax deductions residents apply for online. A parcel's existing deductions and a
 * deduction application both name one of these.
 */
export const DEDUCTION_KINDS = [
  "homestead",
  "mortgage",
  "over-65",
  "blind-or-disabled",
  "disabled-veteran",
] as const;

export type DeductionKind = (typeof DEDUCTION_KINDS)[number];

export function isDeductionKind(value: unknown): value is DeductionKind {
  return typeof value === "string" && (DEDUCTION_KINDS as readonly string[]).includes(value);
}

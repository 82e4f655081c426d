/**
 * A deduction application and its status, the values every implementation shares.
 */
import type { DeductionKind } from "../property-records/deductions";
import type { ParcelAddress } from "../property-records/property-records";

export { DEDUCTION_KINDS, type DeductionKind, isDeductionKind } from "../property-records/deductions";

/**
 * Received: stored, nobody has looked at it yet (every new application).
 * In review: the auditor's office is checking it.
 * Approved, Denied: decided; an approved deduction shows on the parcel within 48 hours.
 * Needs information: the office is waiting for the applicant (a document, a signature).
 * The values are shown as they are in the status table; translate them by value.
 */
export const APPLICATION_STATUSES = [
  "Received",
  "In review",
  "Approved",
  "Denied",
  "Needs information",
] as const;

export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return typeof value === "string" && (APPLICATION_STATUSES as readonly string[]).includes(value);
}

export interface StatusChange {
  status: ApplicationStatus;
  note?: string;
  /** ISO 8601 instant. */
  changedAt: string;
}

export interface Application {
  reference: string;
  requestId: string;
  deduction: DeductionKind;
  status: ApplicationStatus;
  parcelNumber: string;
  address: ParcelAddress;
  /** Full name as typed; show it to the public only through maskApplicantName. */
  applicantName: string;
  /** YYYY-MM-DD, the city's calendar day. */
  dateApplied: string;
  /** Oldest first, starting with Received. Given by findByReference; lists leave it out. */
  statusHistory?: StatusChange[];
}

export interface NewApplication {
  reference: string;
  requestId: string;
  deduction: DeductionKind;
  /** Any format normalizeParcelNumber accepts; stored in canonical form. */
  parcelNumber: string;
  address: ParcelAddress;
  applicantName: string;
  /** YYYY-MM-DD; today in the city when left out. */
  dateApplied?: string;
}

/** What a resident typed as a reference ("hmtr-4kca "), in stored form; null when empty. */
export function normalizeApplicationReference(input: string): string | null {
  const reference = input.replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z0-9]{4,32}$/.test(reference) ? reference : null;
}

export class UnknownApplicationError extends Error {
  constructor(reference: string) {
    super(`no deduction application with reference ${reference}`);
    this.name = "UnknownApplicationError";
  }
}

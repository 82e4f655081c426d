/**
 * Deduction applications: what a resident sent and where it stands. Callers depend on the
 * DeductionApplications interface only; `createDeductionApplications` picks the implementation
 * from configuration, so the auditor's case system is one more `kind` here and nothing else.
 */
import type { Database } from "../../db/database";
import type { DeductionKind } from "../property-records/deductions";
import type { ParcelAddress } from "../property-records/property-records";
import { embeddedDeductionApplications } from "./embedded/embedded-deduction-applications";

export { DEDUCTION_KINDS, type DeductionKind, isDeductionKind } from "../property-records/deductions";

/**
 * Received: stored, nobody has looked at it yet (every new application).
 * In review: the auditor's office is checking it.
 * Approved, Denied: decided; an approved deduction shows on the parcel within 48 hours.
 * Needs information: the office is waiting for the applicant (a document, a signature).
 * The values are shown as they are in the status table; translate them by value.
 */
export const APPLICATION_STATUSES = ["Received", "In review", "Approved", "Denied", "Needs information"] as const;

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

export interface DeductionApplications {
  /**
   * Stores a new application with status Received. Idempotent on `reference`: a second call with
   * the same reference stores nothing and returns the application stored first.
   */
  create(app: NewApplication): Promise<Application>;
  /** Case and spaces or dashes in the reference do not matter. */
  findByReference(ref: string): Promise<Application | null>;
  /** Newest first; [] for a malformed parcel number. */
  findByParcel(parcelNumber: string): Promise<Application[]>;
  /** Address matched as PropertyRecords.searchByAddress matches it; newest first. */
  findByAddress(query: string): Promise<Application[]>;
  /** Records a status change (and its note) in the history. Throws for an unknown reference. */
  setStatus(ref: string, status: ApplicationStatus, note?: string): Promise<void>;
}

export interface DeductionApplicationsOptions {
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

export type DeductionApplicationsConfig = { kind: "embedded"; db: Database } & DeductionApplicationsOptions;

export function createDeductionApplications(config: DeductionApplicationsConfig): DeductionApplications {
  switch (config.kind) {
    case "embedded":
      return embeddedDeductionApplications(config.db, { now: config.now });
    default:
      throw new Error(`unknown deduction-applications kind: ${(config as { kind: unknown }).kind}`);
  }
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

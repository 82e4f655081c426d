/**
 * Deduction applications: what a resident sent and where it stands. Callers depend on the
 * DeductionApplications interface only; `createDeductionApplications` picks the implementation
 * from configuration, so the auditor's case system is one more `kind` here and nothing else.
 */
import type { Database } from "../../db/database";
import type { Application, ApplicationStatus, NewApplication } from "./application";
import { embeddedDeductionApplications } from "./embedded/embedded-deduction-applications";

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

import type { OutboxHandler } from "../../outbox";
import type { ApplicationStatus } from "./application";
import type { DeductionApplications } from "./deduction-applications";

/**
 * Staff change a deduction application's status in the console (src/back-office/); the auditor's
 * case record (what the public status tool, mortgage-deduction-search, shows) follows through the
 * outbox: written in the console's own transaction, applied here, retried until the case system
 * takes it. Submissions of other services are not deduction applications and are skipped.
 */
export const SUBMISSION_STATUS = "submission-status";

export interface SubmissionStatusChange {
  reference: string;
  workflow: string;
  /** The console's status id (src/back-office/statuses.ts). */
  status: string;
  note: string | null;
}

/** The console's statuses as the auditor's case record names them; Closed has no counterpart. */
const CASE_STATUS: Record<string, ApplicationStatus> = {
  received: "Received",
  "in-review": "In review",
  "needs-information": "Needs information",
  approved: "Approved",
  denied: "Denied",
};

export function deductionStatusSync(applications: DeductionApplications): OutboxHandler {
  return async (item) => {
    const change = item.payload as SubmissionStatusChange;
    const status = CASE_STATUS[change.status];
    if (!status || !(await applications.findByReference(change.reference))) return;
    await applications.setStatus(change.reference, status, change.note ?? undefined);
  };
}

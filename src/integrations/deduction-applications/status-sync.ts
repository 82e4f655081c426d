import type { OutboxHandler } from "../../outbox";
import type { ApplicationStatus } from "./application";
import type { DeductionApplications } from "./deduction-applications";

/**
 * Staff change a deduction application's status in the console (src/back-office/); the auditor's
 * case record (what the public status tool, mortgage-deduction-search, shows) follows through the
 * outbox: written in the console's own transaction, applied here, retried until the case system
 * takes it. Only deduction applications' changes are enqueued; any other submission (an item
 * queued before that was so) has no case record and is skipped.
 */
export const SUBMISSION_STATUS = "submission-status";

/**
 * The name workflow files call this integration by: a service whose check-answers screen calls it
 * (`"followUp": [{ "integration": "deduction-applications", "operation": "create" }]`) keeps a case
 * record, and only such a service's status changes are enqueued (src/back-office/back-office.ts).
 */
export const DEDUCTION_APPLICATIONS = "deduction-applications";

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

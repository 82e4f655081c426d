/** The deduction-applications integration: what callers import. */
export {
  APPLICATION_STATUSES,
  type Application,
  type ApplicationStatus,
  DEDUCTION_KINDS,
  type DeductionKind,
  isApplicationStatus,
  isDeductionKind,
  type NewApplication,
  normalizeApplicationReference,
  type StatusChange,
  UnknownApplicationError,
} from "./application";
export {
  createDeductionApplications,
  type DeductionApplications,
  type DeductionApplicationsConfig,
  type DeductionApplicationsOptions,
} from "./deduction-applications";
export {
  DEMO_APPLICATIONS,
  type DemoApplication,
  seedDeductionApplications,
} from "./embedded/demo-applications";
export { maskApplicantName } from "./mask";
export {
  DEDUCTION_APPLICATIONS,
  deductionStatusSync,
  SUBMISSION_STATUS,
  type SubmissionStatusChange,
} from "./status-sync";

/** The deduction-applications integration: what callers import. */
export {
  APPLICATION_STATUSES,
  type Application,
  type ApplicationStatus,
  createDeductionApplications,
  DEDUCTION_KINDS,
  type DeductionApplications,
  type DeductionApplicationsConfig,
  type DeductionKind,
  isApplicationStatus,
  isDeductionKind,
  type NewApplication,
  normalizeApplicationReference,
  type StatusChange,
  UnknownApplicationError,
} from "./deduction-applications";
export { DEMO_APPLICATIONS, type DemoApplication, seedDeductionApplications } from "./embedded/demo-applications";
export { maskApplicantName } from "./mask";

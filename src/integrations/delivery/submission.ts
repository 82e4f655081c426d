import type { Locale } from "../../domain/localize";
import type { Answers } from "../../workflow/types";

/**
 * A submission as it is delivered to a department: what the webhook's body carries (with the
 * delivery's id) and what the e-mail's JSON attachment holds.
 */
export interface DeliveredSubmission {
  /** The service (the workflow's name). */
  service: string;
  reference: string;
  requestId: string;
  /** When it was stored, ISO-8601 UTC. */
  submittedAt: string;
  /** The language the resident used. */
  locale: Locale;
  /** The answers on the resident's path, as stored. */
  answers: Answers;
  /** What the submit call answered (reference, request id, operation; a parcel number). */
  result: Record<string, unknown>;
}

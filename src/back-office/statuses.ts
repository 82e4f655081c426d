import type { Locale } from "../domain/localize";
import { localizeText } from "../workflow/localize";
import type { Text, Workflow } from "../workflow/types";

/**
 * Where a submission stands. A service may declare its own statuses (`statuses` in its workflow
 * file); otherwise it has these, CiviForm's and most cities' vocabulary. The first status is
 * where every submission starts; `final` ones end it (the "done" tab of the inbox).
 */
export interface Status {
  id: string;
  label: Text;
  final?: boolean;
}

export const DEFAULT_STATUSES: readonly Status[] = [
  { id: "received", label: { en: "Received", es: "Recibida" } },
  { id: "in-review", label: { en: "In review", es: "En revisión" } },
  { id: "needs-information", label: { en: "Needs information", es: "Se necesita información" } },
  { id: "approved", label: { en: "Approved", es: "Aprobada" }, final: true },
  { id: "denied", label: { en: "Denied", es: "Denegada" }, final: true },
  { id: "closed", label: { en: "Closed", es: "Cerrada" }, final: true },
];

/** The inbox's three tabs. */
export const BUCKETS = ["new", "in-progress", "done"] as const;
export type Bucket = (typeof BUCKETS)[number];

export function statusesOf(workflow: Pick<Workflow, "statuses">): readonly Status[] {
  return workflow.statuses?.length ? workflow.statuses : DEFAULT_STATUSES;
}

/** A stored status (NULL until staff first change it) as one of the service's. */
export function currentStatus(workflow: Pick<Workflow, "statuses">, stored: string | null): Status {
  const all = statusesOf(workflow);
  // A status the file no longer declares still shows as what it was called, not as "Received".
  return all.find((s) => s.id === stored) ?? (stored ? { id: stored, label: stored } : (all[0] as Status));
}

export function bucketOf(workflow: Pick<Workflow, "statuses">, status: Status): Bucket {
  if (status.final) return "done";
  return status.id === statusesOf(workflow)[0]?.id ? "new" : "in-progress";
}

/** The stored values (NULL included) of the statuses in a bucket, for the inbox's query. */
export function statusIdsIn(workflow: Pick<Workflow, "statuses">, bucket: Bucket): string[] {
  return statusesOf(workflow)
    .filter((s) => bucketOf(workflow, s) === bucket)
    .map((s) => s.id);
}

export const statusLabel = (status: Status, locale: Locale) => localizeText(status.label, locale);

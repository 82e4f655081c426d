/**
 * Demo applications on the fixed demo parcels, one per status, so the status tool has something to
 * show from the first start. Their references use the reference alphabet (src/workflow/reference.ts).
 *
 * | reference | deduction         | parcel  | applicant         | applied    | status            |
 * |-----------|-------------------|---------|-------------------|------------|-------------------|
 * | HMTR4KCA  | homestead         | 1000002 | James Okafor      | 2026-03-02 | Approved          |
 * | MRTC7NPX  | mortgage          | 1000002 | Grace Okafor      | 2026-10-27 | In review         |
 * | AXF69KEW  | over-65           | 4000001 | Dorothy Whitfield | 2026-11-02 | Needs information |
 * | JWNY3PHA  | homestead         | 8000001 | Dale Hutchins     | 2026-11-19 | Received          |
 * | TKEC4RMF  | disabled-veteran  | 2000001 | Marcus Bell       | 2025-09-15 | Approved          |
 * | PYRA7WHN  | blind-or-disabled | 6000001 | Minh Tran         | 2026-08-10 | Denied            |
 *
 * Maria Delgado's parcel (1000001) has none: it is the one to apply on.
 */
import type { Database } from "../../../db/database";
import { DEMO_PARCELS } from "../../property-records/embedded/demo-parcels";
import type { Parcel } from "../../property-records/property-records";
import type { NewApplication } from "../application";
import { insertApplication, type StoredEvent } from "./embedded-deduction-applications";

export interface DemoApplication {
  application: Required<NewApplication>;
  history: StoredEvent[];
}

const on = (
  parcel: Readonly<Parcel>,
  fields: Pick<NewApplication, "reference" | "deduction" | "applicantName"> & { dateApplied: string },
  history: StoredEvent[],
): DemoApplication => ({
  application: {
    ...fields,
    requestId: `demo-${fields.reference.toLowerCase()}`,
    parcelNumber: parcel.parcelNumber,
    address: { ...parcel.address },
  },
  history,
});

export const DEMO_APPLICATIONS: readonly DemoApplication[] = [
  on(
    DEMO_PARCELS.withHomestead,
    {
      reference: "HMTR4KCA",
      deduction: "homestead",
      applicantName: "James Okafor",
      dateApplied: "2026-03-02",
    },
    [
      { status: "Received", changedAt: "2026-03-02T15:12:00.000Z" },
      { status: "In review", changedAt: "2026-03-04T14:05:00.000Z" },
      { status: "Approved", changedAt: "2026-03-11T16:30:00.000Z" },
    ],
  ),
  on(
    DEMO_PARCELS.withHomestead,
    {
      reference: "MRTC7NPX",
      deduction: "mortgage",
      applicantName: "Grace Okafor",
      dateApplied: "2026-10-27",
    },
    [
      { status: "Received", changedAt: "2026-10-27T18:40:00.000Z" },
      { status: "In review", changedAt: "2026-10-29T13:20:00.000Z" },
    ],
  ),
  on(
    DEMO_PARCELS.over65,
    {
      reference: "AXF69KEW",
      deduction: "over-65",
      applicantName: "Dorothy Whitfield",
      dateApplied: "2026-11-02",
    },
    [
      { status: "Received", changedAt: "2026-11-02T16:02:00.000Z" },
      { status: "In review", changedAt: "2026-11-04T15:10:00.000Z" },
      {
        status: "Needs information",
        note: "Send a copy of a document that shows your date of birth.",
        changedAt: "2026-11-06T19:45:00.000Z",
      },
    ],
  ),
  on(
    DEMO_PARCELS.mobileHome,
    {
      reference: "JWNY3PHA",
      deduction: "homestead",
      applicantName: "Dale Hutchins",
      dateApplied: "2026-11-19",
    },
    [{ status: "Received", changedAt: "2026-11-19T21:15:00.000Z" }],
  ),
  on(
    DEMO_PARCELS.disabledVeteran,
    {
      reference: "TKEC4RMF",
      deduction: "disabled-veteran",
      applicantName: "Marcus Bell",
      dateApplied: "2025-09-15",
    },
    [
      { status: "Received", changedAt: "2025-09-15T14:00:00.000Z" },
      { status: "In review", changedAt: "2025-09-17T13:30:00.000Z" },
      { status: "Approved", changedAt: "2025-09-30T17:00:00.000Z" },
    ],
  ),
  on(
    DEMO_PARCELS.blindOrDisabled,
    {
      reference: "PYRA7WHN",
      deduction: "blind-or-disabled",
      applicantName: "Minh Tran",
      dateApplied: "2026-08-10",
    },
    [
      { status: "Received", changedAt: "2026-08-10T15:25:00.000Z" },
      { status: "In review", changedAt: "2026-08-12T14:40:00.000Z" },
      {
        status: "Denied",
        note: "The physician's statement does not show a qualifying disability. You may apply again with a new statement.",
        changedAt: "2026-08-24T18:10:00.000Z",
      },
    ],
  ),
];

/**
 * Stores the demo applications that are not stored yet, in one transaction. Returns how many were
 * added: 0 on every start after the first. An application a test or a resident has changed is left
 * as it is.
 */
export async function seedDeductionApplications(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    let added = 0;
    for (const demo of DEMO_APPLICATIONS) {
      const at = new Date(demo.history[0]?.changedAt ?? 0);
      if (await insertApplication(tx, demo.application, demo.history, at)) added++;
    }
    return added;
  });
}

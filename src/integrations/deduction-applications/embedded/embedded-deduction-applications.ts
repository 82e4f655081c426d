/**
 * The embedded deduction applications: rows in the site's own database (tables of migration
 * 003-property-records), each status change a row of deduction_application_events.
 */
import type { Database, Queryable } from "../../../db/database";
import { formatIsoDate, parseIsoDate } from "../../../domain/dates";
import { normalizeParcelNumber } from "../../../domain/parcel-number";
import { parseAddress } from "../../property-records/address";
import { isDeductionKind } from "../../property-records/deductions";
import { addressCondition } from "../../property-records/embedded/address-sql";
import {
  type Application,
  type ApplicationStatus,
  isApplicationStatus,
  type NewApplication,
  normalizeApplicationReference,
  type StatusChange,
  UnknownApplicationError,
} from "../application";
import type { DeductionApplications, DeductionApplicationsOptions } from "../deduction-applications";

interface ApplicationRow {
  reference: string;
  request_id: string;
  deduction: string;
  status: string;
  parcel_number: string;
  line1: string;
  city: string;
  state: string;
  zip: string;
  applicant_name: string;
  date_applied: string;
}

interface EventRow {
  status: string;
  note: string | null;
  changed_at: string;
}

const COLUMNS =
  "reference, request_id, deduction, status, parcel_number, line1, city, state, zip, applicant_name, date_applied";
const NEWEST_FIRST = "ORDER BY date_applied DESC, created_at DESC, reference";
/** The most applications a parcel or address search returns. */
const LIST_LIMIT = 200;

function applicationFromRow(row: ApplicationRow): Application {
  return {
    reference: row.reference,
    requestId: row.request_id,
    deduction: row.deduction as Application["deduction"],
    status: row.status as ApplicationStatus,
    parcelNumber: row.parcel_number,
    address: { line1: row.line1, city: row.city, state: row.state, zip: row.zip },
    applicantName: row.applicant_name,
    dateApplied: row.date_applied,
  };
}

/** The row values of a new application, checked; throws a TypeError naming the bad field. */
function validated(app: NewApplication, now: Date) {
  const reference = normalizeApplicationReference(app.reference);
  if (!reference) throw new TypeError(`reference: not a reference: ${app.reference}`);
  if (!isDeductionKind(app.deduction)) throw new TypeError(`deduction: unknown deduction ${app.deduction}`);
  const parcelNumber = normalizeParcelNumber(app.parcelNumber);
  if (!parcelNumber) throw new TypeError(`parcelNumber: not a parcel number: ${app.parcelNumber}`);
  const applicantName = app.applicantName.trim();
  if (!applicantName) throw new TypeError("applicantName: empty");
  if (!app.requestId.trim()) throw new TypeError("requestId: empty");
  const dateApplied = app.dateApplied ?? formatIsoDate(now);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dateApplied) || !parseIsoDate(dateApplied)) {
    throw new TypeError(`dateApplied: not a YYYY-MM-DD date: ${dateApplied}`);
  }
  const key = parseAddress(app.address.line1);
  return {
    reference,
    parcelNumber,
    applicantName,
    dateApplied,
    houseNumber: key?.houseNumber ?? null,
    direction: key?.direction ?? "",
    streetKey: key?.street ?? "",
    unit: key?.unit ?? "",
  };
}

export interface StoredEvent {
  status: ApplicationStatus;
  note?: string;
  changedAt: string;
}

/**
 * Inserts an application with its history unless its reference is stored already. Returns true
 * when it was inserted. The last event's status is the application's status.
 */
export async function insertApplication(
  tx: Queryable,
  app: NewApplication,
  history: readonly StoredEvent[],
  now: Date,
): Promise<boolean> {
  const row = validated(app, now);
  const last = history[history.length - 1];
  if (!last || history[0]?.status !== "Received") throw new TypeError("history must start with Received");
  const { changes } = await tx.run(
    `INSERT INTO deduction_applications (reference, request_id, deduction, status, parcel_number, line1, city, state, zip,
       house_number, direction, street_key, unit, applicant_name, date_applied, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (reference) DO NOTHING`,
    [
      row.reference,
      app.requestId.trim(),
      app.deduction,
      last.status,
      row.parcelNumber,
      app.address.line1,
      app.address.city,
      app.address.state,
      app.address.zip,
      row.houseNumber,
      row.direction,
      row.streetKey,
      row.unit,
      row.applicantName,
      row.dateApplied,
      history[0]?.changedAt ?? now.toISOString(),
      last.changedAt,
    ],
  );
  if (changes === 0) return false;
  for (const [i, event] of history.entries()) {
    await tx.run(
      "INSERT INTO deduction_application_events (reference, seq, status, note, changed_at) VALUES (?, ?, ?, ?, ?)",
      [row.reference, i + 1, event.status, event.note ?? null, event.changedAt],
    );
  }
  return true;
}

async function findOne(q: Queryable, reference: string): Promise<Application | null> {
  const [row] = await q.all<ApplicationRow>(
    `SELECT ${COLUMNS} FROM deduction_applications WHERE reference = ?`,
    [reference],
  );
  if (!row) return null;
  const events = await q.all<EventRow>(
    "SELECT status, note, changed_at FROM deduction_application_events WHERE reference = ? ORDER BY seq",
    [reference],
  );
  const statusHistory = events.map(
    (event): StatusChange => ({
      status: event.status as ApplicationStatus,
      ...(event.note !== null ? { note: event.note } : {}),
      changedAt: event.changed_at,
    }),
  );
  return { ...applicationFromRow(row), statusHistory };
}

export function embeddedDeductionApplications(
  db: Database,
  options: DeductionApplicationsOptions = {},
): DeductionApplications {
  const now = options.now ?? (() => new Date());
  const list = async (where: string, params: Array<string | number>) =>
    (
      await db.all<ApplicationRow>(
        `SELECT ${COLUMNS} FROM deduction_applications WHERE ${where} ${NEWEST_FIRST} LIMIT ?`,
        [...params, LIST_LIMIT],
      )
    ).map(applicationFromRow);

  return {
    async create(app) {
      const at = now();
      return db.transaction(async (tx) => {
        await insertApplication(tx, app, [{ status: "Received", changedAt: at.toISOString() }], at);
        const stored = await findOne(tx, normalizeApplicationReference(app.reference) ?? "");
        if (!stored) throw new Error(`application ${app.reference} was not stored`);
        return stored;
      });
    },

    async findByReference(ref) {
      const reference = normalizeApplicationReference(ref);
      return reference ? findOne(db, reference) : null;
    },

    async findByParcel(parcelNumber) {
      const parcel = normalizeParcelNumber(parcelNumber);
      return parcel ? list("parcel_number = ?", [parcel]) : [];
    },

    async findByAddress(query) {
      const key = parseAddress(query);
      if (!key) return [];
      const { where, params } = addressCondition(key);
      return list(where, params);
    },

    async setStatus(ref, status, note) {
      if (!isApplicationStatus(status)) throw new TypeError(`status: unknown status ${status}`);
      const reference = normalizeApplicationReference(ref);
      if (!reference) throw new UnknownApplicationError(ref);
      const text = note?.trim() || undefined;
      const at = now().toISOString();
      await db.transaction(async (tx) => {
        // The update locks the row, so two changes at once get consecutive sequence numbers.
        const { changes } = await tx.run(
          "UPDATE deduction_applications SET updated_at = updated_at WHERE reference = ?",
          [reference],
        );
        if (changes === 0) throw new UnknownApplicationError(reference);
        const [current] = await tx.all<{ status: string }>(
          "SELECT status FROM deduction_applications WHERE reference = ?",
          [reference],
        );
        if (current?.status === status && text === undefined) return;
        const [last] = await tx.all<{ seq: number | string }>(
          "SELECT COALESCE(MAX(seq), 0) AS seq FROM deduction_application_events WHERE reference = ?",
          [reference],
        );
        await tx.run(
          "INSERT INTO deduction_application_events (reference, seq, status, note, changed_at) VALUES (?, ?, ?, ?, ?)",
          [reference, Number(last?.seq ?? 0) + 1, status, text ?? null, at],
        );
        await tx.run("UPDATE deduction_applications SET status = ?, updated_at = ? WHERE reference = ?", [
          status,
          at,
          reference,
        ]);
      });
    },
  };
}

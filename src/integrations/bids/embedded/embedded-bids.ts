/**
 * The embedded bids: rows in the site's own database (migration 008-bids). Sorting, filtering and
 * paging happen in SQL, so the list costs the same with 40 bids or 40,000.
 */
import { randomUUID } from "node:crypto";
import type { Database, Params, Queryable } from "../../../db/database";
import { calendarDateOf, formatIsoDate } from "../../../domain/dates";
import { normalizeReference } from "../../../workflow/reference";
import { type Bid, type BidStatus, isBidStatus, normalizeBidNumber, shownStatus } from "../bid";
import {
  BidNotOpenError,
  type BidPage,
  type BidQuery,
  type Bids,
  type BidsOptions,
  type PacketRequest,
} from "../bids";
import { contactContext, type SealedContactColumn, sealStoredContacts } from "./sealed-contacts";
import { seedDemoBids } from "./seed";

interface BidRow {
  number: string;
  title: string;
  agency: string;
  status: string;
  service_type: string;
  due_date: string;
  issued_on: string;
  description: string;
  buyer: string;
}

interface RequestRow {
  reference: string;
  bid_number: string;
  company_name: string;
  street_address: string;
  phone: string;
  fax: string | null;
  email: string;
  locale: string;
  requested_at: string;
}

const COLUMNS = "number, title, agency, status, service_type, due_date, issued_on, description, buyer";
const REQUEST_COLUMNS =
  "reference, bid_number, company_name, street_address, phone, fax, email, locale, requested_at";
export const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;
/** The lifecycle order, which is how a status column sorts in either language. */
const STATUS_RANK =
  "CASE shown_status WHEN 'open' THEN 0 WHEN 'closed' THEN 1 WHEN 'awarded' THEN 2 ELSE 3 END";

function bidFromRow(row: BidRow, today: string): Bid {
  return {
    number: row.number,
    title: row.title,
    agency: row.agency,
    status: shownStatus(row.status as BidStatus, row.due_date, today),
    serviceType: row.service_type as Bid["serviceType"],
    dueDate: row.due_date,
    issuedOn: row.issued_on,
    description: row.description,
    buyer: row.buyer,
  };
}

/** The bidder's contact columns, sealed when a cipher is given (sealed-contacts.ts). */
function contactCipher(cipher: BidsOptions["cipher"]) {
  return {
    seal: (value: string | null, column: SealedContactColumn, reference: string) =>
      value === null || !cipher ? value : cipher.seal(value, contactContext(column, reference)),
    /** A row as stored, opened (a value stored before sealing opens as it is). */
    open: (row: RequestRow): PacketRequest => {
      const open = (value: string, column: SealedContactColumn) =>
        cipher ? cipher.open(value, contactContext(column, row.reference)) : value;
      return {
        reference: row.reference,
        bidNumber: row.bid_number,
        companyName: open(row.company_name, "company_name"),
        streetAddress: open(row.street_address, "street_address"),
        phone: open(row.phone, "phone"),
        fax: row.fax === null ? null : open(row.fax, "fax"),
        email: open(row.email, "email"),
        locale: row.locale,
        requestedAt: row.requested_at,
      };
    },
  };
}

/** ORDER BY a code in the given order (codes not listed last, then by code). */
function rankBy(column: string, order: readonly string[] | undefined): { sql: string; params: Params } {
  if (!order || order.length === 0) return { sql: column, params: [] };
  const whens = order.map((_, i) => `WHEN ? THEN ${i}`).join(" ");
  return { sql: `CASE ${column} ${whens} ELSE ${order.length} END, ${column}`, params: [...order] };
}

const clampInt = (value: number | undefined, min: number, max: number, fallback: number) =>
  value === undefined || !Number.isFinite(value) ? fallback : Math.min(max, Math.max(min, Math.trunc(value)));

export function embeddedBids(db: Database, options: BidsOptions = {}): Bids {
  const now = options.now ?? (() => new Date());
  const contact = contactCipher(options.cipher);
  const requestFromRow = contact.open;
  const today = () => formatIsoDate(calendarDateOf(now()));
  let seededOn = "";
  /**
   * Rows stored before the contact details were sealed, sealed on first use (once per database;
   * the database says whether it is done). A failure is retried on the next use: meanwhile
   * such rows still open as they are.
   */
  let sealing: Promise<unknown> | undefined;
  const sealed = () => {
    const cipher = options.cipher;
    if (!cipher) return Promise.resolve();
    sealing ??= sealStoredContacts(db, cipher, now()).catch((error) => {
      sealing = undefined;
      console.error("bids: sealing the contact details stored before they were sealed failed:", error);
    });
    return sealing;
  };
  /** The demo bids as on today (once a day per process; the database says whether it is done). */
  async function ready(): Promise<string> {
    await sealed();
    const day = today();
    if (options.demo && seededOn !== day) {
      await seedDemoBids(db, day);
      seededOn = day;
    }
    return day;
  }
  /** The bids with the status residents see as a column, for filtering and sorting. */
  const shown =
    "(SELECT b.*, CASE WHEN b.status = 'open' AND b.due_date < ? THEN 'closed' ELSE b.status END AS shown_status FROM bids b) AS bids";

  async function findOne(q: Queryable, number: string, day: string): Promise<Bid | undefined> {
    const [row] = await q.all<BidRow>(`SELECT ${COLUMNS} FROM bids WHERE number = ?`, [number]);
    return row ? bidFromRow(row, day) : undefined;
  }

  return {
    async list(query: BidQuery = {}): Promise<BidPage> {
      const day = await ready();
      const where: string[] = [];
      const params: Array<string | number> = [day];
      if (query.status && isBidStatus(query.status)) {
        where.push("shown_status = ?");
        params.push(query.status);
      }
      if (query.agency) {
        where.push("agency = ?");
        params.push(query.agency);
      }
      const whereSql = where.length ? `WHERE ${where.join(" AND ")}` : "";
      const [count] = await db.all<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM ${shown} ${whereSql}`,
        params,
      );
      const total = Number(count?.n ?? 0);
      const pageSize = clampInt(query.pageSize, 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
      const pageCount = Math.max(1, Math.ceil(total / pageSize));
      const page = clampInt(query.page, 1, pageCount, 1);
      const dir = query.direction === "desc" ? "DESC" : "ASC";
      let order: { sql: string; params: Params };
      switch (query.sort ?? "dueDate") {
        case "number":
          order = { sql: "number", params: [] };
          break;
        case "title":
          order = { sql: "LOWER(title)", params: [] };
          break;
        case "agency":
          order = rankBy("agency", query.agencyOrder);
          break;
        case "status":
          order = { sql: STATUS_RANK, params: [] };
          break;
        case "serviceType":
          order = rankBy("service_type", query.serviceTypeOrder);
          break;
        default:
          order = { sql: "due_date", params: [] };
      }
      // Every part of the key goes the chosen way; ties fall back to the due date and the number.
      const orderSql = order.sql
        .split(", ")
        .map((part) => `${part} ${dir}`)
        .join(", ");
      const rows = await db.all<BidRow>(
        `SELECT ${COLUMNS} FROM ${shown} ${whereSql} ORDER BY ${orderSql}, due_date ${dir}, number ${dir} LIMIT ? OFFSET ?`,
        [...params, ...order.params, pageSize, (page - 1) * pageSize],
      );
      return { items: rows.map((r) => bidFromRow(r, day)), page, pageCount, total };
    },

    async find(text) {
      const number = normalizeBidNumber(text);
      if (!number) return undefined;
      return findOne(db, number, await ready());
    },

    async openBids() {
      const day = await ready();
      const rows = await db.all<BidRow>(
        `SELECT ${COLUMNS} FROM bids WHERE status = 'open' AND due_date >= ? ORDER BY due_date, number`,
        [day],
      );
      return rows.map((r) => bidFromRow(r, day));
    },

    async agencies() {
      await ready();
      const rows = await db.all<{ agency: string }>("SELECT DISTINCT agency FROM bids ORDER BY agency");
      return rows.map((r) => r.agency);
    },

    async recordPacketRequest(request) {
      const day = await ready();
      const reference = normalizeReference(request.reference);
      if (!reference) throw new TypeError(`reference: not a reference: ${request.reference}`);
      const number = normalizeBidNumber(request.bidNumber);
      const fields = {
        companyName: request.companyName.trim(),
        streetAddress: request.streetAddress.trim(),
        phone: request.phone.trim(),
        email: request.email.trim(),
      };
      for (const [name, value] of Object.entries(fields)) if (!value) throw new TypeError(`${name}: empty`);
      return db.transaction(async (tx) => {
        const [stored] = await tx.all<RequestRow>(
          `SELECT ${REQUEST_COLUMNS} FROM bid_packet_requests WHERE reference = ?`,
          [reference],
        );
        if (stored) return requestFromRow(stored);
        const bid = number ? await findOne(tx, number, day) : undefined;
        if (bid?.status !== "open") throw new BidNotOpenError(`bid ${request.bidNumber} is not open`);
        await tx.run(
          `INSERT INTO bid_packet_requests (${REQUEST_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (reference) DO NOTHING`,
          [
            reference,
            bid.number,
            contact.seal(fields.companyName, "company_name", reference),
            contact.seal(fields.streetAddress, "street_address", reference),
            contact.seal(fields.phone, "phone", reference),
            contact.seal(request.fax?.trim() || null, "fax", reference),
            contact.seal(fields.email, "email", reference),
            request.locale,
            now().toISOString(),
          ],
        );
        const [row] = await tx.all<RequestRow>(
          `SELECT ${REQUEST_COLUMNS} FROM bid_packet_requests WHERE reference = ?`,
          [reference],
        );
        if (!row) throw new Error(`packet request ${reference} was not stored`);
        return requestFromRow(row);
      });
    },

    async packetRequest(ref, bidNumber) {
      const reference = normalizeReference(ref);
      const number = normalizeBidNumber(bidNumber);
      if (!reference || !number) return undefined;
      await sealed();
      const [row] = await db.all<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM bid_packet_requests WHERE reference = ? AND bid_number = ?`,
        [reference, number],
      );
      return row ? requestFromRow(row) : undefined;
    },

    async packetRequests(bidNumber) {
      const number = normalizeBidNumber(bidNumber);
      if (!number) return [];
      await sealed();
      const rows = await db.all<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM bid_packet_requests WHERE bid_number = ? ORDER BY requested_at, reference`,
        [number],
      );
      return rows.map(requestFromRow);
    },

    async recordDownload(ref, bidNumber) {
      const reference = normalizeReference(ref);
      const number = normalizeBidNumber(bidNumber);
      if (!reference || !number) throw new TypeError("recordDownload: not a reference or bid number");
      await db.run(
        "INSERT INTO bid_packet_downloads (id, reference, bid_number, downloaded_at) VALUES (?, ?, ?, ?)",
        [randomUUID(), reference, number, now().toISOString()],
      );
    },

    async downloadCount(ref) {
      const reference = normalizeReference(ref);
      if (!reference) return 0;
      const [row] = await db.all<{ n: number | string }>(
        "SELECT COUNT(*) AS n FROM bid_packet_downloads WHERE reference = ?",
        [reference],
      );
      return Number(row?.n ?? 0);
    },
  };
}

/**
 * A bid opportunity as the Office of Purchasing issues it. Titles and descriptions stay in English,
 * as issued (a bid is a legal document); statuses and service types are codes the site labels in
 * the resident's language (locales/<lang>/bids.json).
 */

export const BID_STATUSES = ["open", "closed", "awarded", "cancelled"] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const SERVICE_TYPES = [
  "construction",
  "professional-services",
  "goods",
  "information-technology",
  "general-services",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const isBidStatus = (value: unknown): value is BidStatus =>
  typeof value === "string" && (BID_STATUSES as readonly string[]).includes(value);

export const isServiceType = (value: unknown): value is ServiceType =>
  typeof value === "string" && (SERVICE_TYPES as readonly string[]).includes(value);

export interface Bid {
  /** "ITB-2026-0142": letters, digits and dashes (schemas/definitions/bid.json). */
  number: string;
  title: string;
  /** A slug of content/agencies/. */
  agency: string;
  /** As shown: an open bid past its due date is closed. */
  status: BidStatus;
  serviceType: ServiceType;
  /** yyyy-mm-dd: sealed bids are due at 2 p.m. that day. */
  dueDate: string;
  /** yyyy-mm-dd */
  issuedOn: string;
  description: string;
  /** The buyer in the Office of Purchasing who answers questions about the bid. */
  buyer: string;
}

/** What a bid number may look like before the database is asked (bid.json's pattern). */
const BID_NUMBER = /^[0-9A-Za-z-]{1,30}$/;

/** The bid number as stored (upper case), or undefined when `text` cannot be one. */
export function normalizeBidNumber(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const trimmed = text.trim();
  return BID_NUMBER.test(trimmed) ? trimmed.toUpperCase() : undefined;
}

/**
 * The status a resident is shown: the purchasing office closes a bid at its due date, so an open
 * bid whose due date is before `today` is closed whatever the row says (`today` yyyy-mm-dd).
 */
export function shownStatus(stored: BidStatus, dueDate: string, today: string): BidStatus {
  return stored === "open" && dueDate < today ? "closed" : stored;
}

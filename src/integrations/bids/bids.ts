/**
 * Bid opportunities and bid packet requests. Callers depend on the Bids interface only;
 * `createBids` picks the implementation from configuration, so the purchasing office's own
 * system is one more `kind` here and nothing else.
 */
import type { Database } from "../../db/database";
import type { PayloadCipher } from "../../outbox";
import type { FieldCipher } from "../../server/field-crypto";
import type { Bid, BidStatus } from "./bid";
import { embeddedBids } from "./embedded/embedded-bids";

export const BID_SORTS = ["number", "title", "agency", "status", "serviceType", "dueDate"] as const;
export type BidSort = (typeof BID_SORTS)[number];
export type SortDirection = "asc" | "desc";

export const isBidSort = (value: unknown): value is BidSort =>
  typeof value === "string" && (BID_SORTS as readonly string[]).includes(value);

export interface BidQuery {
  status?: BidStatus;
  /** An agency slug. */
  agency?: string;
  sort?: BidSort;
  direction?: SortDirection;
  /** From 1; a page past the last shows the last. */
  page?: number;
  pageSize?: number;
  /**
   * Agency slugs and service types in the order their names sort in the resident's language: the
   * list is sorted by what the resident reads, not by the codes. Codes not listed come last.
   */
  agencyOrder?: readonly string[];
  serviceTypeOrder?: readonly string[];
}

export interface BidPage {
  items: Bid[];
  /** The page shown, from 1. */
  page: number;
  /** At least 1. */
  pageCount: number;
  total: number;
}

export interface NewPacketRequest {
  /** The service's reference number: it unlocks the download, and makes a repeat a no-op. */
  reference: string;
  bidNumber: string;
  companyName: string;
  streetAddress: string;
  phone: string;
  fax?: string;
  email: string;
  locale: string;
}

export interface PacketRequest extends Required<Omit<NewPacketRequest, "fax">> {
  fax: string | null;
  /** ISO-8601 UTC. */
  requestedAt: string;
}

/** The bid cannot be asked for: unknown, or not open. */
export class BidNotOpenError extends Error {
  override name = "BidNotOpenError";
}

export interface Bids {
  list(query?: BidQuery): Promise<BidPage>;
  /** The bid, whatever the case of the number; undefined for an unknown or malformed number. */
  find(number: string): Promise<Bid | undefined>;
  /** Open bids, due first first: what a packet can be asked for. */
  openBids(): Promise<Bid[]>;
  /** The agencies that have bids (slugs), for the filter. */
  agencies(): Promise<string[]>;
  /**
   * Stores who asked for a bid's packet. Idempotent on `reference`: a repeat stores nothing and
   * returns the request stored first. Throws BidNotOpenError for a bid that is not open.
   */
  recordPacketRequest(request: NewPacketRequest): Promise<PacketRequest>;
  /** The request `reference` made for `bidNumber`; undefined when it made none for that bid. */
  packetRequest(reference: string, bidNumber: string): Promise<PacketRequest | undefined>;
  /** Every request for a bid, oldest first: the purchasing office's list of bidders. */
  packetRequests(bidNumber: string): Promise<PacketRequest[]>;
  /** Records one download of the packet under the request that unlocked it. */
  recordDownload(reference: string, bidNumber: string): Promise<void>;
  /** How many times a request's packet was downloaded. */
  downloadCount(reference: string): Promise<number>;
}

/**
 * The field cipher (src/server/field-crypto.ts, DATA_KEY) as the bids use it: sealing and opening
 * the bidders' contact details, and telling a value stored before sealing (or under an older key).
 */
export type BidsCipher = PayloadCipher & Pick<FieldCipher, "needsReseal">;

export interface BidsOptions {
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
  /**
   * Keeps the demo bids (embedded/demo-bids.ts) and their dates relative to today: seeded on first
   * use and moved on each new day.
   */
  demo?: boolean;
  /**
   * Seals bidders' contact details at rest (DATA_KEY, as residents' answers are), and seals once the
   * rows stored before they were (embedded/sealed-contacts.ts).
   */
  cipher?: BidsCipher;
}

export type BidsConfig = { kind: "embedded"; db: Database } & BidsOptions;

export function createBids(config: BidsConfig): Bids {
  switch (config.kind) {
    case "embedded":
      return embeddedBids(config.db, config);
    default:
      throw new Error(`unknown bids kind: ${(config as { kind: unknown }).kind}`);
  }
}

/**
 * The bids integration: what callers import. `bidsIntegration` is what the server wires in: the
 * embedded bids with the demo bids kept current, and the workflow engine's `bids` call.
 */
import type { Database } from "../../db/database";
import type { Integrations } from "../../workflow/integrations";
import { type Bids, type BidsCipher, createBids } from "./bids";
import { bidsCall } from "./integration";

export {
  BID_STATUSES,
  type Bid,
  type BidStatus,
  isBidStatus,
  isServiceType,
  normalizeBidNumber,
  SERVICE_TYPES,
  type ServiceType,
  shownStatus,
} from "./bid";
export {
  BID_SORTS,
  BidNotOpenError,
  type BidPage,
  type BidQuery,
  type BidSort,
  type Bids,
  type BidsCipher,
  type BidsConfig,
  createBids,
  isBidSort,
  type NewPacketRequest,
  type PacketRequest,
  type SortDirection,
} from "./bids";
export { DEMO_BIDS, type DemoBid, demoBidsOn } from "./embedded/demo-bids";
export { DEFAULT_PAGE_SIZE } from "./embedded/embedded-bids";
export {
  contactContext,
  SEALED_CONTACT_COLUMNS,
  type SealedContactColumn,
  sealStoredContacts,
} from "./embedded/sealed-contacts";
export { seedDemoBids } from "./embedded/seed";
export { bidsCall, bidsText, packetUrl } from "./integration";
export { packetDocument } from "./packet";

export interface BidsIntegration {
  /** What a workflow's `"integration": "bids"` reaches. */
  call: Integrations["call"];
  bids: Bids;
}

export function bidsIntegration(
  db: Database,
  opts: { now?: () => Date; cipher?: BidsCipher } = {},
): BidsIntegration {
  const bids = createBids({ kind: "embedded", db, demo: true, ...opts });
  return { call: bidsCall(bids), bids };
}

-- Bid opportunities (src/integrations/bids/): what the Office of Purchasing has put out to bid, who
-- asked for each bid packet, and every download of a packet. Dates are yyyy-mm-dd (the city's
-- calendar), times ISO-8601 UTC strings.

-- `status` is the one the purchasing office set: open, closed, awarded or cancelled. An open bid
-- whose due date has passed is shown as closed (src/integrations/bids/bid.ts), so the list stays
-- right on the day after the due date even before anyone updates the row.
CREATE TABLE bids (
  number TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  agency TEXT NOT NULL,
  status TEXT NOT NULL,
  service_type TEXT NOT NULL,
  due_date TEXT NOT NULL,
  issued_on TEXT NOT NULL,
  description TEXT NOT NULL,
  buyer TEXT NOT NULL,
  demo INTEGER NOT NULL,
  CHECK (status IN ('open', 'closed', 'awarded', 'cancelled'))
);
CREATE INDEX bids_due_date ON bids (due_date, number);
CREATE INDEX bids_agency ON bids (agency, due_date);

-- One row per bid packet request (the get-bid-packet service): the bidder, for the purchasing
-- office's list of bidders and its addenda. `reference` is the request's reference number, which
-- also unlocks the packet download: the same reference twice stores one request. The bidder's
-- contact details (company_name, street_address, phone, fax, email) are sealed with DATA_KEY.
CREATE TABLE bid_packet_requests (
  reference TEXT PRIMARY KEY,
  bid_number TEXT NOT NULL REFERENCES bids (number),
  company_name TEXT NOT NULL,
  street_address TEXT NOT NULL,
  phone TEXT NOT NULL,
  fax TEXT,
  email TEXT NOT NULL,
  locale TEXT NOT NULL,
  requested_at TEXT NOT NULL
);
CREATE INDEX bid_packet_requests_bid ON bid_packet_requests (bid_number, requested_at);

-- Every download of a packet, under the request that unlocked it.
CREATE TABLE bid_packet_downloads (
  id TEXT PRIMARY KEY,
  reference TEXT NOT NULL REFERENCES bid_packet_requests (reference),
  bid_number TEXT NOT NULL,
  downloaded_at TEXT NOT NULL
);
CREATE INDEX bid_packet_downloads_reference ON bid_packet_downloads (reference, downloaded_at);

-- `demo` holds the day the demo bids' dates were last worked out from (embedded/seed.ts).
CREATE TABLE bids_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO bids_state (key, value) VALUES ('demo', '');

-- Outbox items that must be performed in order (src/outbox/store.ts): a webhook receiver gets a
-- service's submissions in the order they were made, once each, even after it was down.
--   order_key   items with the same key are performed one at a time (NULL: no order, as before)
--   order_seq   the item's place among its key's items, from outbox_sequences
-- An item is not claimed while an item of its key with a smaller order_seq is pending or sending;
-- a dead item no longer holds the others back.
--
-- The places come from one counter row per key, taken with an upsert in the enqueuing
-- transaction: a second transaction enqueuing with the same key waits for the first to commit
-- (its row lock), so places follow the order in which the items became visible, never two
-- processes' clocks or a millisecond two items share.
ALTER TABLE outbox ADD COLUMN order_key TEXT;
ALTER TABLE outbox ADD COLUMN order_seq BIGINT;
CREATE INDEX outbox_ordered ON outbox (order_key, order_seq);
CREATE TABLE outbox_sequences (
  order_key TEXT PRIMARY KEY,
  last_seq BIGINT NOT NULL
);

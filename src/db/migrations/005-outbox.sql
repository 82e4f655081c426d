-- The outbox (src/outbox/): every side effect of a commit (a receipt e-mail, later a delivery to a
-- department) is a row written in the same transaction as the data that causes it; a worker sends it.
--   status        pending → sending (claimed, lease until available_at) → sent | dead
--   available_at  pending: not before this time (backoff); sending: the claim's lease ends then,
--                 and any worker may claim it again (the process died mid-send)
--   claim_token   who holds the current claim; only that worker may finish it
-- Times are ISO-8601 UTC strings, which order correctly as text on both databases.
CREATE TABLE outbox (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  available_at TEXT NOT NULL,
  claim_token TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  finished_at TEXT
);
CREATE INDEX outbox_due ON outbox (status, available_at);
CREATE INDEX outbox_finished ON outbox (finished_at);

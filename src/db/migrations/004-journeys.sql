-- Per-journey exclusivity across web processes (src/server/journey-lock.ts): a lease row per journey
-- being worked on. Taking it is an INSERT that only one process can win (the primary key); a
-- lease whose holder died ends at `expires_at` (milliseconds since 1970) and may then be taken over.
CREATE TABLE journey_locks (
  journey_id TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX journey_locks_expires ON journey_locks (expires_at);

-- The retention purge deletes submissions by age (RETENTION_DAYS).
CREATE INDEX submissions_created ON submissions (created_at);

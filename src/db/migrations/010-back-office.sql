-- The back office (src/back-office/): staff who read submissions and say where they stand.
--
-- Staff accounts of the embedded sign-in. `email` is stored lower-cased; `password_hash` is
-- scrypt with its own salt and parameters; `services` is a JSON list of workflow names the
-- account may open (an administrator opens every service). After 5 failed sign-ins the account
-- is locked until `locked_until`. `totp_secret` (sealed with DATA_KEY) is set for accounts that sign
-- in with a code from an authenticator app too; `totp_last_step` keeps each code from a second use.
CREATE TABLE staff_accounts (
  email TEXT PRIMARY KEY,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL,
  services TEXT NOT NULL,
  failed_logins INTEGER NOT NULL,
  locked_until TEXT,
  totp_secret TEXT,
  totp_last_step BIGINT,
  created_at TEXT NOT NULL,
  disabled_at TEXT
);

-- Signed-in browsers. The cookie holds a random token; only its SHA-256 is stored, so a copy of
-- the database opens no session.
CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  email TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX staff_sessions_expires ON staff_sessions (expires_at);

-- Where a submission stands: NULL until staff first change it (the service's first status).
ALTER TABLE submissions ADD COLUMN status TEXT;
ALTER TABLE submissions ADD COLUMN assignee TEXT;
ALTER TABLE submissions ADD COLUMN status_at TEXT;
CREATE INDEX submissions_status ON submissions (workflow, status, created_at);

-- A submission's history: status changes (with the note for the resident, sealed with DATA_KEY
-- since staff may write personal details in it) and assignments. Deleted with the submission.
-- `seq` orders a submission's events (two in the same millisecond keep the order they were made).
CREATE TABLE submission_events (
  id TEXT PRIMARY KEY,
  reference TEXT NOT NULL,
  seq INTEGER NOT NULL,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  kind TEXT NOT NULL,
  status TEXT,
  note TEXT
);
CREATE INDEX submission_events_reference ON submission_events (reference, seq);

-- Every staff action (sign-in, a submission opened, a status changed, an export): who, what, when.
-- Kept longer than submissions (it names references, never answers).
CREATE TABLE staff_audit (
  id TEXT PRIMARY KEY,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  detail TEXT NOT NULL
);
CREATE INDEX staff_audit_at ON staff_audit (at);

-- How each service performs (the console's dashboard): counts per city day, language and whether
-- the browser ran the site's JavaScript, never per person. No cookie, no journey id, no answer.
--   event  start (a journey begins) | answer (a screen answered, `screen`) |
--          error (a field refused, `screen` and `field`) | complete (sent)
CREATE TABLE service_counts (
  day TEXT NOT NULL,
  workflow TEXT NOT NULL,
  locale TEXT NOT NULL,
  js INTEGER NOT NULL,
  event TEXT NOT NULL,
  screen TEXT NOT NULL,
  field TEXT NOT NULL,
  n BIGINT NOT NULL,
  PRIMARY KEY (day, workflow, locale, js, event, screen, field)
);

-- How long each completed journey took, from its first answer to sending, in seconds (the median).
CREATE TABLE completion_times (
  day TEXT NOT NULL,
  workflow TEXT NOT NULL,
  locale TEXT NOT NULL,
  js INTEGER NOT NULL,
  seconds BIGINT NOT NULL
);
CREATE INDEX completion_times_workflow ON completion_times (workflow, day);

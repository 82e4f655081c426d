-- Journeys through online services: one row per resident per service, the answers as JSON.
-- `resume_token` is set when the resident asks to save and come back later.
CREATE TABLE journeys (
  id TEXT PRIMARY KEY,
  workflow TEXT NOT NULL,
  state TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  resume_token TEXT UNIQUE
);
CREATE INDEX journeys_expires ON journeys (expires_at);

-- A submission is written once per journey (journey_id is unique): a repeated submit returns
-- the same reference and stores nothing twice.
CREATE TABLE submissions (
  reference TEXT PRIMARY KEY,
  journey_id TEXT NOT NULL UNIQUE,
  workflow TEXT NOT NULL,
  request_id TEXT NOT NULL,
  answers TEXT NOT NULL,
  result TEXT NOT NULL,
  locale TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX submissions_workflow ON submissions (workflow, created_at);

-- Files residents upload with a form (src/server/uploads/). The bytes are in the file storage (a
-- folder under the data directory by default), sealed with DATA_KEY; a row says whose they are.
-- `name` (a file name can be personal: "Maria Lopez POA.pdf") is sealed with DATA_KEY too.
-- A file lives as long as its journey, and once the journey is sent, as long as its submission
-- (submissions.journey_id): the retention period.
CREATE TABLE uploads (
  id TEXT PRIMARY KEY,
  journey_id TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  size BIGINT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX uploads_journey ON uploads (journey_id);

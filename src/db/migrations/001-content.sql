-- Content as loaded from content/: one row per item, its fields as a JSON document.
-- The content service resolves references between items in memory (the whole site's content is
-- small), so the database stays one simple table that both dialects share.
CREATE TABLE content_items (
  type TEXT NOT NULL,
  id TEXT NOT NULL,
  slug TEXT,
  stage TEXT NOT NULL DEFAULT 'published',
  position INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  PRIMARY KEY (type, id)
);
CREATE INDEX content_items_slug ON content_items (type, slug);
CREATE TABLE content_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

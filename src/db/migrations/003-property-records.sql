-- The embedded back office: property records (parcels) and deduction applications.
-- Search keys (street_key, address_key, word, owner_sort) hold upper-case ASCII and are compared
-- byte by byte, so a prefix search is a range scan on a plain index (`>= 'MARKET' AND < 'MARKET~'`).
-- Hence COLLATE "C" (bytes) on them; SQLite calls that collation BINARY (src/db/migrate.ts).
CREATE TABLE parcels (
  parcel_number TEXT PRIMARY KEY,
  state_parcel_number TEXT NOT NULL UNIQUE,
  line1 TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  zip TEXT NOT NULL,
  house_number INTEGER,
  direction TEXT NOT NULL,
  street_key TEXT COLLATE "C" NOT NULL,
  unit TEXT NOT NULL,
  address_key TEXT COLLATE "C" NOT NULL,
  owners TEXT NOT NULL,
  owner_sort TEXT COLLATE "C" NOT NULL,
  mobile_home INTEGER NOT NULL,
  assessed_value_cents BIGINT NOT NULL,
  school_district TEXT NOT NULL,
  township TEXT NOT NULL,
  existing_deductions TEXT NOT NULL
);
CREATE INDEX parcels_street ON parcels (street_key, house_number);
CREATE INDEX parcels_house_number ON parcels (house_number);
CREATE INDEX parcels_address_key ON parcels (address_key);
CREATE INDEX parcels_owner_sort ON parcels (owner_sort);

-- One row per word of each owner's name: "Maria Delgado" is found by "delgado", "maria d", "Delg".
CREATE TABLE parcel_owner_words (
  word TEXT COLLATE "C" NOT NULL,
  parcel_number TEXT NOT NULL,
  owner_index INTEGER NOT NULL,
  PRIMARY KEY (parcel_number, owner_index, word)
);
CREATE INDEX parcel_owner_words_word ON parcel_owner_words (word);

-- `seed` holds the signature of the generated data (generator version, count, seed).
CREATE TABLE property_records_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO property_records_state (key, value) VALUES ('seed', '');

-- A deduction application keeps a copy of the parcel's address as the applicant confirmed it.
CREATE TABLE deduction_applications (
  reference TEXT PRIMARY KEY,
  request_id TEXT NOT NULL,
  deduction TEXT NOT NULL,
  status TEXT NOT NULL,
  parcel_number TEXT NOT NULL,
  line1 TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  zip TEXT NOT NULL,
  house_number INTEGER,
  direction TEXT NOT NULL,
  street_key TEXT COLLATE "C" NOT NULL,
  unit TEXT NOT NULL,
  applicant_name TEXT NOT NULL,
  date_applied TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX deduction_applications_parcel ON deduction_applications (parcel_number, date_applied);
CREATE INDEX deduction_applications_street ON deduction_applications (street_key, house_number);

CREATE TABLE deduction_application_events (
  reference TEXT NOT NULL REFERENCES deduction_applications (reference),
  seq INTEGER NOT NULL,
  status TEXT NOT NULL,
  note TEXT,
  changed_at TEXT NOT NULL,
  PRIMARY KEY (reference, seq)
);

-- The owner's mailing address on record, as JSON (lines, city, region, postalCode, country), like
-- `owners`: shown, never searched. Empty until the parcels are seeded again (generator version 2).
ALTER TABLE parcels ADD COLUMN mailing_address TEXT NOT NULL DEFAULT '';

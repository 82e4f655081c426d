-- Payments (src/integrations/payments/): what residents owe (property tax invoices, jail gallery
-- accounts) and what they paid. Money is in integer cents. Times are ISO-8601 UTC strings.

-- Property tax invoices, demo data generated from the parcels (payments/embedded/demo-invoices.ts).
-- `balance_cents` is what is still due; a payment lowers it in the transaction that records it.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  parcel_number TEXT NOT NULL,
  pay_year INTEGER NOT NULL,
  installment INTEGER NOT NULL,
  tax_type TEXT NOT NULL,
  due_date TEXT NOT NULL,
  amount_cents BIGINT NOT NULL,
  balance_cents BIGINT NOT NULL,
  CHECK (balance_cents >= 0 AND balance_cents <= amount_cents)
);
CREATE INDEX invoices_parcel ON invoices (parcel_number, due_date);

-- Jail gallery (commissary) accounts. `name_key` is the name in upper-case ASCII words, sorted,
-- which is what a resident's typed name is compared with.
CREATE TABLE gallery_accounts (
  gallery_number TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL,
  date_of_birth TEXT NOT NULL,
  account_status TEXT NOT NULL,
  payable INTEGER NOT NULL,
  amount_owed_cents BIGINT NOT NULL,
  CHECK (amount_owed_cents >= 0)
);

-- One row per payment attempt. `attempt_key` is the caller's idempotency key: the UNIQUE
-- constraint lets exactly one request (in any web process) claim it.
--   status   pending → approved | declined | failed | processing | redirect | cancelled
--            (pending: the provider is being asked, or its answer was lost; redirect: waiting for
--            the resident on a hosted payment page; processing: accepted, not settled yet)
--   tries    1, 2, …: a declined or failed attempt retried with the same key is a new try, and the
--            provider's idempotency key is <id>:<tries>
--   claimed_at  when the current try started; a pending try older than a few minutes was left by
--            a process that died and may be taken over
-- Never stored here or anywhere: the full card or account number, the security code.
-- `receipt_to` (the e-mail address for the receipt) is sealed with DATA_KEY.
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  attempt_key TEXT NOT NULL UNIQUE,
  reference TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL,
  method TEXT NOT NULL,
  brand TEXT,
  masked_number TEXT NOT NULL,
  subtotal_cents BIGINT NOT NULL,
  fee_cents BIGINT NOT NULL,
  total_cents BIGINT NOT NULL,
  refunded_cents BIGINT NOT NULL,
  items TEXT NOT NULL,
  locale TEXT NOT NULL,
  receipt_to TEXT,
  provider TEXT NOT NULL,
  provider_payment_id TEXT,
  redirect_url TEXT,
  decline_code TEXT,
  tries INTEGER NOT NULL,
  claimed_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX payments_status ON payments (status, claimed_at);

-- Refunds of principal (never of the fee). `refund_key` makes a repeated refund request a no-op.
CREATE TABLE payment_refunds (
  id TEXT PRIMARY KEY,
  payment_id TEXT NOT NULL REFERENCES payments (id),
  refund_key TEXT NOT NULL UNIQUE,
  amount_cents BIGINT NOT NULL,
  provider_refund_id TEXT NOT NULL,
  status TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX payment_refunds_payment ON payment_refunds (payment_id);

-- `invoices` holds the signature of the generated invoices (generator version, parcels' seed).
CREATE TABLE payments_state (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT INTO payments_state (key, value) VALUES ('invoices', '');

-- Staff sign-in through the city's identity provider (OpenID Connect, src/back-office/oidc.ts).
--
-- `oidc_subject` is the provider's `sub` for the person who first signed in to the account through
-- it: later sign-ins with the same e-mail address but another subject (the address given to
-- someone else at the provider) are refused until an administrator runs
-- `npm run staff -- unlink <email>`. NULL: nobody has signed in through the provider yet.
ALTER TABLE staff_accounts ADD COLUMN oidc_subject TEXT;

-- Each sign-in's `state` (its SHA-256) once the provider has sent the browser back with it: a
-- second use of the same sign-in (a copied cookie and address played again) is refused. Rows are
-- deleted once the sign-in they belonged to has expired anyway (10 minutes).
CREATE TABLE staff_oidc_spent (
  state_hash TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);
CREATE INDEX staff_oidc_spent_expires ON staff_oidc_spent (expires_at);

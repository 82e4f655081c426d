import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import type { Queryable } from "../db/database";
import type { Sealer } from "../integrations/submissions/submissions";
import { acceptedStep } from "./totp";

/**
 * Staff accounts of the embedded sign-in (`npm run staff -- add`). Passwords are hashed with
 * scrypt (Node's own, memory-hard, OWASP's second choice after Argon2, which would need a native
 * module), each with its salt and parameters in the stored string so they can be raised later.
 *
 * A city with an identity provider signs staff in through it instead (OpenID Connect,
 * src/back-office/oidc.ts): the provider says who someone is, and an account here with their
 * verified e-mail address still says whether and to what they may sign in (`identitySignIn`).
 * Such accounts need no password (`saveAccount` with `password: null`).
 */
export type Role = "staff" | "admin";

export interface StaffAccount {
  email: string;
  role: Role;
  /** Workflow names this account may open; an administrator opens every service. */
  services: string[];
  createdAt: string;
  disabled: boolean;
  /** Signs in with a code from an authenticator app too. */
  twoStep: boolean;
  /** Has a password (an account made for the identity provider only has none). */
  hasPassword: boolean;
  /** Someone has signed in to it through the identity provider: only that subject may again. */
  identityLinked: boolean;
}

/** Five wrong passwords in a row lock the account for a quarter of an hour. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** NIST SP 800-63B: at least 8 characters; a long passphrase is better than a clever one. */
export const MIN_PASSWORD_LENGTH = 12;
/** The stored hash of an account without a password: no password verifies against it. */
const NO_PASSWORD = "!";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const COST = { N: 2 ** 15, r: 8, p: 1 };
const maxmem = (n: number, r: number) => 256 * n * r;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = COST;
  const hash = await scrypt(password, salt, 32, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const N = Number(n);
  const R = Number(r);
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Compared against when no account has the e-mail, so a wrong address takes as long as a wrong password. */
let decoy: Promise<string> | undefined;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Spends a password check's time and answers false. */
async function decoyCheck(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(12).toString("hex"));
  await verifyPassword(password, await decoy);
  return false;
}

interface Row {
  email: string;
  password_hash: string;
  role: string;
  services: string;
  failed_logins: number | string;
  locked_until: string | null;
  created_at: string;
  disabled_at: string | null;
  totp_secret: string | null;
  totp_last_step: number | string | null;
  oidc_subject: string | null;
}

const fromRow = (row: Row): StaffAccount => ({
  email: row.email,
  role: row.role === "admin" ? "admin" : "staff",
  services: JSON.parse(row.services) as string[],
  createdAt: row.created_at,
  disabled: row.disabled_at !== null,
  twoStep: row.totp_secret !== null,
  hasPassword: row.password_hash !== NO_PASSWORD,
  identityLinked: row.oidc_subject !== null,
});

const totpContext = (email: string) => `staff_accounts.totp_secret:${email}`;

export async function findAccount(db: Queryable, email: string): Promise<StaffAccount | undefined> {
  const [row] = await db.all<Row>("SELECT * FROM staff_accounts WHERE email = ?", [normalizeEmail(email)]);
  return row ? fromRow(row) : undefined;
}

export async function listAccounts(db: Queryable): Promise<StaffAccount[]> {
  return (await db.all<Row>("SELECT * FROM staff_accounts ORDER BY email")).map(fromRow);
}

/**
 * Adds an account, or replaces its password, role, services and second factor (and unlocks it).
 * `totpSecret` (base32, src/back-office/totp.ts) is sealed with `sealer`. `password: null`: the
 * account signs in through the identity provider only (a second factor is then the provider's).
 * The identity provider's subject linked to the account stays (`forgetIdentity` removes it).
 */
export async function saveAccount(
  db: Queryable,
  account: { email: string; password: string | null; role: Role; services: string[]; totpSecret?: string },
  now: Date,
  sealer?: Sealer,
): Promise<void> {
  if (account.password !== null && account.password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`a password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  if (account.password === null && account.totpSecret)
    throw new Error("two-step sign-in is for passwords: an account without one uses the identity provider's");
  const email = normalizeEmail(account.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Error(`not an e-mail address: ${account.email}`);
  const hash = account.password === null ? NO_PASSWORD : await hashPassword(account.password);
  const services = JSON.stringify([...new Set(account.services)].sort());
  if (account.totpSecret && !sealer) throw new Error("a second factor needs the data key to seal it");
  const totp = account.totpSecret && sealer ? sealer.seal(account.totpSecret, totpContext(email)) : null;
  await db.run(
    `INSERT INTO staff_accounts (email, password_hash, role, services, failed_logins, locked_until, totp_secret, totp_last_step, created_at, disabled_at)
     VALUES (?, ?, ?, ?, 0, NULL, ?, NULL, ?, NULL)
     ON CONFLICT (email) DO UPDATE SET password_hash = excluded.password_hash, role = excluded.role,
       services = excluded.services, failed_logins = 0, locked_until = NULL, disabled_at = NULL,
       totp_secret = excluded.totp_secret, totp_last_step = NULL`,
    [email, hash, account.role, services, totp, now.toISOString()],
  );
}

/** Disables an account (its sessions end at once, src/back-office/sessions.ts checks it). */
export async function disableAccount(db: Queryable, email: string, now: Date): Promise<boolean> {
  const { changes } = await db.run("UPDATE staff_accounts SET disabled_at = ? WHERE email = ?", [
    now.toISOString(),
    normalizeEmail(email),
  ]);
  return changes === 1;
}

export type SignIn =
  | { ok: true; account: StaffAccount }
  | { ok: false; reason: "wrong" }
  /** The password is right; the account needs a code from its authenticator app too. */
  | { ok: false; reason: "code" }
  | { ok: false; reason: "locked"; until: string };

/**
 * Checks an e-mail and password (and, for an account with a second factor, a code). The answer
 * never says which was wrong, takes as long for an unknown address, and counts failures towards
 * the lock. A right password without the code it needs asks for the code, and counts nothing.
 */
export async function signIn(
  db: Queryable,
  credentials: { email: string; password: string; code?: string },
  now: Date,
  sealer?: Sealer,
): Promise<SignIn> {
  const { email, password } = credentials;
  const [row] = await db.all<Row>("SELECT * FROM staff_accounts WHERE email = ?", [normalizeEmail(email)]);
  if (!row || row.disabled_at !== null) {
    await decoyCheck(password);
    return { ok: false, reason: "wrong" };
  }
  if (row.locked_until && row.locked_until > now.toISOString())
    return { ok: false, reason: "locked", until: row.locked_until };
  // An account without a password takes as long to refuse as a wrong password.
  let rightPassword =
    row.password_hash === NO_PASSWORD
      ? await decoyCheck(password)
      : await verifyPassword(password, row.password_hash);
  if (rightPassword && row.totp_secret !== null) {
    const code = credentials.code?.trim() ?? "";
    if (!code) return { ok: false, reason: "code" };
    if (!sealer) throw new Error("the second factor needs the data key to open it");
    const lastStep = row.totp_last_step === null ? null : Number(row.totp_last_step);
    const step = acceptedStep(sealer.open(row.totp_secret, totpContext(row.email)), code, lastStep, now);
    if (step === undefined) rightPassword = false;
    else await db.run("UPDATE staff_accounts SET totp_last_step = ? WHERE email = ?", [step, row.email]);
  }
  if (rightPassword) {
    await db.run("UPDATE staff_accounts SET failed_logins = 0, locked_until = NULL WHERE email = ?", [
      row.email,
    ]);
    return { ok: true, account: fromRow(row) };
  }
  const failed = Number(row.failed_logins) + 1;
  if (failed >= MAX_FAILED_LOGINS) {
    const until = new Date(now.getTime() + LOCK_MINUTES * 60_000).toISOString();
    await db.run("UPDATE staff_accounts SET failed_logins = 0, locked_until = ? WHERE email = ?", [
      until,
      row.email,
    ]);
    return { ok: false, reason: "locked", until };
  }
  await db.run("UPDATE staff_accounts SET failed_logins = ? WHERE email = ?", [failed, row.email]);
  return { ok: false, reason: "wrong" };
}

export type IdentitySignIn =
  | {
      ok: true;
      account: StaffAccount /** This sign-in linked the subject to the account. */;
      linked: boolean;
    }
  | { ok: false; reason: "no-account" | "disabled" | "other-subject" };

/**
 * A person the identity provider vouches for (their verified e-mail address and their subject
 * there): the account with that address, if there is one and it is enabled. The first such sign-in
 * links the subject to the account; a later one with another subject is refused (the provider gave
 * the address to someone else) until an administrator forgets the link (`forgetIdentity`).
 */
export async function identitySignIn(
  db: Queryable,
  identity: { email: string; subject: string },
): Promise<IdentitySignIn> {
  const email = normalizeEmail(identity.email);
  const read = async () => (await db.all<Row>("SELECT * FROM staff_accounts WHERE email = ?", [email]))[0];
  let row = await read();
  if (!row) return { ok: false, reason: "no-account" };
  if (row.disabled_at !== null) return { ok: false, reason: "disabled" };
  let linked = false;
  if (row.oidc_subject === null) {
    // Only if still unlinked: of two first sign-ins at once, one subject wins and the other is refused.
    const { changes } = await db.run(
      "UPDATE staff_accounts SET oidc_subject = ? WHERE email = ? AND oidc_subject IS NULL",
      [identity.subject, email],
    );
    linked = changes === 1;
    row = await read();
    if (!row) return { ok: false, reason: "no-account" };
  }
  if (row.oidc_subject !== identity.subject) return { ok: false, reason: "other-subject" };
  return { ok: true, account: fromRow(row), linked };
}

/** Unlinks the identity provider's subject: the next sign-in through the provider links again. */
export async function forgetIdentity(db: Queryable, email: string): Promise<boolean> {
  const { changes } = await db.run("UPDATE staff_accounts SET oidc_subject = NULL WHERE email = ?", [
    normalizeEmail(email),
  ]);
  return changes === 1;
}

/** Whether `account` may open the submissions of `workflow`. */
export const mayOpen = (account: Pick<StaffAccount, "role" | "services">, workflow: string) =>
  account.role === "admin" || account.services.includes(workflow);

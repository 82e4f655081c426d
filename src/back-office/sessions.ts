import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database";
import { findAccount, type StaffAccount } from "./accounts";

/**
 * Signed-in staff browsers. The cookie holds a random token (only under /staff, HttpOnly,
 * SameSite=Strict); the database holds its SHA-256, the account and the expiry. Every staff form
 * carries a CSRF token derived from the session token with the server secret, so a form made by
 * another site, or before the session began, is refused.
 */
export const STAFF_COOKIE = "staff_session";
/** A working day: a forgotten console on a shared computer does not stay open overnight. */
export const SESSION_HOURS = 8;

export interface StaffSession {
  account: StaffAccount;
  /** For the hidden `_csrf` field of every staff form. */
  csrf: string;
  expiresAt: string;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
const csrfOf = (token: string, secret: string) =>
  createHmac("sha256", secret).update(`staff-csrf:${token}`).digest("base64url");

export function sessionCookie(token: string, opts: { secure: boolean; maxAgeSeconds?: number }): string {
  const age = opts.maxAgeSeconds ?? SESSION_HOURS * 3600;
  return `${STAFF_COOKIE}=${token}; Path=/staff; HttpOnly; SameSite=Strict; Max-Age=${age}${opts.secure ? "; Secure" : ""}`;
}

/** The session token a request's Cookie header carries, if any. */
export function sessionToken(cookieHeader: string | null): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === STAFF_COOKIE) return value.join("=");
  }
  return undefined;
}

export async function startSession(db: Queryable, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + SESSION_HOURS * 3_600_000);
  await db.run("INSERT INTO staff_sessions (token_hash, email, created_at, expires_at) VALUES (?, ?, ?, ?)", [
    hashOf(token),
    email,
    now.toISOString(),
    expires.toISOString(),
  ]);
  return token;
}

/** The session a cookie's token opens: not expired, its account still enabled. */
export async function readSession(
  db: Queryable,
  token: string | undefined,
  secret: string,
  now: Date,
): Promise<StaffSession | undefined> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await db.all<{ email: string; expires_at: string }>(
    "SELECT email, expires_at FROM staff_sessions WHERE token_hash = ?",
    [hashOf(token)],
  );
  if (!row || row.expires_at <= now.toISOString()) return undefined;
  const account = await findAccount(db, row.email);
  if (!account || account.disabled) return undefined;
  return { account, csrf: csrfOf(token, secret), expiresAt: row.expires_at };
}

export async function endSession(db: Queryable, token: string | undefined): Promise<void> {
  if (token) await db.run("DELETE FROM staff_sessions WHERE token_hash = ?", [hashOf(token)]);
}

export async function purgeSessions(db: Queryable, now: Date): Promise<number> {
  return (await db.run("DELETE FROM staff_sessions WHERE expires_at <= ?", [now.toISOString()])).changes;
}

export function csrfMatches(session: StaffSession, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(session.csrf);
  return a.length === b.length && timingSafeEqual(a, b);
}

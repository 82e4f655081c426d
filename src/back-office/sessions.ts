import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../db/database";
import { type SignedCookie, signedCookie } from "../server/signed-cookie";
import { findAccount, type StaffAccount } from "./accounts";

/**
 * Signed-in staff browsers. The cookie holds a random token, signed (only under /staff, HttpOnly,
 * SameSite=Strict); the database holds its SHA-256, the account and the expiry, so signing out
 * or the end of the session ends it whatever the browser keeps. Every staff form carries a CSRF
 * token derived from the session token (which another site can neither read nor guess), so a
 * form made by another site, or before the session began, is refused.
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
const csrfOf = (token: string) => createHash("sha256").update(`staff-csrf:${token}`).digest("base64url");
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The session's cookie, signed with the session secrets (src/server/signed-cookie.ts). */
export function sessionCookie(opts: { secrets: readonly string[]; secure: boolean }): SignedCookie<string> {
  const valid = (token: unknown): token is string => typeof token === "string" && TOKEN.test(token);
  return signedCookie(
    STAFF_COOKIE,
    { ...opts, path: "/staff", sameSite: "strict", maxAge: SESSION_HOURS * 3600 },
    valid,
  );
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
  now: Date,
): Promise<StaffSession | undefined> {
  if (!token || !TOKEN.test(token)) return undefined;
  const [row] = await db.all<{ email: string; expires_at: string }>(
    "SELECT email, expires_at FROM staff_sessions WHERE token_hash = ?",
    [hashOf(token)],
  );
  if (!row || row.expires_at <= now.toISOString()) return undefined;
  const account = await findAccount(db, row.email);
  if (!account || account.disabled) return undefined;
  return { account, csrf: csrfOf(token), expiresAt: row.expires_at };
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

import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../db/database";
import { migrate } from "../db/migrate";
import { openSqlite } from "../db/sqlite";
import { createFieldCipher } from "../server/field-crypto";
import {
  disableAccount,
  findAccount,
  forgetIdentity,
  hashPassword,
  identitySignIn,
  LOCK_MINUTES,
  MAX_FAILED_LOGINS,
  mayOpen,
  saveAccount,
  signIn,
  verifyPassword,
} from "./accounts";
import { newTotpSecret, totpCode } from "./totp";

const PASSWORD = "a long enough passphrase";

describe("passwords", () => {
  it("are salted scrypt hashes that verify only the right password", async () => {
    const a = await hashPassword(PASSWORD);
    const b = await hashPassword(PASSWORD);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(PASSWORD, a)).toBe(true);
    expect(await verifyPassword(`${PASSWORD} `, a)).toBe(false);
    expect(await verifyPassword(PASSWORD, "plain text")).toBe(false);
  });
});

describe("staff accounts", () => {
  let db: Database;
  const t0 = new Date("2026-11-26T15:00:00Z");
  beforeEach(async () => {
    db = await openSqlite(":memory:");
    await migrate(db);
  });
  afterEach(() => db.close());

  it("are found by e-mail whatever its case, and refuse a short password or a non-address", async () => {
    await saveAccount(
      db,
      { email: " Clerk@Cedarport.gov ", password: PASSWORD, role: "staff", services: ["b", "a", "a"] },
      t0,
    );
    expect(await findAccount(db, "CLERK@cedarport.gov")).toMatchObject({
      email: "clerk@cedarport.gov",
      services: ["a", "b"],
    });
    await expect(
      saveAccount(db, { email: "x@cedarport.gov", password: "short", role: "staff", services: [] }, t0),
    ).rejects.toThrow("at least 12");
    await expect(
      saveAccount(db, { email: "not an address", password: PASSWORD, role: "staff", services: [] }, t0),
    ).rejects.toThrow("not an e-mail address");
  });

  it("lock after five wrong passwords for a quarter of an hour, then sign in again", async () => {
    await saveAccount(
      db,
      { email: "clerk@cedarport.gov", password: PASSWORD, role: "staff", services: [] },
      t0,
    );
    for (let i = 1; i < MAX_FAILED_LOGINS; i++)
      expect(await signIn(db, { email: "clerk@cedarport.gov", password: "wrong" }, t0)).toEqual({
        ok: false,
        reason: "wrong",
      });
    const locked = await signIn(db, { email: "clerk@cedarport.gov", password: "wrong" }, t0);
    expect(locked).toMatchObject({ ok: false, reason: "locked" });
    expect(
      await signIn(db, { email: "clerk@cedarport.gov", password: PASSWORD }, new Date(t0.getTime() + 60_000)),
    ).toMatchObject({
      reason: "locked",
    });
    const later = new Date(t0.getTime() + LOCK_MINUTES * 60_000 + 1);
    expect(await signIn(db, { email: "clerk@cedarport.gov", password: PASSWORD }, later)).toMatchObject({
      ok: true,
    });
  });

  it("a right password resets the count; a disabled account signs in no more", async () => {
    await saveAccount(
      db,
      { email: "clerk@cedarport.gov", password: PASSWORD, role: "staff", services: [] },
      t0,
    );
    for (let i = 1; i < MAX_FAILED_LOGINS; i++)
      await signIn(db, { email: "clerk@cedarport.gov", password: "wrong" }, t0);
    expect(await signIn(db, { email: "clerk@cedarport.gov", password: PASSWORD }, t0)).toMatchObject({
      ok: true,
    });
    expect(await signIn(db, { email: "clerk@cedarport.gov", password: "wrong" }, t0)).toEqual({
      ok: false,
      reason: "wrong",
    });
    await disableAccount(db, "clerk@cedarport.gov", t0);
    expect(await signIn(db, { email: "clerk@cedarport.gov", password: PASSWORD }, t0)).toEqual({
      ok: false,
      reason: "wrong",
    });
  });

  it("with a second factor, need a fresh code after the password; a used code does not work twice", async () => {
    const sealer = createFieldCipher(randomBytes(32).toString("base64"));
    const secret = newTotpSecret();
    await saveAccount(
      db,
      { email: "two@cedarport.gov", password: PASSWORD, role: "staff", services: [], totpSecret: secret },
      t0,
      sealer,
    );
    expect(await findAccount(db, "two@cedarport.gov")).toMatchObject({ twoStep: true });
    const base = { email: "two@cedarport.gov", password: PASSWORD };
    expect(await signIn(db, base, t0, sealer)).toEqual({ ok: false, reason: "code" });
    const code = totpCode(secret, t0);
    expect(await signIn(db, { ...base, password: "wrong", code }, t0, sealer)).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(await signIn(db, { ...base, code: code === "000000" ? "111111" : "000000" }, t0, sealer)).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(await signIn(db, { ...base, code }, t0, sealer)).toMatchObject({ ok: true });
    expect(await signIn(db, { ...base, code }, t0, sealer)).toEqual({ ok: false, reason: "wrong" });
    // A phone 30 seconds slow still works, once the next step comes.
    const later = new Date(t0.getTime() + 60_000);
    expect(
      await signIn(
        db,
        { ...base, code: totpCode(secret, new Date(later.getTime() - 30_000)) },
        later,
        sealer,
      ),
    ).toMatchObject({ ok: true });
  });

  it("open their own services; an administrator opens every one", () => {
    expect(mayOpen({ role: "staff", services: ["a"] }, "a")).toBe(true);
    expect(mayOpen({ role: "staff", services: ["a"] }, "b")).toBe(false);
    expect(mayOpen({ role: "admin", services: [] }, "b")).toBe(true);
  });
});

describe("accounts of the identity provider's people", () => {
  let db: Database;
  const t0 = new Date("2026-11-26T15:00:00Z");
  const clerk = "clerk@cedarport.gov";
  beforeEach(async () => {
    db = await openSqlite(":memory:");
    await migrate(db);
  });
  afterEach(() => db.close());

  it("need no password, and no password signs in to one", async () => {
    await saveAccount(db, { email: clerk, password: null, role: "staff", services: [] }, t0);
    expect(await findAccount(db, clerk)).toMatchObject({ hasPassword: false, identityLinked: false });
    for (const password of ["", "!", PASSWORD])
      expect(await signIn(db, { email: clerk, password }, t0)).toEqual({ ok: false, reason: "wrong" });
    await expect(
      saveAccount(
        db,
        { email: clerk, password: null, role: "staff", services: [], totpSecret: newTotpSecret() },
        t0,
        createFieldCipher(randomBytes(32).toString("base64")),
      ),
    ).rejects.toThrow("two-step sign-in is for passwords");
  });

  it("link the first subject that signs in, refuse another, and link again once forgotten", async () => {
    await saveAccount(db, { email: clerk, password: null, role: "staff", services: ["pets"] }, t0);
    const first = await identitySignIn(db, { email: "Clerk@Cedarport.gov", subject: "s-1" });
    expect(first).toMatchObject({ ok: true, linked: true, account: { email: clerk, services: ["pets"] } });
    expect(await identitySignIn(db, { email: clerk, subject: "s-1" })).toMatchObject({
      ok: true,
      linked: false,
    });
    expect(await identitySignIn(db, { email: clerk, subject: "s-2" })).toEqual({
      ok: false,
      reason: "other-subject",
    });
    // `add` again (new services) keeps the link.
    await saveAccount(db, { email: clerk, password: null, role: "staff", services: ["dogs"] }, t0);
    expect(await findAccount(db, clerk)).toMatchObject({ identityLinked: true, services: ["dogs"] });
    expect(await forgetIdentity(db, clerk)).toBe(true);
    expect(await identitySignIn(db, { email: clerk, subject: "s-2" })).toMatchObject({
      ok: true,
      linked: true,
    });
    expect(await forgetIdentity(db, "nobody@cedarport.gov")).toBe(false);
  });

  it("refuse an address without an account, and a disabled account without linking it", async () => {
    expect(await identitySignIn(db, { email: "nobody@cedarport.gov", subject: "s" })).toEqual({
      ok: false,
      reason: "no-account",
    });
    await saveAccount(db, { email: clerk, password: null, role: "staff", services: [] }, t0);
    await disableAccount(db, clerk, t0);
    expect(await identitySignIn(db, { email: clerk, subject: "s" })).toEqual({
      ok: false,
      reason: "disabled",
    });
    expect(await findAccount(db, clerk)).toMatchObject({ identityLinked: false });
  });
});

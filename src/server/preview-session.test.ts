import { describe, expect, it } from "vitest";
import { PREVIEW_HOURS, previewSessions, sameSecret } from "./preview-session";

const sessions = (secrets: string[], secure = false) => previewSessions({ secrets, secure });
const sent = (setCookie: string) => setCookie.split(";")[0] ?? "";

describe("preview session", () => {
  const secret = "s3cret";
  const now = Date.parse("2026-11-23T12:00:00Z");
  const end = now + PREVIEW_HOURS * 3_600_000;

  it("is valid until it expires", async () => {
    const preview = sessions([secret]);
    const cookie = sent(await preview.start(now));
    expect(await preview.holds(cookie, now)).toBe(true);
    expect(await preview.holds(cookie, end - 1)).toBe(true);
    expect(await preview.holds(cookie, end)).toBe(false);
  });

  it("is an HttpOnly, site-wide cookie for 8 hours, Secure over https", async () => {
    expect(await sessions([secret]).start(now)).toMatch(
      /^preview_session=[^;]+; Max-Age=28800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(await sessions([secret], true).start(now)).toMatch(/; HttpOnly; Secure; SameSite=Lax$/);
  });

  it("refuses a forged, extended or foreign session", async () => {
    const preview = sessions([secret]);
    const cookie = sent(await preview.start(now));
    const signature = cookie.slice(cookie.lastIndexOf("."));
    const later = sent(await sessions(["not ours"]).start(now + 1_000_000));
    expect(await preview.holds(`${later.slice(0, later.lastIndexOf("."))}${signature}`, now)).toBe(false);
    expect(await preview.holds(later, now)).toBe(false);
    expect(await sessions(["other secret"]).holds(cookie, now)).toBe(false);
    expect(await preview.holds("preview_session=9999999999999.forged", now)).toBe(false);
    expect(await preview.holds("preview_session=e2e-draft-token", now)).toBe(false);
    expect(await preview.holds(undefined, now)).toBe(false);
  });

  it("still holds when signed with the previous secret", async () => {
    const cookie = sent(await sessions(["old"]).start(now));
    expect(await sessions(["new", "old"]).holds(cookie, now)).toBe(true);
    expect(await sessions(["new"]).holds(cookie, now)).toBe(false);
  });

  it("does not carry the secret", async () => {
    expect(await sessions([secret]).start(now)).not.toContain(secret);
  });

  it("compares secrets exactly", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abd", "abc")).toBe(false);
    expect(sameSecret("ab", "abc")).toBe(false);
    expect(sameSecret(["abc"], "abc")).toBe(false);
    expect(sameSecret("", "")).toBe(false);
  });
});

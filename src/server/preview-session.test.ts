import { describe, expect, it } from "vitest";
import { isPreviewSession, PREVIEW_HOURS, previewSession, sameSecret } from "./preview-session";

describe("preview session", () => {
  const secret = "s3cret";
  const now = Date.parse("2026-11-23T12:00:00Z");

  it("is valid until it expires", () => {
    const session = previewSession(secret, now);
    expect(isPreviewSession(session, secret, now)).toBe(true);
    expect(isPreviewSession(session, secret, now + PREVIEW_HOURS * 3_600_000 - 1)).toBe(true);
    expect(isPreviewSession(session, secret, now + PREVIEW_HOURS * 3_600_000)).toBe(false);
  });

  it("refuses a forged, extended or foreign session", () => {
    const session = previewSession(secret, now);
    const [payload, signature] = session.split(".");
    expect(isPreviewSession(`${Number(payload) + 1_000_000}.${signature}`, secret, now)).toBe(false);
    expect(isPreviewSession(session, "other secret", now)).toBe(false);
    expect(isPreviewSession("e2e-draft-token", secret, now)).toBe(false);
    expect(isPreviewSession(undefined, secret, now)).toBe(false);
  });

  it("does not carry the secret", () => {
    expect(previewSession(secret, now)).not.toContain(secret);
  });

  it("compares secrets exactly", () => {
    expect(sameSecret("abc", "abc")).toBe(true);
    expect(sameSecret("abd", "abc")).toBe(false);
    expect(sameSecret("ab", "abc")).toBe(false);
    expect(sameSecret(["abc"], "abc")).toBe(false);
    expect(sameSecret("", "")).toBe(false);
  });
});

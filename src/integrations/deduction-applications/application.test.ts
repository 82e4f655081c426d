import { describe, expect, it } from "vitest";
import { APPLICATION_STATUSES, isApplicationStatus, normalizeApplicationReference } from "./application";

describe("normalizeApplicationReference", () => {
  it("ignores case, spaces and dashes", () => {
    expect(normalizeApplicationReference(" hmtr-4kca ")).toBe("HMTR4KCA");
    expect(normalizeApplicationReference("HMTR 4KCA")).toBe("HMTR4KCA");
  });

  it("is null for what cannot be a reference", () => {
    expect(normalizeApplicationReference("")).toBeNull();
    expect(normalizeApplicationReference("  ")).toBeNull();
    expect(normalizeApplicationReference("AB")).toBeNull();
    expect(normalizeApplicationReference("HMTR4KCA'; --")).toBeNull();
  });
});

describe("application statuses", () => {
  it("are the five of the status tool, Received first", () => {
    expect(APPLICATION_STATUSES).toEqual([
      "Received",
      "In review",
      "Approved",
      "Denied",
      "Needs information",
    ]);
    expect(isApplicationStatus("Approved")).toBe(true);
    expect(isApplicationStatus("approved")).toBe(false);
    expect(isApplicationStatus(undefined)).toBe(false);
  });
});

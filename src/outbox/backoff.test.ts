import { describe, expect, it } from "vitest";
import { retryDelay } from "./backoff";

describe("retryDelay", () => {
  const policy = { baseMs: 1_000, capMs: 60_000 };
  const middle = () => 0.5;

  it("doubles with each attempt", () => {
    expect([1, 2, 3, 4].map((a) => retryDelay(a, policy, middle))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });

  it("never waits longer than the cap, however many attempts", () => {
    expect(retryDelay(7, policy, middle)).toBe(60_000);
    expect(retryDelay(10_000, policy, middle)).toBe(60_000);
  });

  it("spreads retries by at most 20 % either way", () => {
    expect(retryDelay(3, policy, () => 0)).toBe(3_200);
    expect(retryDelay(3, policy, () => 0.999_999)).toBe(4_800);
  });
});

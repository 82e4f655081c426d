import { afterEach, describe, expect, it, vi } from "vitest";

/** requirements.ts read afresh with CI as given (it reads CI once, when loaded). */
async function requirementsWith(ci: string | undefined) {
  vi.resetModules();
  vi.stubEnv("CI", ci);
  return import("./requirements");
}

describe("what an integration suite needs", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("fails a suite whose need is missing in CI, naming what is missing", async () => {
    const { required } = await requirementsWith("true");
    expect(() => required(false, "PostgreSQL is not reachable", "the PostgreSQL tests")).toThrow(
      /PostgreSQL is not reachable: the PostgreSQL tests must run in CI/,
    );
    expect(required(true, "PostgreSQL is not reachable", "the PostgreSQL tests")).toBe(true);
  });

  it("skips it with a warning on a developer's machine", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    for (const ci of [undefined, "", "false"]) {
      const { required } = await requirementsWith(ci);
      expect(required(false, "No production build", "the server tests")).toBe(false);
    }
    expect(warn).toHaveBeenCalledTimes(3);
    expect(warn.mock.calls[0]?.[0]).toContain("No production build: the server tests SKIPPED");
  });
});

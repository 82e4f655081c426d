import { describe, expect, it } from "vitest";
import { cachedQueries } from "./cached-queries";
import type { ContentQueries } from "./queries";

describe("cached content queries", () => {
  it("asks once per content version and arguments, and again after a failure", async () => {
    let calls = 0;
    let fail = false;
    let version = "1";
    const base = {
      topic: async (slug: string) => {
        calls++;
        if (fail) throw new Error("down");
        return { slug } as never;
      },
    } as unknown as ContentQueries;
    const q = cachedQueries(base, async () => version);
    await q.topic("a");
    await q.topic("a");
    await q.topic("b");
    expect(calls).toBe(2);
    version = "2";
    await q.topic("a");
    expect(calls).toBe(3);
    fail = true;
    version = "3";
    await expect(q.topic("a")).rejects.toThrow("down");
    fail = false;
    expect(await q.topic("a")).toEqual({ slug: "a" });
    expect(calls).toBe(5);
  });
});

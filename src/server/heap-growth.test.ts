import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { limitHeapGrowth } from "./heap-growth";

/**
 * The largest heap a process reaches while it keeps ~40 MB alive and churns through objects that
 * live long enough to reach the old generation (a window of 250,000 of them), as a loaded server's
 * requests do; with or without the growth limit set first, in a process of its own.
 */
const MODULE = new URL("./heap-growth.ts", import.meta.url).href;

function peakHeapMb(limited: boolean): number {
  const script = `
    ${limited ? `const { limitHeapGrowth } = await import(${JSON.stringify(MODULE)}); limitHeapGrowth([]);` : ""}
    globalThis.live = Array.from({ length: 400 }, (_, i) => "x".repeat(100_000) + i);
    const window = new Array(250_000);
    let peak = 0;
    for (let i = 0; i < 1_500_000; i++) {
      window[i % window.length] = { i, text: "request " + i, list: [i, i + 1, i + 2] };
      if (i % 10_000 === 0) peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    process.stdout.write(String(Math.round(peak / 1048576)));
  `;
  const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    encoding: "utf8",
  });
  return Number(out);
}

describe("limitHeapGrowth", () => {
  it("leaves a growth rate the operator chose alone", () => {
    expect(limitHeapGrowth(["--heap-growing-percent=100"])).toBe(false);
    expect(limitHeapGrowth(["--heap_growing_percent=50"])).toBe(false);
  });

  it("keeps the heap near what is alive where V8 would let garbage pile up", () => {
    const free = peakHeapMb(false);
    const limited = peakHeapMb(true);
    expect(limited).toBeLessThan(free * 0.75);
  }, 60_000);
});

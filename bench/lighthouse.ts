import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { CHROMIUM_ARGS } from "../playwright.config";

/** Lighthouse (mobile, the default form factor) on one URL: the four category scores, 0–100. */
export function lighthouse(url: string): Record<string, number> {
  const out = `data/lighthouse-${Date.now()}.json`;
  // The full browser (Lighthouse needs it, not the headless shell the tests use), without a window.
  const flags = ["--headless=new", ...CHROMIUM_ARGS].map((a) => (a.includes(" ") ? `"${a}"` : a)).join(" ");
  const run = spawnSync(
    "npx",
    [
      "lighthouse",
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      `--chrome-flags=${flags}`,
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      stdio: ["ignore", "ignore", "pipe"],
      timeout: 120_000,
    },
  );
  if (run.status !== 0) throw new Error(`lighthouse failed: ${run.stderr?.toString().slice(0, 500)}`);
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: Record<string, { score: number | null }>;
  };
  rmSync(out, { force: true });
  return Object.fromEntries(
    Object.entries(report.categories).map(([k, v]) => [k, Math.round((v.score ?? 0) * 100)]),
  );
}

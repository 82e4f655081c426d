import { defineConfig } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium headless shell (never a downloaded browser) against the production
 * build, served on its own port with a fresh database.
 */
const PORT = Number(process.env.E2E_PORT ?? 3111);
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
  "--disable-features=AutofillServerCommunication,OptimizationHints,MediaRouter,Translate",
];

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  // Two, in CI too: the tests mostly wait (page loads, the server), and the suite must stay within
  // CI's 30 minutes as services are added. The machine has two cores.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell",
      args: CHROMIUM_ARGS,
    },
    trace: "off",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: `rm -rf data/e2e && NODE_ENV=production PORT=${PORT} HOST=127.0.0.1 DATA_DIR=data/e2e DRAFT_TOKEN=e2e-draft-token RATE_LIMIT_SCALE=100 node build/server/main.js`,
    // Ready: search index and every service's browser bundle built (src/server/app.ts).
    url: `http://127.0.0.1:${PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

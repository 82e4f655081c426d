import type { Config } from "@react-router/dev/config";

// Framework mode with server rendering: every page is HTML from the first byte and works without
// JavaScript; the client bundle hydrates it and only enhances.
export default {
  appDirectory: "src/app",
  ssr: true,
  buildDirectory: "build",
  // The whole route manifest is small: send it with the page, so moving between workflow screens
  // never waits for /__manifest.
  routeDiscovery: { mode: "initial" },
} satisfies Config;

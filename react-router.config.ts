import type { Config } from "@react-router/dev/config";

// Framework mode with server rendering: every page is HTML from the first byte and works without
// JavaScript; the client bundle hydrates it and only enhances.
export default {
  appDirectory: "src/app",
  ssr: true,
  buildDirectory: "build",
} satisfies Config;
